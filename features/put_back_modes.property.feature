Feature: No mode a command gives what it planted keeps it from the put-back
  As a developer who runs agents as myself, not root
  I want what a command planted where my git, vim or Claude Code runs it taken back even when
  the command made its folder read-only or the file unreadable
  So that a `chmod 555` neither ends agents with an error nor leaves the model's fsmonitor

  # Each example: a command plants a nested repository with an fsmonitor, a `.claude`
  # setting, a `.mcp.json` and an `.exrc` in `a/b`, then random `chmod`s of the folders and
  # files; the real look and put-back run by `nobody` in a forked process
  # (features/support/put_back_modes_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (8 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever modes the command gives, nothing it planted stays and each folder keeps its mode
    When random chmods follow a command's plantings, as a user not root
    Then nothing planted stands, and each folder has the mode the command gave it

  # My folders `u0` and `u0/v` of random modes (000, 100, 300, 311, 500, 555, 700, 711,
  # 755), each with a file: the real `agents plan run` of a command that removes both files,
  # then `agents plan undo`, run by `nobody`. git's `add --all` left a folder it cannot
  # list out of every checkpoint, and the command lost the file for good (top29).
  Scenario: Whatever modes my folders have, undo brings back my files in them and their modes
    When a command removes my files from my folders of random modes, then I undo it, not root
    Then undo brought back each file with its bytes, and each folder with its mode
