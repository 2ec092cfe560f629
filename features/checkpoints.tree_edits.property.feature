Feature: A restore's few paths are edited into a checkpoint's tree in-process, as git would
  As a developer correcting one file of an agent's work in a large repository
  I want the tree a correction restores to be made without a scratch index of every file
  So that a one-file correction costs what one file costs, with the very tree git makes

  # A correction restores only the paths the superseded subtree changed: the tree it goes
  # back to is the current one with those paths set to the checkpoint's entries. Through
  # git that is `read-tree`, `update-index` and `write-tree` on a scratch index, each
  # reading or writing an entry for every file (30 ms at 10,000 files, three times in a
  # correction); in-process only the trees along the changed paths are read and written.

  Scenario: Editing a few paths of a tree starts no git process and makes git's tree
    Given a git repository with files:
      | path              | content     |
      | README.md         | # demo\n    |
      | src/app.py        | v1\n        |
      | src/lib/util.py   | util\n      |
      | docs/guide.md     | guide\n     |
    When the committed tree is edited in-process, noting the git commands:
      | path            | change                  |
      | src/app.py      | the content "v2\n"      |
      | src/lib/util.py | removed                 |
      | new/deep/x.txt  | the content "created\n" |
    Then the edit asked git nothing
    And the edited tree is the one git makes through a scratch index

  Scenario: Random edits of random trees make the very tree git makes
    When random paths of random trees are edited in-process and by git
    Then every tree edited in-process is the one git wrote, or git refused both
