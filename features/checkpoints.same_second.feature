Feature: A change made within the second of a checkpoint, to the same size, its mtime kept, is seen
  As a developer whose plan's commands copy files with `cp -p`, `rsync -a`, `tar x` or `touch -r`
  I want each checkpoint to hold what the file holds, however quickly the command follows the last
  So that undo and correction put back my bytes, not skip a change git did not notice

  # git compares a file's times to the whole second (Debian's git is built without USE_NSEC),
  # and its racily-clean check looks at the mtime only: a file rewritten to the same size
  # within the second its index entry was taken, its mtime put back, has the same size, mtime
  # and ctime second as the entry, and `git add` skipped it. The private index now makes each
  # entry whose ctime is that recent lose its size, so the next scan reads the file again.
  # Each scenario starts at the beginning of a second, so the whole of it runs within one.

  Background:
    Given a git repository with files:
      | path  | content  |
      | u.txt | user1\n  |
      | v.txt | other\n  |
    And a new second of the clock has just begun

  Scenario: The command's change after the checkpoint is in the next one
    Given "u.txt" is rewritten to "user2\n" with its mtime put back to 1500000000
    And a checkpoint "before" of the working tree
    When "u.txt" is rewritten to "AGENT!" with its mtime put back to 1500000000
    And a checkpoint "after" of the working tree
    Then the checkpoint "before" holds "user2\n" in "u.txt"
    And the checkpoint "after" holds "AGENT!" in "u.txt"

  Scenario: Three checkpoints in one second each see the change before them
    Given a checkpoint "first" of the working tree
    When "u.txt" is rewritten to "USER2\n" with its mtime put back to 1500000000
    And a checkpoint "second" of the working tree
    And "u.txt" is rewritten to "USER3\n" with its mtime put back to 1500000000
    And "v.txt" is rewritten to "OTHER\n" with its mtime put back to 1500000000
    And a checkpoint "third" of the working tree
    Then the checkpoint "second" holds "USER2\n" in "u.txt"
    And the checkpoint "third" holds "USER3\n" in "u.txt"
    And the checkpoint "third" holds "OTHER\n" in "v.txt"

  Scenario: A command's plain write is left to git's own check, the index not rewritten
    # Its mtime is as recent as its ctime: git reads it again as racily clean. Rewriting
    # the private index after every scan for it cost a third of a checkpoint at 10,000 files.
    Given a checkpoint "first" of the working tree
    When "u.txt" is rewritten to "USER2\n" as a command writes it
    And a checkpoint "second" of the working tree
    Then the private index still has the size of "u.txt", as git wrote it
    When "u.txt" is rewritten to "USER3\n" as a command writes it
    And a checkpoint "third" of the working tree
    Then the checkpoint "second" holds "USER2\n" in "u.txt"
    And the checkpoint "third" holds "USER3\n" in "u.txt"

  Scenario Outline: The same under the user's <setting> = <value>, which asks for another index
    Given the repository's git config sets "<setting>" to "<value>"
    And "u.txt" is rewritten to "user2\n" with its mtime put back to 1500000000
    And a checkpoint "before" of the working tree
    When "u.txt" is rewritten to "AGENT!" with its mtime put back to 1500000000
    And a checkpoint "after" of the working tree
    Then the checkpoint "after" holds "AGENT!" in "u.txt"
    And the private index is of format 2 with no extension but the cache of trees

    Examples:
      | setting                       | value |
      | feature.manyFiles             | true  |
      | index.version                 | 4     |
      | index.recordEndOfIndexEntries | true  |
      | index.recordOffsetTable       | true  |
      | core.untrackedCache           | true  |
      | core.splitIndex               | true  |

  Scenario: The same when the environment asks git for index format 4
    Given the environment says GIT_INDEX_VERSION=4
    And "u.txt" is rewritten to "user2\n" with its mtime put back to 1500000000
    And a checkpoint "before" of the working tree
    When "u.txt" is rewritten to "AGENT!" with its mtime put back to 1500000000
    And a checkpoint "after" of the working tree
    Then the checkpoint "after" holds "AGENT!" in "u.txt"
    And the private index is of format 2 with no extension but the cache of trees
