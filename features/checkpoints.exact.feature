Feature: Checkpoints of the working tree are exact and never touch the user's git state
  As a developer whose repository is sacred
  I want every checkpoint to capture the whole working tree and restore it byte for byte
  So that going back to a decision never loses or damages anything of mine

  Background:
    Given a git repository with files:
      | path              | content                  |
      | README.md         | # demo\n                 |
      | src/app.py        | print('v1')\n            |
      | docs/read me.txt  | spaces in the name\n     |
      | données/été.txt   | unicode in the name\n    |
      | .gitignore        | build/\n*.log\n          |
    And an executable file "run.sh" containing "#!/bin/sh\necho run\n" committed
    And a symlink "latest" pointing to "src/app.py" committed
    And a binary file "blob.bin" with every byte value committed
    And an ignored file "build/out.o" containing "object code"
    And an untracked file "notes.txt" containing "my own notes"
    And a staged change to "README.md" of "# demo, staged\n"
    And a stash entry and a second branch

  Scenario: A checkpoint restores content, modes, symlinks, deletions and new files
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change  | path             | value             |
      | write   | src/app.py       | print('v2')\n     |
      | chmod-x | run.sh           |                   |
      | relink  | latest           | README.md         |
      | delete  | docs/read me.txt |                   |
      | write   | new/file.txt     | created later\n   |
      | write   | blob.bin         | not binary now    |
      | delete  | notes.txt        |                   |
      | write   | build/out.o      | rebuilt           |
      | write   | debug.log        | ignored log       |
    And I restore the checkpoint "start"
    Then the working tree equals the checkpoint "start" byte for byte
    And the file "new/file.txt" does not exist
    And the file "build/out.o" contains "rebuilt"
    And the file "debug.log" contains "ignored log"

  Scenario: Creating and restoring checkpoints leaves index, HEAD, refs, stash and reflogs alone
    Given I record the user's git state
    And a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value          |
      | write  | src/app.py | print('v3')\n  |
      | delete | README.md  |                |
    And a checkpoint "changed" of the working tree
    And I restore the checkpoint "start"
    Then the user's git state is byte for byte what it was
    And the checkpoint refs are under "refs/cleveragents/"
    And every checkpoint is reachable from the plan's ref

  Scenario: Ignored files are never captured
    Given a checkpoint "start" of the working tree
    Then the checkpoint "start" does not contain "build/out.o"
    And the checkpoint "start" contains "notes.txt"
    And the checkpoint "start" contains "docs/read me.txt"

  Scenario: The next checkpoint re-hashes only what changed, through a private index
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value          |
      | write  | src/app.py | print('v4')\n  |
    And a checkpoint "next" of the working tree
    Then the changed paths from "start" to "next" are "src/app.py"
    And the working tree has one private index inside the git directory

  Scenario: Files ignored at the checkpoint survive a restore after their .gitignore was deleted
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value     |
      | delete | .gitignore |           |
      | write  | fresh.txt  | created\n |
    And a checkpoint "no rules" of the working tree
    And I restore the checkpoint "start"
    Then the file "build/out.o" contains "object code"
    And the file "fresh.txt" does not exist
    And the file ".gitignore" contains "build/"

  # A checkpoint after a write, edit or delete reads only the path the action named; after a
  # command it scans the whole tree. CLEVERAGENTS_PROPERTY_SEED replays an example (the seed
  # is printed on stderr; CI uses a fixed one).
  Scenario: A checkpoint that reads only what an action changed holds what a full scan would
    When random actions are taken on random repositories, with a checkpoint after each
    Then every checkpoint's tree is the one a scan of the whole working tree gives
