Feature: What I made where a restore would write is mine, never listed as kept while removed
  As a developer who makes a file where the agent's command removed a folder (or a folder
  where it removed a file), then undoes or corrects the run
  I want the restore to name the clash as a conflict, asked about like any other
  So that my file is never removed by a restore that says it kept it

  # The run's second step removes the folder d (its file d/f1) and the file f; I then make
  # a file, a folder or a link at d and f, where the restore would bring the old ones back.
  Background:
    Given these steps, built once per process and copied for each scenario:
      '''
      Given a git repository with files:
        | path  | content |
        | d/f1  | one\n   |
        | f     | eff\n   |
        | a.txt | base\n  |
      And the plan file "plan.yaml":
        """
        task: Write a.txt, then remove d and f
        steps:
          - name: one
            options:
              - actions:
                  - write: a.txt
                    content: "agent\n"
          - name: two
            options:
              - actions:
                  - run: rm -rf d && rm f
        """
      And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
      '''

  Scenario: A file I made where the run removed a folder is a conflict of undo, refused without a terminal
    Given I make the file "d" holding "USERFILE\n"
    And I make the file "f/mine" holding "mine\n"
    And I remember the working tree as "mine"
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing "d/f1"
    And the working tree is exactly as "mine"

  Scenario: Undo with --mine keeps what I made, and restores what is not in its way
    Given I make the file "d" holding "USERFILE\n"
    And I make the file "f/mine" holding "mine\n"
    When I run "agents plan undo --yes --mine --json"
    Then the exit code is 0
    And the JSON value "files.conflicts" contains "d"
    And the JSON value "files.conflicts" contains "d/f1"
    And the JSON value "files.conflicts" contains "f/mine"
    And the JSON value "files.restored" contains "a.txt"
    And the file "d" holds exactly "USERFILE\n"
    And the file "f/mine" holds exactly "mine\n"
    And the file "a.txt" holds exactly "base\n"

  Scenario: Undo with --theirs brings the run's folder and file back over what I made
    Given I make the file "d" holding "USERFILE\n"
    And I make the file "f/mine" holding "mine\n"
    When I run "agents plan undo --yes --theirs --json"
    Then the exit code is 0
    And the JSON value "files.conflicts" contains "d"
    And the file "d/f1" holds exactly "one\n"
    And the file "f" holds exactly "eff\n"

  Scenario: Undo with --merge cannot merge what stands in the way: it stays, named
    Given I make the file "d" holding "USERFILE\n"
    When I run "agents plan undo --yes --merge"
    Then the exit code is 3
    And the file "d" holds exactly "USERFILE\n"
    And the file "f" holds exactly "eff\n"

  Scenario: A correction names my folder and link in the way as conflicts, never as kept
    Given I make the file "f/mine" holding "mine\n"
    And I make "d" a link to "a.txt"
    And I remember the working tree as "mine"
    When I run "agents plan correct --mode=revert --decision 2 --no-execute --yes --guidance again"
    Then the exit code is 3
    And stderr is one line containing "f/mine"
    And the working tree is exactly as "mine"
    When I run "agents plan correct --mode=revert --decision 2 --no-execute --yes --mine --guidance again"
    Then the exit code is 0
    And stdout does not contain "kept (your edits, not touched): 2"
    And the file "f/mine" holds exactly "mine\n"
    And "d" is a link to "a.txt"
