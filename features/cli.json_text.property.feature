Feature: A --json document's text is the one json.dumps writes, for any value
  As a developer whose scripts read what `agents ... --json` prints
  I want the documents written by the CLI's own faster writer to be exactly json's text
  So that `plan tree --json` of a large plan is quicker and not one byte different

  # `CLEVERAGENTS_PROPERTY_EXAMPLES` sets how many random values (300); the seed is printed
  # and `CLEVERAGENTS_PROPERTY_SEED` replays it.

  # The same text is what visible_json escapes as its regular expression alone did.
  Scenario: Any value's text from json_text is json.dumps' with an indent of two
    Then any value's JSON text is the one json.dumps writes
