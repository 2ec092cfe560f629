Feature: No config a hook tool agents does not know loads from my tree is open to the model
  As a developer whose pre-commit hook runs a tool agents has no table for (markdownlint-cli2,
  cspell, sqlfluff, check-manifest ...), which loads a config of my tree by its own convention
  I want that config refused to the model
  So that my next `git commit` runs nothing the model planted

  # Each example makes a real program of a random name agents does not know, outside the
  # tree on PATH, that sources a config of the tree by a random convention of its own; the
  # hook runs it by a random form (bare, `cd sub &&`, `exec`, `env`, `timeout`, a tree
  # script), the user's own `git commit` runs it, and each config that ran must be judged
  # host-run. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (6 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every config a hook's unknown tool loads is refused
    When my hook runs a random tool agents has no table for, and the user commits
    Then every config that tool loaded was refused to the model
