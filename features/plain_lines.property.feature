Feature: A line written without rich is the one rich writes there, for any text
  As a developer whose scripts read what `agents` prints to a pipe
  I want the lines it writes without rich to be exactly the ones rich would write
  So that a refusal or a quiet run starts without rich and prints the same bytes

  # `CLEVERAGENTS_PROPERTY_EXAMPLES` sets how many random texts (50); the seed is printed
  # and `CLEVERAGENTS_PROPERTY_SEED` replays it.

  Scenario: Any text a pipe gets from show, printed, note and error_line is rich's
    Then any line a pipe gets is the one rich writes there

  # `plan show`, `plan list` and `plan decision` write their tables to a pipe without rich
  # (cli.startup.feature): the same characters, for any cells.
  Scenario: Any table a pipe gets from table and key_values is rich's
    Then any table a pipe gets is the one rich draws there
