Feature: A correction brings back a file of mine that an agent's command deleted
  As a developer who makes files while a plan is stopped, then lets it go on
  I want a correction to undo what the agent's commands did to my files
  So that a file of mine a command deleted comes back, not lost for good

  Scenario: A file the user made while the plan was stopped, deleted by a command, comes back
    Given a git repository with files:
      | path  | content |
      | a.txt | base\n  |
    And the plan file "plan.yaml":
      """
      task: Write a.txt, then clean up
      steps:
        - name: one
          options:
            - actions:
                - write: a.txt
                  content: "agent\n"
        - name: two
          options:
            - actions:
                - run: rm mine.txt
      """
    When I run "agents plan run --script {tmp}/plan.yaml --budget-calls 2 --quiet"
    Then the exit code is 4
    Given I change "mine.txt" to "mine\n"
    When I run "agents plan resume --budget-calls 30 --quiet"
    Then the exit code is 0
    And the file "mine.txt" does not exist
    When I run "agents plan correct --mode=revert --decision 2 -g g --yes --no-execute"
    Then the exit code is 0
    And stdout contains "restored (the agent's changes undone): 2"
    And stdout contains "  mine.txt"
    And the file "mine.txt" holds exactly "mine\n"
    And the file "a.txt" holds exactly "base\n"
