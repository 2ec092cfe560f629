Feature: What no checkpoint holds of a Claude Code call is said, never lost, never invented
  As a developer who corrects a Claude Code session
  I want every call whose effects no checkpoint holds said so on its line and marked for a
  correction, and no other call marked
  So that a correction across it names what stays before it restores anything

  # Each example: a call's action (with or without what it does outside the tree) and the
  # nested repositories it left that the checkpoint after it leaves out (refs git cannot
  # read, or no commit), names with control characters among them.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (200 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Each repository left is named, the call marked irreversible exactly then
    When random finished calls are judged for what no checkpoint holds
    Then each is marked irreversible exactly when something stays, each repository named
