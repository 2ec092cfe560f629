Feature: A checkpoint after a command builds its tree from the paths git added
  As a developer whose plan runs commands in a large repository
  I want the checkpoint after a command to cost one scan, not a scan and a rewrite of the index
  So that a long plan stays quick, with every checkpoint still exactly my working tree

  # After a command anything may have changed, so `git add --all` scans the working tree.
  # With `--verbose` it names each path it added or removed, and the new tree is the last
  # one with those entries read again, built in-process (no `write-tree`, which reads and
  # writes the whole index once more). git prints those names raw: a name holding a newline
  # can print a line that looks like another path's, so each line is checked against the disk
  # and the last tree, and anything doubtful is left to `write-tree`. The random version of
  # this is the property in checkpoints.exact.feature (its commands are checked there too).

  Background:
    Given a git repository with files:
      | path              | content              |
      | README.md         | # demo\n             |
      | src/app.py        | print('v1')\n        |
      | docs/read me.txt  | spaces in the name\n |
      | .gitignore        | build/\n*.log\n      |
    And an executable file "run.sh" containing "#!/bin/sh\necho run\n" committed
    And a symlink "latest" pointing to "src/app.py" committed
    And a checkpoint "start" of the working tree

  Scenario Outline: <what>
    When a command makes this change and a checkpoint "after" scans for it:
      | change   | path   | value   |
      | <change> | <path> | <bytes> |
    Then the checkpoint "after" is what a scan of the whole working tree gives
    And git was asked for the tree: <asked>
    And git listed the index: no
    And git finds every object of the checkpoints sound

    Examples:
      | what                                                 | change  | path                               | bytes         | asked |
      | a file rewritten                                     | write   | src/app.py                         | print('v2')\n | no    |
      | the last file of a folder deleted drops the folder   | delete  | docs/read me.txt                   |               | no    |
      | a new file in new folders                            | write   | src/new/deeper/x.txt               | new\n         | no    |
      | a removed executable bit                             | chmod-x | run.sh                             |               | no    |
      | a link made                                          | link    | to-readme                          | README.md     | no    |
      | quotes and spaces in a name                          | write   | it's 'quoted' .txt                 | q\n           | no    |
      | an ignored file written                              | write   | build/out.o                        | binary        | no    |
      | a name whose newline forges the line of a real file  | write   | src/app.py'\nadd 'README.md        | forged\n      | yes   |
      | a name whose newline forges a removal                | write   | x'\nremove 'gone.txt               | forged\n      | yes   |
      | a name cut in two by a newline                       | write   | two\nlines                         | x\n           | yes   |
      | a folder where the tree holds a file                 | swap    | README.md/x.txt                    | a folder\n    | yes   |
      | a nested repository                                  | nested  | vendor/lib                         | inner\n       | yes   |
      | more files than are worth building in-process        | many    | generated                          | 30            | yes   |

  # What `add` wrote is read back from the index file in-process (`index_file.py`), but
  # format 4 shortens each name against the one before: that index is listed by git.
  Scenario Outline: In an index of format 4, git lists what it added: <what>
    Given the private index is in format 4, as "feature.manyFiles" makes it
    # git rewrote the index: the next checkpoint asks git for the tree it holds
    When a command makes this change and a checkpoint "known" scans for it:
      | change | path      | value        |
      | write  | README.md | # demo, v2\n |
    And a command makes this change and a checkpoint "after" scans for it:
      | change   | path   | value   |
      | <change> | <path> | <bytes> |
    Then the checkpoint "after" is what a scan of the whole working tree gives
    And git listed the index: yes
    And git was asked for the tree: <asked>

    Examples:
      | what                                   | change | path                        | bytes         | asked |
      | a file rewritten                       | write  | src/app.py                  | print('v2')\n | no    |
      | a file deleted                         | delete | docs/read me.txt            |               | no    |

  Scenario: In an index of format 4, a forged line naming ignored files is left to git
    Given the private index is in format 4, as "feature.manyFiles" makes it
    When a command makes this change and a checkpoint "known" scans for it:
      | change | path      | value        |
      | write  | README.md | # demo, v2\n |
    And a command makes this change and a checkpoint "after" scans for it:
      | change | path                     | value    |
      | write  | x.log                    | log      |
      | write  | build/out.o              | object   |
      | write  | x.log'\nadd 'build/out.o | forged\n |
    Then the checkpoint "after" is what a scan of the whole working tree gives
    And git listed the index: yes
    And git was asked for the tree: yes

  Scenario: A checkpoint after a command with nothing changed is the last one
    When a command makes this change and a checkpoint "after" scans for it:
      | change | path       | value         |
      | write  | src/app.py | print('v1')\n |
    Then the checkpoint "after" is the checkpoint "start"
    And git was asked for the tree: no

  Scenario: The first checkpoint a command takes asks git, which names no tree it held
    When a new command starts
    And a command makes this change and a checkpoint "after" scans for it:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
    Then the checkpoint "after" is what a scan of the whole working tree gives
    And git was asked for the tree: yes

  # The trees along the changed paths are read from the object store; a clone's are packed,
  # which only git reads. Starting a git for each checkpoint's read cost as much as the rest
  # of its own work: one `cat-file --batch` answers every small read of the command.
  Scenario: Checkpoints after commands read packed trees through one git kept running
    When git packs every object and every ref of the repository
    And a new command starts
    And commands make these changes, with a checkpoint after each:
      | checkpoint | change | path             | value         |
      | first      | write  | README.md        | # demo, v2\n  |
      | second     | write  | src/app.py       | print('v2')\n |
      | third      | delete | docs/read me.txt |               |
    Then the checkpoint "third" is what a scan of the whole working tree gives
    And git was started once to read objects
    And git finds every object of the checkpoints sound

  Scenario: A forged line naming a file that changed too is left to git
    When a command makes this change and a checkpoint "after" scans for it:
      | change | path                        | value       |
      | write  | README.md                   | # changed\n |
      | write  | src/app.py'\nadd 'README.md | forged\n    |
    Then the checkpoint "after" is what a scan of the whole working tree gives
    And git was asked for the tree: yes

  Scenario Outline: A forged line naming <what> is left to git
    When a command makes this change and a checkpoint "after" scans for it:
      | change | path      | value    |
      | write  | x.log     | log      |
      | write  | <real>    | <bytes>  |
      | write  | <forging> | forged\n |
    Then the checkpoint "after" is what a scan of the whole working tree gives
    And git was asked for the tree: yes
    And git finds every object of the checkpoints sound

    Examples:
      | what                              | real          | bytes     | forging                    |
      | ignored files, present on disk    | build/out.o   | object    | x.log'\nadd 'build/out.o   |
      | a file inside the git directory   | .git/config   | (kept)    | x.log'\nadd '.git/config   |
      | a file out of the working tree    | ../outside.md | outside\n | x.log'\nadd '../outside.md |

  Scenario: A file written again after git added it is left to git, which has the bytes it added
    When a command changes "src/app.py" and writes it again after git added it for a checkpoint "after"
    Then the checkpoint "after" is what the private index holds
    And git was asked for the tree: yes
