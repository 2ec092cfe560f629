Feature: No file the model may write runs through what my git hook runs
  As a developer whose `.git/hooks/pre-commit` runs `exec sh scripts/check.sh`, changes into
  a folder first, sources a file, runs `python3 -m lint`, `make lint`, or is no shell script
  I want every tree file the model may write to be one my hook never runs
  So that my next `git commit` runs nothing the model planted

  # Each example writes a pre-commit hook drawn from the common hand-written forms and draws
  # a file from a pool; when agents lets the model write that file, a canary is written
  # there and the user's git commit runs the hook: no canary may run.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (20 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: No file the model may write runs when git runs the hook
    When the user's pre-commit hook runs files of the tree, and the user commits
    Then no file the model may write ran

  # Each example: a tower of anchors L levels high and W wide in a lefthook or pre-commit
  # config (features/support/hook_configs_property.py).
  Scenario: A config of aliases is read in bounded time: past the bound as the whole tree
    When hook manager configs of nested aliases are read
    Then each ended in time: past the bound as the whole tree, else as written without aliases
