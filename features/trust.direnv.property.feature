Feature: No file the model may write runs through what my allowed .envrc loads
  As a developer whose tracked `.envrc` (allowed with `direnv allow`) sources a file of my
  tree, loads a `.env`, or climbs to the `.envrc` above it
  I want every tree file the model may write to be one direnv never loads from it
  So that my next shell prompt in the tree runs nothing the model planted

  # Each example writes an `.envrc` drawn from the common forms, allows it with the real
  # direnv, and draws a file from a pool; when agents lets the model write that file, a
  # canary is written there and direnv's prompt hook runs in the tree: no canary may run.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (20 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: No file the model may write runs when direnv loads the tree's environment
    When the user's allowed .envrc loads files of the tree, and the user's prompt runs
    Then no file the model may write ran
