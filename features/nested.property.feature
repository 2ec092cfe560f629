Feature: A nested repository a restore moves aside comes back whole
  As a developer whose agent made a nested repository that a rollback then moved aside
  I want undo to bring it back exactly, its .git included
  So that moving it out of the way never loses a byte of it

  # Each example: a real nested repository with random files (names like `.git`,
  # `.GIT~cleveragents`, `git~cleveragents`, deep folders, modes, symlinks, any bytes),
  # saved whole into the safety record, removed, then put back (see
  # features/support/nested_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (25 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A nested repository saved whole and put back is byte for byte what it was
    When random nested repositories are saved whole, removed and put back
    Then each came back byte for byte with its modes, and is a repository again
