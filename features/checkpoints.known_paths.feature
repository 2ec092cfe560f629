Feature: A checkpoint after a file action reads only the paths it named, and holds what a scan would
  As a developer whose plan writes one file per step in a large repository
  I want the checkpoint after a write, edit or delete to cost what that file costs
  So that a long plan stays quick, with every checkpoint still exactly my working tree

  # After `write`, `edit` or `delete` the changed paths are known: the checkpoint is the last
  # one with those entries replaced, built in-process with no scan. Wherever `git add` would
  # record something other than the file system says, it scans instead. The random version of
  # this is the property in checkpoints.exact.feature.

  Background:
    Given a git repository with files:
      | path              | content                  |
      | README.md         | # demo\n                 |
      | src/app.py        | print('v1')\n            |
      | docs/read me.txt  | spaces in the name\n     |
      | .gitattributes    | *.py eol=crlf filter=up\n |
      | .gitignore        | build/\n*.log\n          |
    And an executable file "run.sh" containing "#!/bin/sh\necho run\n" committed
    And a symlink "latest" pointing to "src/app.py" committed

  Scenario Outline: <what>
    Given the git setting "<setting>" is "<value>"
    And the git setting "filter.up.clean" is "tr a-z A-Z"
    And a checkpoint "start" of the working tree
    When these paths change and a checkpoint "after" reads only them:
      | change   | path   | value   |
      | <change> | <path> | <bytes> |
    Then the checkpoint "after" is what a scan of the whole working tree gives
    And git finds every object of the checkpoints sound

    Examples:
      | what                                                      | setting         | value   | change  | path                  | bytes              |
      | a file under eol and clean-filter rules keeps its bytes    | core.fileMode   | true    | write   | src/app.py            | print('v2')\r\nx\n |
      | a new file in new folders                                 | core.fileMode   | true    | write   | src/new/deeper/x.txt  | new\n              |
      | the last file of a folder deleted drops the folder        | core.fileMode   | true    | delete  | docs/read me.txt      |                    |
      | a removed executable bit                                  | core.fileMode   | true    | chmod-x | run.sh                |                    |
      | a link made                                               | core.fileMode   | true    | link    | to-readme             | README.md          |
      | a folder where the action named a path                    | core.fileMode   | true    | folder  | made                  | inside\n           |
      | a folder where the tree holds a file                      | core.fileMode   | true    | swap    | README.md/x.txt       | now a folder\n     |
      | git ignores the executable bit (core.fileMode=false)      | core.fileMode   | false   | chmod-x | run.sh                |                    |
      | links stored as files (core.symlinks=false)               | core.symlinks   | false   | write   | src/app.py            | v3\n               |
      | names that differ only in case (core.ignoreCase=true)     | core.ignoreCase | true    | write   | README.md             | # Demo\n          |
      | no core.fileMode set at all                               | core.fileMode   | (unset) | write   | src/app.py            | v4\n               |

  Scenario: A file action through a link to a folder is read by a scan
    Given a symlink "src-link" pointing to "src" committed
    And a checkpoint "start" of the working tree
    When these paths change and a checkpoint "after" reads only them:
      | change | path           | value  |
      | write  | src-link/b.txt | b\n    |
    Then the checkpoint "after" is what a scan of the whole working tree gives

  Scenario: The private index catches up on a checkpoint a killed command built in-process
    # The deleted README.md must leave the private index: otherwise, written again though
    # ignored, it would look tracked, and the next scan would capture the ignored file.
    Given a checkpoint "start" of the working tree
    When these paths change and a checkpoint "after" reads only them:
      | change | path      | value |
      | delete | README.md |       |
    And the command ends before its private index caught up
    And "README.md" is ignored and written again as "ignored now"
    And a checkpoint "scanned" of the working tree
    Then the checkpoint "scanned" does not contain "README.md"

  Scenario Outline: In a shared repository (<value>, umask <umask>) an object folder made here has the bits git gives its own
    # Group members' git writes objects into the folders a checkpoint makes: one made 2700
    # where git makes 2770 shut them out of the object database.
    Given the git setting "core.sharedRepository" is "<value>"
    And the umask is <umask>
    And a checkpoint "start" of the working tree
    And the folders of the object database are noted
    When these paths change and a checkpoint "after" reads only them:
      | change | path        | value    |
      | write  | new/a.txt   | one\n    |
      | write  | new/b.txt   | two\n    |
      | write  | new/c/d.txt | three\n  |
    Then each object folder made since has the bits <bits>, as git gives a folder it makes

    Examples:
      | value     | umask | bits |
      | group     | 077   | 2770 |
      | group     | 022   | 2775 |
      | true      | 077   | 2770 |
      | all       | 077   | 2775 |
      | everybody | 027   | 2775 |
      | 0640      | 022   | 2750 |
      | 0660      | 077   | 2770 |
      | 0600      | 022   | 0700 |
      | 0700      | 077   | 0700 |
      | 2         | 077   | 2775 |
      | umask     | 077   | 0700 |
      | false     | 022   | 0755 |
