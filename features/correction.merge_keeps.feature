Feature: A correction with --merge never drops a line the user wrote between decisions
  As a developer who adds to a file while an agent keeps adding to it
  I want `plan correct --merge` to undo only the agent's lines
  So that my line is kept, or the file is named as a conflict left, never lost in silence

  # Step 1 appends agent-1 to log.txt and makes it executable, step 2 writes two.txt, step 3 appends agent-3. The
  # run stops after step 1 (a budget of 2 calls); the user edits log.txt; resume ends it.
  Background:
    Given these steps, built once per process and copied for each scenario:
      '''
      Given a git repository with files:
        | path    | content         |
        | log.txt | start\nmiddle\n |
      And the plan file "plan.yaml":
        """
        task: Log lines
        steps:
          - name: one
            options:
              - actions:
                  - run: echo agent-1 >> log.txt && chmod 755 log.txt
          - name: two
            options:
              - actions:
                  - write: two.txt
                    content: "two\n"
          - name: three
            options:
              - actions:
                  - run: echo agent-3 >> log.txt
        """
      When I run "agents plan run --script {tmp}/plan.yaml --budget-calls 2 --quiet"
      Then the exit code is 4
      '''

  Scenario: A line the user put away from the agent's is kept; the agent's are undone
    Given I change "log.txt" to "user-top\nstart\nmiddle\nagent-1\n"
    And I have run "agents plan resume --budget-calls 30 --quiet"
    When I run "agents plan correct --mode=revert --decision 2 -g g --merge --no-execute --json"
    Then the exit code is 0
    And the file "log.txt" holds exactly "user-top\nstart\nmiddle\n"
    And the file "log.txt" has mode 644
    And the file "two.txt" does not exist

  Scenario: A line the user appended next to the agent's is kept, the file named a conflict
    Given I change "log.txt" to "start\nmiddle\nagent-1\nuser-1\n"
    And I have run "agents plan resume --budget-calls 30 --quiet"
    When I run "agents plan correct --mode=revert --decision 2 -g g --merge --no-execute --json"
    Then the exit code is 3
    And the JSON value "conflicts_left" contains "log.txt"
    And the file "log.txt" contains "user-1"
    And the file "two.txt" does not exist
