Feature: What a killed command left where git or Claude Code runs goes at the next command, and only that
  As a developer whose agents may be killed while the model's command runs
  I want the next agents command to take back what the command planted where my git or
  Claude Code runs it, as the put-back after the command would have, and nothing of mine
  So that my next git status or claude runs nothing of the model's, nor after any undo

  # Each example: a real repository with the user's nested repository (a hook of theirs)
  # and the user's own `.claude` setting; a run operation of the real OperationLog in a
  # forked process, its look before the command recorded, random plantings (a nested
  # repository whose fsmonitor is a canary, a hook, a `.git` file naming a git directory
  # elsewhere, a `.claude` setting in any case, a `.mcp.json`; the repository's own `.git`
  # fsmonitor and hooks too: attack 31, F7), the process gone with no
  # word; maybe the user's own repository made after the kill. Then the real settling, the
  # user's git status everywhere, again after undo of the repair and after its redo: no
  # undo writes back what the settling took (attack 26, F3)
  # (features/support/killed_put_back_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever a killed command planted, the next command takes it back for good, and keeps mine
    When random plantings of a killed run are settled by the next command
    Then the canary never ran, mine is as it was, and no undo of the repair brings a planted byte back

  # The beat rule alone (features/support/beat_rule_property.py): random changes of the
  # killed command, then (past its last beat and the margin) random changes of mine, on
  # real files; which the settling dates after the kill. A deletion goes back, undoably:
  # nothing dates it (the user's removal of a file the command made in the same folder
  # leaves that folder as the user's removal of the path would, settle27).
  Scenario: Of what changed, the settling takes back exactly what the killed command changed
    When random changes of a killed command and then of mine are dated by the beat rule
    Then every change of the command is taken back, and every change of mine kept

  # A killed run's journal of the folders it opened (features/support/opened_journal_property.py):
  # random folder modes, each opened and journaled, the run killed (its PID since reused);
  # then maybe the user's own `chmod` or file in each. The next opening gives back the first
  # mode only to a folder untouched since (review27 R11, R12). One the killed run wrote into
  # what it journaled it would (a restore into my `500` folder) is given it back too
  # (review29 F8: its change time refused it, left `u+rwx`).
  Scenario: A killed run's opened folders get their modes back, unless I changed them since
    When random folders a killed run opened are changed by me or not, then opened again
    Then each I left untouched has its first mode back, each I changed is as I left it

  # The box's own beat (features/support/box_beat_property.py): a real writer holding the
  # lock runs a command that writes for a random time; the writer is stopped (SIGSTOP) a
  # random moment in, then SIGKILLed once the command ended or while it writes on.
  Scenario: The lock is touched while the command lives, whatever became of agents, and no longer
    When a stopped writer's command writes on for a random time and the writer is killed
    Then the lock's last touch bounds every write of the command, and ends with it
