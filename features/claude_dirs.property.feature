Feature: No Claude Code setting a command makes or changes stays in the working tree
  As a developer who lets a model run commands in my working tree
  I want every file Claude Code runs or takes permissions from put back right after it
  So that my next `claude` runs no hook and grants no permission of the model's choosing

  # Each example: a real repository with the user's own `sub/.claude` and `sub/.mcp.json`;
  # random operations on `.claude` folders (new settings, hooks, skills, edits, deletions,
  # links, a renamed or removed folder) and on `.mcp.json` files between the real `before_command` and `after_command` (see
  # features/support/claude_dirs_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever a command does to the .claude folders, only the user's settings stand
    When random commands change the .claude folders of a working tree
    Then every file Claude Code runs is the user's, and what the command wrote is kept
