Feature: Restores, ref moves and ignore checks made in-process do exactly what git does
  As a developer whose repository is sacred
  I want the shortcuts that make restores and checkpoints fast to do what git itself would
  So that speed never costs a byte, a mode, a link, a lock, a reflog or an ignored file

  # A restore writes its files in-process, moves a plan's ref in-process and tells in-process
  # that git ignores no part of a path an agent writes; each falls back to git where it is not
  # sure. These scenarios check the results against git itself.

  Background:
    Given a git repository with files:
      | path        | content         |
      | README.md   | # demo\n        |
      | src/app.py  | print('v1')\n   |
      | .gitignore  | build/\n*.log\n |
    And an executable file "run.sh" containing "#!/bin/sh\necho run\n" committed
    And a symlink "latest" pointing to "src/app.py" committed

  Scenario: A restore right after a checkpoint writes content, modes, links and deletions
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change  | path         | value           |
      | write   | src/app.py   | print('v2')\n   |
      | chmod-x | run.sh       |                 |
      | relink  | latest       | README.md       |
      | delete  | README.md    |                 |
      | write   | new/deep.txt | created later\n |
      | write   | debug.log    | ignored log     |
      | write   | gone/a.txt   | created later\n |
      | write   | keep/b.txt   | created later\n |
      | write   | keep/run.log | ignored log     |
    And a checkpoint "changed" of the working tree
    And I restore the checkpoint "start" right after that checkpoint
    Then the working tree equals the checkpoint "start" byte for byte
    And the folder "new" does not exist
    And the folder "gone" does not exist
    And the file "debug.log" contains "ignored log"
    And the file "keep/run.log" contains "ignored log"
    And the restore saved nothing
    And the private index holds the tree of the checkpoint "start"
    And git fsck --strict finds nothing wrong

  Scenario: A file with a hard link elsewhere is replaced, not rewritten: the link keeps its bytes
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
    And a hard link outside the working tree to "src/app.py"
    And I restore the checkpoint "start"
    Then the working tree equals the checkpoint "start" byte for byte
    And the hard link outside the working tree holds "print('v2')\n"
    And the file "src/app.py" has no other link

  Scenario: A restore leaves as it is a file that holds the checkpoint's bytes, whatever its timestamps say
    # The scan lists, without reading them, a file whose timestamps changed (run.sh) and
    # those whose index entries have none (the last restore wrote them). Each holds the
    # checkpoint's bytes, so it stays as it is: its inode, its hard link elsewhere, its
    # timestamps (builds and editors go by them), its permission bits (untouched, not even
    # set again: the file may be another user's).
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
      | write  | README.md  | # changed\n   |
    And a checkpoint "changed" of the working tree
    And I restore the checkpoint "start" in a new command
    And a hard link outside the working tree to "README.md"
    And the mode of "README.md" is 0600
    And "run.sh" is touched
    And the inode and timestamps of every file are noted
    And a new command starts
    And I restore the checkpoint "start" as an operation does
    Then the working tree equals the checkpoint "start" byte for byte
    And no file's inode or timestamps changed
    And the private index holds the tree of the checkpoint "start"

  Scenario: A file changed after the checkpoint makes the in-step restore refuse, writing nothing
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
      | write  | README.md  | # changed\n   |
    And a checkpoint "changed" of the working tree
    And the working tree is changed in every way:
      | change | path       | value          |
      | write  | src/app.py | print('mine')\n |
    Then restoring the checkpoint "start" right after that checkpoint is refused
    And the file "src/app.py" contains "print('mine')"
    And the file "README.md" contains "# changed"

  Scenario: Checkpoints whose objects and refs git packed restore exactly, and the ref moves on
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
      | delete | README.md  |               |
    And a checkpoint "changed" of the working tree
    And git packs every object and every ref of the repository
    And I restore the checkpoint "start" in a new command
    Then the working tree equals the checkpoint "start" byte for byte
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v3')\n |
    And a checkpoint "after" of the working tree
    Then the plan's ref points at the checkpoint "after" after the checkpoint "changed"
    And git fsck --strict finds nothing wrong

  Scenario: A sha256 repository checkpoints and restores in-process too
    Given a sha256 git repository with a file "src/app.py" containing "print('v1')\n"
    And a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
      | write  | more.txt   | more\n        |
    And a checkpoint "changed" of the working tree
    And I restore the checkpoint "start" right after that checkpoint
    Then the working tree equals the checkpoint "start" byte for byte
    And the private index holds the tree of the checkpoint "start"
    And git fsck --strict finds nothing wrong

  Scenario: A ref another command holds locked is not moved, and the lock stays
    Given a checkpoint "start" of the working tree
    And the lock file of the plan's ref exists
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
    Then a checkpoint of the working tree is refused naming the lock file
    And the lock file of the plan's ref still exists
    And the plan's ref is still at the checkpoint "start"

  Scenario: A reflog the user's settings keep for every ref gets each move of the plan's ref
    Given the repository setting "core.logAllRefUpdates" is "always"
    And a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
    And a checkpoint "changed" of the working tree
    Then the plan's ref has a reflog of 2 entries

  Scenario: The in-process answer that git ignores no part of a path never contradicts git
    When random ignore rules and paths are checked against git check-ignore
    Then every path said not to be ignored is not ignored by git

  Scenario: The in-process reading of the private index never contradicts git
    When random files are added to an index, and random entries asked of it in-process
    Then it never says the index holds what git does not list, and finds every plain entry

  Scenario: The in-process writing of the private index writes the bytes git writes
    # A restore gives the private index its entries in-process (git's start-up was most of
    # a one-file restore). Where that does not mirror git exactly, git is asked instead.
    When random entries are given to random indexes, by git and in-process
    Then each index written in-process holds the very bytes git wrote

  Scenario Outline: A file changed within the second the index was written is still seen as changed after an in-process write
    # The new index is written later than the entry's file: a reader would trust its
    # timestamps, and take the file for unchanged. Such an entry keeps no size, as git's does
    # when git finds the file changed, so that the file is read again.
    Given "notes.txt" was rewritten <later> s after the second the index was written in
    When the index is given the entry of "src/other.py" in-process
    Then git still finds "notes.txt" changed

    Examples:
      | later |
      | 0     |
      | 1     |

  Scenario: With the file data of files git added, the in-process writing writes the bytes git writes
    Given every file is older than the index
    When git and the in-process writing each give a copy of the index the entry of "src/new.py"
    Then the two copies hold the same bytes

  Scenario Outline: An index the in-process writing does not mirror git for is left to git
    When an index with <case> is given a <mode> entry of "<path>" in-process
    Then the index is left as it was, for git to write

    Examples:
      | case                   | mode   | path          |
      | format 4               | 100644 | src/new.py    |
      | an untracked cache     | 100644 | src/new.py    |
      | an end of entries      | 100644 | src/new.py    |
      | a conflict             | 100644 | c             |
      | a lock file            | 100644 | src/new.py    |
      | a damaged checksum     | 100644 | src/new.py    |
      | its end cut off        | 100644 | src/new.py    |
      | more entries counted than it holds | 100644 | src/new.py |
      | over 256 KB of entries | 100644 | src/new.py    |
      | nothing unusual        | 100664 | src/new.py    |
      | nothing unusual        | 40000  | src           |
      | nothing unusual        | 100644 | .git/hooks/x  |
      | nothing unusual        | 100644 | a/./b         |
      | nothing unusual        | 100644 | a//b          |
      | nothing unusual        | 100644 | .GIT          |
      | nothing unusual        | 100644 | git~1/x       |
      | nothing unusual        | 100644 | b/.gitmodules |
      | nothing unusual        | 120000 | gitmod~1      |
      | nothing unusual        | 120000 | a/gi7eba~1    |
      | nothing unusual        | 100644 | a\\b          |

  Scenario: After a restore the index holds its tree exactly, and the next restore puts back a file written meanwhile
    # The restore gives the private index the checkpoint's own entries and writes its files
    # (no file is read back), so the index holds the restored tree exactly. A file someone
    # writes as the restore ends differs from the index's entry (which has no timestamps), so
    # the next restore's scan finds it and puts it back.
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
      | write  | README.md  | # changed\n   |
    And a checkpoint "changed" of the working tree
    And I restore the checkpoint "start" while "src/app.py" is written again meanwhile
    Then the private index holds the tree of the checkpoint "start"
    When I restore the checkpoint "start"
    Then the working tree equals the checkpoint "start" byte for byte
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v3')\n |
    And I restore the checkpoint "start"
    Then the working tree equals the checkpoint "start" byte for byte

  Scenario: A step put back to its own checkpoint asks git only what differs from the index
    # The private index holds the checkpoint a restore goes back to (a step whose command
    # failed is put back to the checkpoint taken before it): `diff-files` lists every file
    # that differs from the index, without reading the checkpoint's trees. Entries a restore
    # wrote have no timestamps, so the second round lists them too.
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change  | path         | value           |
      | write   | src/app.py   | print('v2')\n   |
      | chmod-x | run.sh       |                 |
      | relink  | latest       | README.md       |
      | delete  | README.md    |                 |
      | write   | new/deep.txt | created later\n |
      | write   | debug.log    | ignored log     |
    And I restore the checkpoint "start", noting the git commands
    Then the working tree equals the checkpoint "start" byte for byte
    And the file "debug.log" contains "ignored log"
    And the restore asked git "diff-files", not "diff-index"
    And the private index holds the tree of the checkpoint "start"
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v3')\n |
      | write  | README.md  | # changed\n   |
    And I restore the checkpoint "start", noting the git commands
    Then the working tree equals the checkpoint "start" byte for byte
    And the restore asked git "diff-files", not "diff-index"

  Scenario: A step put back to its own checkpoint leaves the private index file as it is
    # The index holds that checkpoint already, so the restore writes the files and not the
    # index (at 10,000 files its write was a git process of its own, 8 of a 50 ms restore).
    # The entries keep the old timestamps of the bytes written: a change made at once after,
    # of the same size, is still seen by the next checkpoint.
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path         | value           |
      | write  | src/app.py   | print('v2')\n   |
      | delete | README.md    |                 |
      | write  | new/deep.txt | created later\n |
    And the private index file is noted
    And I restore the checkpoint "start" as an operation does
    Then the working tree equals the checkpoint "start" byte for byte
    And the private index file is as it was
    And the private index holds the tree of the checkpoint "start"
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v3')\n |
    And a checkpoint "again" of the working tree
    Then the checkpoint "again" holds "print('v3')\n" in "src/app.py"

  Scenario: A restore reads the ignore rules along the folders of the files it spares, listing no tree
    # Only the `.gitignore` files of a file's folders and those above them decide whether git
    # ignores it: they are read from the trees along its path, not found in a listing of
    # every file of the checkpoint (at 10,000 files a git process and 10,000 names).
    When the working tree is changed in every way:
      | change | path            | value      |
      | write  | logs/.gitignore | *.tmp\n    |
      | write  | logs/keep.tmp   | scratch\n  |
      | write  | docs/.gitignore | *.txt\n    |
    And a checkpoint "start" of the working tree
    And the working tree is changed in every way:
      | change | path            | value      |
      | delete | logs/.gitignore |            |
      | write  | logs/new.txt    | created\n  |
      | write  | fresh/deep/x.md | created\n  |
    And a checkpoint "no rules" of the working tree
    And I restore the checkpoint "start", noting the git commands
    Then the file "logs/keep.tmp" contains "scratch"
    And the file "logs/new.txt" does not exist
    And the folder "fresh" does not exist
    And the file "logs/.gitignore" contains "*.tmp"
    And the restore did not ask git "ls-tree"
    # Packed trees are not read here: git lists them, and the same files are spared.
    When the working tree is changed in every way:
      | change | path            | value      |
      | delete | logs/.gitignore |            |
      | write  | logs/new.txt    | created\n  |
    And a checkpoint "no rules again" of the working tree
    And git packs every object and every ref of the repository
    And a new command starts
    And I restore the checkpoint "start", noting the git commands
    Then the file "logs/keep.tmp" contains "scratch"
    And the file "logs/new.txt" does not exist
    And the restore asked git "ls-tree", not "read-tree"

  Scenario: Checkpoints of one command list the user's index once while it stays as it is
    # With the ignore rules changed since the plan's start, each checkpoint matches the
    # files the user does not track against the start's rules: which ones those are is read
    # from the user's index once, and again only after git wrote that index anew.
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value             |
      | write  | .gitignore | build/\n          |
      | write  | notes.txt  | mine\n            |
      | write  | debug.log  | ignored at first\n |
    And a new command starts
    And checkpoints "a, b" of the working tree are taken, noting the git commands
    Then the user's index was listed once
    And the checkpoint "b" contains "notes.txt"
    And the checkpoint "b" does not contain "debug.log"
    When the user adds "debug.log" to their index
    And checkpoints "c" of the working tree are taken, noting the git commands
    Then the user's index was listed once
    And the checkpoint "c" contains "debug.log"
    When the user's index is deleted
    And checkpoints "d" of the working tree are taken, noting the git commands
    Then the user's index was listed once
    And the checkpoint "d" does not contain "debug.log"
    And the checkpoint "d" contains "notes.txt"

  Scenario: Two plans in one command: a checkpoint of known paths of one leaves unknown what the index holds for the other
    # The private index held plan-b's newest tree when plan-a's checkpoint journalled its
    # entry: a restore to plan-b's checkpoint must compare with that checkpoint's tree (the
    # second reader's example: diff-files against the moved index left src/app.py as v3).
    Given a checkpoint "a0" of the working tree for the plan "plan-a"
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
    And a checkpoint "b0" of the working tree for the plan "plan-b"
    And these paths change and a checkpoint "a1" of the plan "plan-a" reads only them:
      | change | path       | value         |
      | write  | src/app.py | print('v3')\n |
    And I restore the checkpoint "b0", noting the git commands
    Then the working tree equals the checkpoint "b0" byte for byte
    And the restore asked git "diff-index", not "diff-files"

  Scenario: A restore to another checkpoint than the index holds, or in a new command, compares with its tree
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
    And a checkpoint "changed" of the working tree
    And the working tree is changed in every way:
      | change | path      | value       |
      | write  | README.md | # changed\n |
    And I restore the checkpoint "start", noting the git commands
    Then the working tree equals the checkpoint "start" byte for byte
    And the restore asked git "diff-index", not "diff-files"
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v3')\n |
    And a new command starts
    And I restore the checkpoint "start", noting the git commands
    Then the working tree equals the checkpoint "start" byte for byte
    And the restore asked git "diff-index", not "diff-files"

  Scenario: A restore whose private index another git locked meanwhile names the lock and writes nothing
    # The index's new entries are written before the files: where git's lock file stands in
    # the way, git is asked, and says so in its words. No file is written, and the entries
    # leave the journal again, so the next command finds the index as it was.
    Given a checkpoint "start" of the working tree
    When the working tree is changed in every way:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
      | write  | README.md  | # changed\n   |
    And a checkpoint "changed" of the working tree
    And I restore the checkpoint "start" while another git holds the private index locked
    Then the restore failed, naming "worktree.index.lock" and saying what to do
    And the working tree equals the checkpoint "changed" byte for byte
    When the other git is done with the private index
    And a new command opens the private index
    Then the private index holds the tree of the checkpoint "changed"
    And the journal of the private index is empty
    When I restore the checkpoint "start"
    Then the working tree equals the checkpoint "start" byte for byte

  Scenario: The end of a journal record a killed command was writing never reaches the private index
    # A checkpoint of known paths journals the index's new entries, which the next command
    # gives git. A command killed while appending leaves the end of a record with no NUL:
    # git would take it as the entry of a shortened path ("src/ap"), and keep it.
    Given a checkpoint "a0" of the working tree for the plan "plan-a"
    When these paths change and a checkpoint "a1" of the plan "plan-a" reads only them:
      | change | path       | value         |
      | write  | src/app.py | print('v2')\n |
    And the journal of the private index ends with a record cut short after "src/ap"
    And a new command opens the private index
    Then the private index holds the tree of the checkpoint "a1"
    And the journal of the private index is empty
    When these paths change and a checkpoint "a2" of the plan "plan-a" reads only them:
      | change | path       | value         |
      | write  | src/app.py | print('v3')\n |
    And a new command opens the private index
    Then the private index holds the tree of the checkpoint "a2"

  Scenario: A restore swaps a folder for a link standing at its place, and back
    # The files under the folder leave the index without git looking through the link
    # (git refused that before: "beyond a symbolic link", after the files were written).
    Given a symlink "b" pointing to "README.md" committed
    And a checkpoint "link" of the working tree
    When "b" becomes a folder holding "b/in"
    And a checkpoint "folder" of the working tree
    And I restore the checkpoint "link" as an operation does
    Then the working tree equals the checkpoint "link" byte for byte
    And the private index holds the tree of the checkpoint "link"
    When I restore the checkpoint "folder" as an operation does
    Then the working tree equals the checkpoint "folder" byte for byte
    And the private index holds the tree of the checkpoint "folder"

  Scenario: A file that became a folder comes back in a correction's restore, the folder's files saved
    # The folder stands in the way of the file and goes first. Its files were looked at
    # before it went: the restore must not trust what it saw of them (safety.property,
    # seed 1314265743, found a restore reading such a file after it had gone).
    Given a checkpoint "start" of the working tree
    When "README.md" becomes a folder holding "README.md/notes"
    And a checkpoint "folder" of the working tree
    And I restore the checkpoint "start" right after that checkpoint
    Then the working tree equals the checkpoint "start" byte for byte
    And the private index holds the tree of the checkpoint "start"
