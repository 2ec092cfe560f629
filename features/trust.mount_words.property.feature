Feature: The sandbox stands an empty file only for my hook's words that may be files
  As a developer whose hooks pass messages, revisions and numbers to their programs
  (`notify-send "Task done"`, `git diff HEAD~1`, `git log -n 5`)
  I want no empty read-only file at my tree's top for such a word while a command runs,
  and every file of my tree a hook names still held read-only, and every missing word of
  a program agents cannot tell about (`./bin/tool conf`, `mytool setup`) too
  So that no junk shows in my tree, and the model cannot make a file my program runs

  # Each example writes the user's pre-commit hook (or a git alias) as a random line of a
  # program (one agents knows reads words as data, `sh`, or one it cannot tell about) and words
  # drawn from a pool whose kind (data, a missing file, a committed file) is written down by
  # hand, and reads what the sandbox binds (features/support/mount_words_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (20 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Only a hook's words that may be files stand as empty files, and every file it names is held
    When my hook passes random words to a program, and the sandbox's binds are read
    Then no data word stood as a file, and every committed file the hook names was held
