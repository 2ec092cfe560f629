Feature: Run, correct and undo never lose a byte or a mode, on random file operations
  As a developer whose uncommitted work is at stake whenever an agent's plan is corrected
  I want random repositories and random plans of file operations checked end to end
  So that any restore that changes a byte, a mode or a symlink fails the build

  # Each example: a real git repository in a random state (committed, untracked, ignored and
  # skip-worktree files, modes 0600/0640/0644/0755, symlinks, .gitattributes, core.autocrlf),
  # a random scripted plan (writes with CRLF, NUL and non-UTF-8 bytes, edits, deletes, mkdir,
  # chmod, symlinks, file <-> folder swaps), random hand edits, and the real `agents` command.
  # In each example:
  # - a correction to the first decision (--no-execute) gives back the tree before the run
  #   for every path git does not ignore, and leaves ignored paths the plan never touched;
  #   `undo` then gives back the tree after the run;
  # - after hand edits, a correction to a random active decision then `undo` gives back the
  #   tree before the correction: every byte, mode and symlink, ignored files included;
  # - the user's .git/index, HEAD and branches are byte for byte what they were.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (25 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Correct then undo gives back every byte and mode; the first decision gives back the start
    When run, correct and undo are checked on random plans of file operations
    Then every example kept every byte, mode and symlink, and the user's git state
