Feature: Undo takes back what the operation did, and keeps what I did since
  As a developer who keeps working after an agent's run, then undoes the run
  I want the undo to put back only the files the run changed
  So that files I made or edited afterwards are never reverted or deleted without a word

  # The run writes a.txt, then its command makes b.txt, deletes gone.txt and makes tool.sh
  # executable.
  Background:
    Given a git repository with files:
      | path      | content  |
      | a.txt     | base\n   |
      | other.txt | other\n  |
      | gone.txt  | gone\n   |
      | tool.sh   | echo\n   |
    And the plan file "plan.yaml":
      """
      task: Write a.txt, then make b.txt
      steps:
        - name: one
          options:
            - actions:
                - write: a.txt
                  content: "agent\n"
        - name: two
          options:
            - actions:
                - run: printf r > b.txt && rm gone.txt && chmod 755 tool.sh
      """
    And I make "other.txt" mode 600
    And I remember the working tree as "before the run"
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And I remember the working tree as "after the run"

  Scenario: Files the user made or edited after the run, that it did not touch, stay
    Given I change "later.txt" to "later\n"
    And I change "other.txt" to "edited\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And stdout contains "restored (the operation's changes undone): 4"
    And stdout contains "kept (changed since, not by the operation): 2"
    And stdout contains "  later.txt"
    And the file "later.txt" holds exactly "later\n"
    And the file "other.txt" holds exactly "edited\n"
    And the file "a.txt" holds exactly "base\n"
    And the file "gone.txt" holds exactly "gone\n"
    And the file "b.txt" does not exist

  Scenario: A file both the run and the user changed is refused without a terminal
    Given I change "a.txt" to "mine\n"
    And I change "later.txt" to "later\n"
    And I remember the working tree as "edited"
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing "a.txt"
    And the working tree is exactly as "edited"

  Scenario Outline: A file both changed, settled with <flag>
    Given I change "a.txt" to "mine\n"
    When I run "agents plan undo --yes <flag> --json"
    Then the exit code is 0
    And the JSON value "files.conflicts" contains "a.txt"
    And the JSON value "files.restored" contains "b.txt"
    And the file "a.txt" holds exactly "<a>"
    And the file "b.txt" does not exist

    Examples:
      | flag     | a        |
      | --mine   | mine\n   |
      | --theirs | base\n   |

  Scenario: With nothing changed since, undo and redo give back the exact trees
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the working tree is exactly as "before the run"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the working tree is exactly as "after the run"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the working tree is exactly as "before the run"

  Scenario: An operation recorded before operations kept their ends undoes whole, and says so
    Given the operations were recorded before operations kept their ends
    And I change "later.txt" to "later\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And stderr contains "the whole working tree went back as before it"
    And the file "later.txt" does not exist
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "later.txt" holds exactly "later\n"

  Scenario: On a terminal, a file both changed is asked about, and the groups are shown
    Given I change "a.txt" to "mine\n"
    And I change "later.txt" to "later\n"
    When on a terminal I run "agents plan undo" answering "mine, y" in turn
    Then the exit code is 0
    And the terminal shows "would be restored (the operation's changes undone): 3"
    And the terminal shows "conflicts (changed by the operation and since): 1"
    And the terminal shows "Undo operation 1 (run"
    And the file "a.txt" holds exactly "mine\n"
    And the file "later.txt" holds exactly "later\n"
    And the file "b.txt" does not exist

  Scenario: A file both changed, merged: the markers are named and the exit code is 3
    Given I change "a.txt" to "agent\nmine\n"
    When I run "agents plan undo --yes --merge"
    Then the exit code is 3
    And stderr is one line containing "a.txt"
    And the file "a.txt" contains "<<<<<<< a.txt (yours)"
    And the file "b.txt" does not exist
