Feature: What a checkpoint leaves out as a name git refuses is exactly what git refuses
  As a developer whose agent's commands may make `d/.GIT/x` or `git~1` folders
  I want checkpoints to leave out exactly the names git cannot hold in a tree
  So that no run or undo is wedged by one, and no file git could hold is left out

  # Each example: names made of `.git`, `git~1` in any case, dots, spaces, `:` and other
  # letters, each offered to a real git (features/support/git_names_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (40 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: git refuses a name in a tree exactly when the rule says so
    When random names are offered to git and to the rule of names git refuses
    Then git and the rule agree on every name
