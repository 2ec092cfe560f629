Feature: A name that is not UTF-8 is kept byte for byte, and quoted as git quotes it
  As a developer whose agent's commands may make any file name
  I want undo to bring back the exact bytes of a name, and piped names quoted as git's
  So that no name stops `agents`, and scripts read names as they read git's

  # Names of random bytes (no NUL, no slash), each a lone surrogate per byte that is not
  # UTF-8 as Python reads them (features/support/name_bytes_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60); CLEVERAGENTS_PROPERTY_SEED
  # replays a failure with the seed printed on stderr.

  Scenario: The store gives back every saved name's bytes, and a line shows no surrogate
    When random names are kept in the saved-files records of a decision, an operation and a correction
    Then each name reads back with its bytes, from the store and from the plan's records

  Scenario: A name is quoted as git ls-files quotes it, with core.quotePath true or false
    When random names are quoted as git quotes them
    Then each is byte for byte what git lists
