Feature: A file system that refuses a write ends in one clear line, never a crash
  As a developer whose file is immutable (a backup tool set `chattr +i`) or whose disk is full
  I want the command to stop with one line naming the path and what to do (exit 3)
  So that nothing is left half done for good, and I can still look at my plans meanwhile

  Background:
    Given the plan file "plan.yaml":
      """
      task: t
      steps:
        - name: one
          options:
            - actions:
                - write: a.txt
                  content: "agent a1\n"
        - name: two
          options:
            - actions:
                - run: sh -c 'head -c 1200000 /dev/urandom > big.bin; echo cmd > b.txt; mkdir -p d; echo x > d/x'
        - name: three
          options:
            - actions:
                - write: c.txt
                  content: "three\n"
      """

  Scenario: a correction that cannot remove an immutable file stops with exit 3; the views read
    Given a git repository with files:
      | path     | content |
      | base.txt | base\n  |
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And the file "d/x" is made immutable
    When I run "agents plan correct --mode=revert --decision 4 --guidance again --yes --no-execute"
    Then the exit code is 3
    And stderr is one line containing "d/x: operation not permitted; operation 2 (correct) stopped partway"
    When I run "agents plan ops"
    Then the exit code is 0
    And stderr is one line containing "could not settle operation 2 (correct), which stopped partway"
    And stdout contains "correct"
    When I run "agents plan show"
    Then the exit code is 0
    And stdout contains "completed"
    When I run "agents plan tree"
    Then the exit code is 0
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing "chattr -i"
    When the file "d/x" is made mutable again
    And I run "agents plan ops"
    Then the exit code is 0
    And the file "b.txt" holds exactly "cmd\n"
    And the file "c.txt" holds exactly "three\n"

  Scenario: a run that fills the disk stops with exit 3, the views read, and the resume owns its writes
    Given a git repository on a file system of 3m of its own, with files:
      | path     | content |
      | base.txt | base\n  |
    When I run "agents plan run --script {tmp}/plan.yaml --quiet"
    Then the exit code is 3
    And stderr is one line containing "no space left on device"
    When I run "agents plan ops"
    Then the exit code is 0
    When I run "agents plan list"
    Then the exit code is 0
    When its file system is given 20m
    And I run "agents plan resume"
    Then the exit code is 0
    And stdout does not contain "your edits"
    And the file "c.txt" holds exactly "three\n"
