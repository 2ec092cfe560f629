Feature: No .git a command makes, changes or moves stays in the working tree
  As a developer who lets a model run commands in my working tree
  I want every .git it made, changed or moved put back right after the command
  So that my own git status never runs a command of its choosing, outside any sandbox

  # Each example: a real repository with a registered submodule, one not checked out, a
  # nested repository and a linked worktree inside the tree; random operations on their
  # `.git` entries, and folders made git directories of other names (HEAD, objects/, refs/;
  # `git init --bare`), between the real `before_command` and `after_command` (see
  # features/support/git_dirs_property.py), then the user's `git status` everywhere with a
  # canary fsmonitor, and no hook left in any of them.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever a command does to the .git entries, the user's git runs nothing of it
    When random commands change the .git entries of a working tree
    Then every .git is as before or new and harmless, and the canary never ran
