Feature: Corrections, resumes and undos never touch a byte the agent did not write
  As a developer who edits files between an agent's decisions and corrects it again and again
  I want random sequences of runs, stops, hand edits, corrections, resumes and undos checked
  So that any command that changes a file of mine, or an undo that does not give back the
  tree as it was, fails the build

  # Each example: a real git repository, a random scripted plan whose writes, edits, deletes
  # and shell commands (some in a first option that fails: rolled back) touch a1.txt..a3.txt,
  # and whose commands may delete or change u2.txt,
  # a file the user made between decisions, run with a small call budget (it may stop
  # between decisions), then a random sequence of hand edits (u1.txt, u2.txt and the agent's
  # files), corrections to random live decisions (--theirs, --mine or --merge, executed or
  # not), corrections of everything the agent did, resumes and undos (with no flag, --theirs
  # or --mine), through the real `agents` command. In each example:
  # - no run, resume or correction changes u1.txt (bytes, mode, presence);
  # - every undo takes back exactly what its operation changed: what changed since and not
  #   by it stays, a file both changed is refused without a flag (exit 3, nothing changed),
  #   and with nothing changed since the tree is exactly the one before the operation;
  # - correcting everything the agent did (--mine) gives back u1.txt and u2.txt as the user
  #   last wrote them, whatever the agent's commands did to them.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (8 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: The user's files stay theirs; every undo takes back exactly its operation's changes
    When runs, hand edits, corrections, resumes and undos are checked in random sequences
    Then every example kept the user's files and every undo gave back its tree

  # Each example: a real git repository, a plan of 2-3 steps run through Claude (a local
  # stand-in server), each step one command writing, appending to or deleting a1.txt..a3.txt,
  # while the user edits, makes or deletes any path (u1.txt, u2.txt, the agent's) as Claude
  # answers a step (its reply held back: after one decision's checkpoint, before the next
  # action); then maybe more edits, and `agents plan undo` of the run (no flag, --theirs or
  # --mine), then the undo of that undo. (The scenario above edits only between commands,
  # never while one runs: an undo that took the user's edits made during a run passed it,
  # attack 27 F5.) In each example:
  # - a path none of the run's decisions changed stays as the user left it;
  # - a path it changed that the user changed too (while it ran, or since) is a conflict;
  #   one they did not goes back as before the run;
  # - the undo of the undo gives back exactly the tree before it.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (2 by default, and two always tried).

  Scenario: An undo of a run takes back its decisions' changes, not the user's made while it ran
    When runs with hand edits between their decisions, and their undos, are checked
    Then every undo took back only what the run's decisions changed
