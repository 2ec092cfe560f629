Feature: A command's changes to folder modes come back with undo, and undo says so
  As a developer who keeps a private folder (`mkdir -m700 private`) in my working tree
  I want undo of a command that chmods or removes it to give it back its mode
  So that an agent's command never leaves my private files readable by everyone

  # No checkpoint records a folder's mode: the look before each command notes every
  # folder's, and what the command changed is recorded for undo.
  Background:
    Given a git repository with files:
      | path           | content  |
      | private/a.txt  | secret\n |
      | private/in/b   | deeper\n |
      | t              | t\n      |
    And I make "private/a.txt" mode 600
    And I make "private/in" mode 750
    And I make "private" mode 700

  Scenario: chmod -R a+rwX of the tree, then undo: folders and files get their modes back
    Given the plan file "plan.yaml":
      """
      task: Open everything up
      steps:
        - name: open
          options:
            - actions:
                - run: chmod -R a+rwX private
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And the folder "private" has mode 777
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "private" has mode 700
    And the folder "private/in" has mode 750
    And the file "private/a.txt" has mode 600
    And stdout contains "put back (ignored files and modes no checkpoint holds): 4"
    And stdout contains "  private/in"

  Scenario: rm -rf of the private folder, then undo: it comes back 700, not 755
    Given the plan file "plan.yaml":
      """
      task: Remove the private folder
      steps:
        - name: remove
          options:
            - actions:
                - run: rm -rf private
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan undo --yes --json"
    Then the exit code is 0
    And the folder "private" has mode 700
    And the folder "private/in" has mode 750
    And the file "private/a.txt" has mode 600
    And the file "private/in/b" holds exactly "deeper\n"
    And the JSON value "put_back" contains "private"

  Scenario: Undo of the undo gives the command's modes back again
    Given the plan file "plan.yaml":
      """
      task: Open everything up
      steps:
        - name: open
          options:
            - actions:
                - run: chmod -R a+rwX private
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And I have run "agents plan undo --yes"
    And the folder "private" has mode 700
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "private" has mode 777
    And the folder "private/in" has mode 777

  # An empty folder holds no file a checkpoint or a saved file would name: its mode is
  # noted all the same, as those `git init` makes in a nested repository's `.git` are
  # (world-writable `refs/tags` would let anyone plant refs there).
  Scenario: chmod -R of empty folders, mine and a nested .git's, then undo: modes come back
    Given an empty folder "empty" with mode 700
    And a nested repository "vendor/lib" made by git init
    And I make "vendor/lib/.git/refs/tags" mode 755
    And the plan file "plan.yaml":
      """
      task: Open everything up
      steps:
        - name: open
          options:
            - actions:
                - run: chmod -R a+rwx empty vendor
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And the folder "empty" has mode 777
    And the folder "vendor/lib/.git/refs/tags" has mode 777
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "empty" has mode 700
    And the folder "vendor/lib/.git/refs/tags" has mode 755
    And the folder "vendor/lib/.git/branches" has mode 755
    And stdout contains "  empty"

  # No tree holds an empty folder, so no checkpoint brings one back: the look before the
  # command lists them (the same `find`), and those it removed are recorded, made again by
  # undo and by a correction, with their modes.
  Scenario: rmdir of empty folders, then undo: they come back, with their modes
    Given an empty folder "empty" with mode 700
    And an empty folder "cache/objects" with mode 755
    And the plan file "plan.yaml":
      """
      task: Tidy up
      steps:
        - name: tidy
          options:
            - actions:
                - run: rmdir empty && rm -rf cache
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    Then the folder "empty" does not exist
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "empty" has mode 700
    And the folder "cache/objects" has mode 755
    And stdout lists "empty" under "put back (ignored files and modes no checkpoint holds)"

  Scenario: A correction to before the command makes the empty folder it removed again
    Given an empty folder "empty" with mode 750
    And the plan file "plan.yaml":
      """
      task: Write, then tidy up
      steps:
        - name: write
          options:
            - actions:
                - write: a.txt
                  content: "a\n"
        - name: tidy
          options:
            - actions:
                - run: rmdir empty
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    Then the folder "empty" does not exist
    When I run "agents plan correct --mode=revert --decision 4 --guidance keep --no-execute --yes"
    Then the exit code is 0
    And the folder "empty" has mode 750
    And the file "a.txt" exists

  # The other way round: folders a command made that stand empty after the restore (no tree
  # holds them, so no checkpoint removes them) go with undo; one I put a file in stays.
  Scenario: Undo removes the empty folders a command made; undoing that makes them again
    Given the plan file "plan.yaml":
      """
      task: Make folders
      steps:
        - name: make
          options:
            - actions:
                - run: mkdir -p made/deeper mine && mkdir -m 700 closed
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And I change "mine/notes" to "mine\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "made" does not exist
    And the folder "closed" does not exist
    And the file "mine/notes" holds exactly "mine\n"
    And stdout lists "made/deeper" under "put back (ignored files and modes no checkpoint holds)"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "made/deeper" has mode 755
    And the folder "closed" has mode 700

  # A nested repository made since in a folder the command made holds files no restore
  # removes: the folder stays, and undo never refuses over it ("would remove the nested
  # repository"), as it did when it saved every made folder whole.
  Scenario: A nested repository made in a folder the command made keeps it through undo
    Given the plan file "plan.yaml":
      """
      task: Make folders
      steps:
        - name: make
          options:
            - actions:
                - run: mkdir -p made/x
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And a nested repository "made/x/repo" made by git init
    And I change "made/x/repo/f" to "r\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "made/x/repo/f" holds exactly "r\n"
    And the folder "made/x/repo/.git/refs" has mode 755

  # The command changed the mode of private/in/b, which the user removed since: a conflict;
  # with --mine the removal stands.
  Scenario: A folder I removed after the command is not claimed back by its mode
    Given the plan file "plan.yaml":
      """
      task: Open everything up
      steps:
        - name: open
          options:
            - actions:
                - run: chmod -R a+rwX private
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And I remove the folder "private/in"
    When I run "agents plan undo --yes"
    Then the exit code is 3
    When I run "agents plan undo --yes --mine"
    Then the exit code is 0
    And the folder "private" has mode 700
    And the folder "private/in" does not exist
    And stdout contains "put back (ignored files and modes no checkpoint holds): 2"

  # The working tree's top folder is one too: `chmod -R go-rwx .` or `chmod 700 .` of a
  # command changes it, and undo or a correction gives it back, listed as `.`.
  Scenario: chmod -R go-rwx . of the tree, then undo: the top folder gets its mode back
    Given I make "." mode 755
    And the plan file "plan.yaml":
      """
      task: Close the tree
      steps:
        - name: close
          options:
            - actions:
                - run: chmod -R go-rwx .
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And the folder "." has mode 700
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "." has mode 755
    And the folder "private" has mode 700
    And the file "t" has mode 644
    And stdout lists "." under "put back (ignored files and modes no checkpoint holds)"

  # A setuid or setgid bit a command gives a folder it had none on is cleared at once.
  Scenario: A special bit a command gives the top folder is cleared, and undo gives its mode back
    Given I make "." mode 750
    And the plan file "plan.yaml":
      """
      task: Mark the tree
      steps:
        - name: mark
          options:
            - actions:
                - run: chmod 6700 .
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then stdout contains "cleared setuid/setgid/sticky bits it set on ."
    And the folder "." has mode 700
    When I run "agents plan undo --yes --json"
    Then the exit code is 0
    And the folder "." has mode 750
    And the JSON value "put_back" contains "."

  # One it had stays, so the command's new ones stay too: undo takes those away.
  Scenario: Undo gives the top folder back the setgid bit it had, never a setuid bit
    Given I make "." mode 2770
    And the plan file "plan.yaml":
      """
      task: Open the tree
      steps:
        - name: open
          options:
            - actions:
                - run: chmod g-s,o+rwx . && chmod u+s .
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And the folder "." has mode 4777
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "." has mode 2770

  Scenario: A correction to before the command gives the top folder its mode back
    Given I make "." mode 755
    And the plan file "plan.yaml":
      """
      task: Write, then close the tree
      steps:
        - name: write
          options:
            - actions:
                - write: a.txt
                  content: "a\n"
        - name: close
          options:
            - actions:
                - run: chmod 700 .
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And the folder "." has mode 700
    When I run "agents plan correct --mode=revert --decision 4 --guidance stop --no-execute --yes"
    Then the exit code is 0
    And the folder "." has mode 755
    And the file "a.txt" exists
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "." has mode 700

  # The top folder is this clone's: its mode never travels with the plan's records.
  Scenario: A plan whose command changed the top folder's mode travels to another clone
    Given I make "." mode 755
    And the plan file "plan.yaml":
      """
      task: Close the tree
      steps:
        - name: close
          options:
            - actions:
                - run: chmod 700 .
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And a clone of the repository that imported the newest plan
    When I run "agents plan show"
    Then the exit code is 0
