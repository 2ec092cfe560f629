Feature: Corrections, resumes and undos never touch a byte the agent did not write
  As a developer who edits files between an agent's decisions and corrects it again and again
  I want random sequences of runs, stops, hand edits, corrections, resumes and undos checked
  So that any command that changes a file of mine, or an undo that does not give back the
  tree as it was, fails the build

  # Each example: a real git repository, a random scripted plan whose writes, edits, deletes
  # and shell commands touch only a1.txt..a3.txt, run with a small call budget (it may stop
  # between decisions), then a random sequence of hand edits (u1.txt, u2.txt and the agent's
  # files), corrections to random live decisions (--theirs, --mine or --merge, executed or
  # not), resumes and undos, through the real `agents` command. In each example:
  # - no run, resume or correction changes u1.txt or u2.txt (bytes, mode, presence);
  # - every undo gives back the exact tree as it was before the operation it undid.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (8 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: The user's files stay theirs; every undo gives back the tree before its operation
    When runs, hand edits, corrections, resumes and undos are checked in random sequences
    Then every example kept the user's files and every undo gave back its tree
