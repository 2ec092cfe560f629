Feature: A correction undoes only what the agent itself did, however many came before
  As a developer who edits files while an agent works and corrects it more than once
  I want every correction to take back only the agent's own changes
  So that the files I made or edited by hand stay mine after the second correction too

  # Decisions: 2 step one (3 writes a.txt), 4 step two (5 writes b.txt), 6 step three
  # (7 writes c.txt). The user then makes mine.txt and edits other.txt by hand.
  Background:
    Given these steps, built once per process and copied for each scenario:
      '''
      Given a git repository with files:
        | path      | content |
        | other.txt | o\n     |
      And the plan file "plan.yaml":
        """
        task: Write a.txt, b.txt and c.txt
        steps:
          - name: one
            options:
              - actions:
                  - write: a.txt
                    content: "a\n"
          - name: two
            options:
              - actions:
                  - write: b.txt
                    content: "b\n"
          - name: three
            options:
              - actions:
                  - write: c.txt
                    content: "c\n"
        """
      And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
      '''
    And I change "mine.txt" to "mine\n"
    And I change "other.txt" to "edited\n"

  Scenario: A second correction keeps the user's files the first one kept
    Given I have run "agents plan correct --mode=revert --decision 6 -g g --yes --quiet"
    When I run "agents plan correct --mode=revert --decision 4 -g g --yes --no-execute"
    Then the exit code is 0
    And stdout contains "restored (the agent's changes undone): 2"
    And stdout contains "kept (your edits, not touched): 2"
    And the file "mine.txt" holds exactly "mine\n"
    And the file "other.txt" holds exactly "edited\n"
    And the file "a.txt" holds exactly "a\n"
    And the file "b.txt" does not exist
    And the file "c.txt" does not exist

  Scenario: After an undo and a third correction, the user's files are still theirs
    Given I have run "agents plan correct --mode=revert --decision 6 -g g --yes --quiet"
    And I have run "agents plan correct --mode=revert --decision 4 -g g --yes --quiet"
    And I have run "agents plan undo --yes"
    When I run "agents plan correct --mode=revert --decision 2 -g g --yes --no-execute"
    Then the exit code is 0
    And stdout contains "restored (the agent's changes undone): 3"
    And the file "mine.txt" holds exactly "mine\n"
    And the file "other.txt" holds exactly "edited\n"
    And the file "a.txt" does not exist

  Scenario: A file the user kept over the agent's, then the agent wrote again, comes back
    Given I change "c.txt" to "my c\n"
    And I have run "agents plan correct --mode=revert --decision 6 -g g --yes --mine --quiet"
    When I run "agents plan correct --mode=revert --decision 4 -g g --no-execute"
    Then the exit code is 0
    And the file "c.txt" holds exactly "my c\n"
    And the file "b.txt" does not exist

  Scenario: A file the user changed after the agent wrote it again is a conflict
    Given I change "c.txt" to "my c\n"
    And I have run "agents plan correct --mode=revert --decision 6 -g g --yes --mine --quiet"
    And I change "c.txt" to "mine again\n"
    When I run "agents plan correct --mode=revert --decision 4 -g g --no-execute"
    Then the exit code is 3
    And stderr is one line containing "c.txt"
