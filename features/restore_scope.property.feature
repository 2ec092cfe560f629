Feature: A restore never removes what it says it keeps
  As a developer who makes files and folders where an agent's command removed others
  I want every path a restore lists as kept (and, with --mine, as a conflict) to stand after
  it exactly as before
  So that "kept" is never said of something the restore removes

  # Each example: a random target tree and working tree over a few short names (a path is a
  # file or a folder, so a file of one may stand where a folder of the other is), random
  # paths the agent changed and the user changed; the restore applied as git edits a tree.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (200 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: What a restore keeps, and with --mine its conflicts, stands after it as before
    When restores are grouped and applied on random trees with the user's things in the way
    Then every path grouped as kept stands as it stood
