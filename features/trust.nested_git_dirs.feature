Feature: A nested repository's git directory is read-only in the sandbox, whole
  As a developer with a vendored clone, a linked worktree or a nested checkout in my tree
  I want a model's command unable to write any of their `.git` (a `commondir`, `HEAD`, a
  `config.worktree`, the `.git` file naming the git directory), as my top `.git`
  So that the `git status` my editor or prompt runs there while the command runs, unasked,
  never runs an fsmonitor of the model's (a put-back after the command comes too late)

  # The real `agents plan run` with Claude through the stand-in Messages API, its command in
  # the real sandbox; my git is the real git on the host, run once the command has written,
  # while it waits (two FIFOs in the tree); the model's fsmonitor would touch {tmp}/canary.

  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And Claude answers through a stand-in server
    And Claude will propose the plan "look" checked by ""

  Scenario: A nested clone's commondir cannot name a git directory of the model's
    Given a nested repository "sub" with a commit
    And my git looks at "sub" outside the sandbox once the command signals
    And Claude will run, then signal my git and wait for it:
      """
      mkdir -p evil && cp -r sub/.git/objects sub/.git/refs evil/
      printf '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "touch {tmp}/canary; false"\n' > evil/config
      { echo ../../evil > sub/.git/commondir; } 2>> said.txt
      """
    When I run "agents plan run 'look' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "said.txt" contains "sub/.git/commondir: Read-only file system"
    And my git looked while the command ran, and ran no program of the model's
    And my git looking at "sub" now runs no program of the model's

  Scenario: A nested clone's HEAD and a config.worktree it reads cannot be written
    Given a nested repository "sub" with a commit
    And the nested repository "sub"'s git config sets "extensions.worktreeConfig" to "true"
    And my git looks at "sub" outside the sandbox once the command signals
    And Claude will run, then signal my git and wait for it:
      """
      { echo 'ref: refs/heads/other' > sub/.git/HEAD; } 2>> said.txt
      { printf '[core]\n\tfsmonitor = "touch {tmp}/canary; false"\n' > sub/.git/config.worktree; } 2>> said.txt
      """
    When I run "agents plan run 'look' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "said.txt" contains "sub/.git/HEAD: Read-only file system"
    And the file "said.txt" contains "sub/.git/config.worktree: Read-only file system"
    And my git looked while the command ran, and ran no program of the model's
    And my git looking at "sub" now runs no program of the model's

  Scenario: A linked worktree's .git file cannot name a git directory of the model's
    Given a linked worktree "wt2" of the repository in its tree, excluded
    And my git looks at "wt2" outside the sandbox once the command signals
    And Claude will run, then signal my git and wait for it:
      """
      mkdir -p evil && cp -r .git/objects .git/refs .git/HEAD evil/
      printf '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "touch {tmp}/canary; false"\n' > evil/config
      { echo 'gitdir: ../evil' > wt2/.git; } 2>> said.txt
      """
    When I run "agents plan run 'look' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "said.txt" contains "wt2/.git: Read-only file system"
    And my git looked while the command ran, and ran no program of the model's
    And my git looking at "wt2" now runs no program of the model's

  Scenario: A nested checkout's .git file cannot name a git directory of the model's
    Given a nested repository "vendor/x" whose git directory is ".store/x" in the tree
    And my git looks at "vendor/x" outside the sandbox once the command signals
    And Claude will run, then signal my git and wait for it:
      """
      mkdir -p evil && cp -r .store/x/objects .store/x/refs .store/x/HEAD evil/
      printf '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "touch {tmp}/canary; false"\n' > evil/config
      { rm -f vendor/x/.git; } 2>> said.txt
      { echo 'gitdir: ../../evil' > vendor/x/.git; } 2>> said.txt
      """
    When I run "agents plan run 'look' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "said.txt" contains "vendor/x/.git: Read-only file system"
    And the file "said.txt" contains "cannot remove 'vendor/x/.git'"
    And my git looked while the command ran, and ran no program of the model's
    And my git looking at "vendor/x" now runs no program of the model's

  Scenario: A folder holding a nested clone cannot be swapped for one of the model's
    # Each folder on the way to a nested `.git` is bound to itself: a mount point is not renamed.
    Given a nested repository "vendor/lib" with a commit
    And my git looks at "vendor/lib" outside the sandbox once the command signals
    And Claude will run, then signal my git and wait for it:
      """
      mkdir -p evil && cp -r vendor/lib/.git/objects vendor/lib/.git/refs vendor/lib/.git/HEAD evil/
      printf '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "touch {tmp}/canary; false"\n' > evil/config
      { mv vendor vendor.old; } 2>> said.txt
      { mv vendor/lib vendor/lib.old; } 2>> said.txt
      mkdir -p vendor/lib && { echo 'gitdir: ../../evil' > vendor/lib/.git; } 2>> said.txt
      """
    When I run "agents plan run 'look' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "said.txt" contains "cannot move 'vendor' to 'vendor.old': Device or resource busy"
    And the file "said.txt" contains "cannot move 'vendor/lib' to 'vendor/lib.old': Device or resource busy"
    And my git looked while the command ran, and ran no program of the model's
    And my git looking at "vendor/lib" now runs no program of the model's

  Scenario: Empty .git folders the model made cannot push my nested clone out of the binds
    # Attack 21 #3: in the walk's order (a folder's listing) the clone came 363rd of 2000 (here
    # 600: on the old order it is past the binds unless the listing gives it among the first 60).
    # The real repositories are bound first; the empty `.git` folders get what is left.
    Given a nested repository "vendor/lib" with a commit
    And 600 empty ".git" folders an earlier command of the model made
    And my git looks at "vendor/lib" outside the sandbox once the command signals
    And Claude will run, then signal my git and wait for it:
      """
      mkdir -p evil && cp -r vendor/lib/.git/objects vendor/lib/.git/refs vendor/lib/.git/HEAD evil/
      printf '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "touch {tmp}/canary; false"\n' > evil/config
      { echo ../../../evil > vendor/lib/.git/commondir; } 2>> said.txt
      """
    When I run "agents plan run 'look' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "said.txt" contains "vendor/lib/.git/commondir: Read-only file system"
    And my git looked while the command ran, and ran no program of the model's
    And my git looking at "vendor/lib" now runs no program of the model's
    And stderr contains "note: writable in the sandbox (past the 128 binds it gives nested git directories): z"

  Scenario: Past the bound of binds, a command that would leave a nested repository writable does not run
    # Each bind costs bwrap a read of the mount table: 128 at most. Each of these costs two:
    # its `.git` read-only, its folder bound to itself; the 65th is past the bound.
    Given 68 nested repositories made by git init
    And Claude will run "echo ran > ran.txt"
    When I run "agents plan run 'look' --allow-command '*'" with Claude
    Then the file "ran.txt" does not exist
    And stdout contains "refused: more nested repositories than the 128 binds the sandbox gives nested git directories; r64/.git, r65/.git, r66/.git and 1 more would be writable"

  Scenario: A hook I write in a nested repository while an unboxed command runs is kept, not lost
    # Attack 21 #14c: where no box held the `.git` (past the binds, --no-sandbox, Claude
    # Code's own Bash), agents cannot tell my hook from one of the command's: the put-back
    # removes it, and keeps its bytes in a commit it names.
    Given a nested repository "vendor/lib" with a commit
    And I run "printf '#!/bin/sh\necho USERHOOK\n' > vendor/lib/.git/hooks/pre-commit" in the tree on my host once the command signals
    And Claude will run, then signal my git and wait for it:
      """
      echo waiting
      """
    When I run "agents plan run 'look' --allow-command '*' --no-sandbox" with Claude
    Then the exit code is 0
    And stdout contains "put back vendor/lib/.git: changed by the command"
    And the file "vendor/lib/.git/hooks/pre-commit" does not exist
    And the commit the outcome names for what the put-back removed holds "vendor/lib/.git~cleveragents/hooks/pre-commit" with "USERHOOK"
