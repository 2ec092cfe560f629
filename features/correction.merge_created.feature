Feature: A --merge correction skips what the agent made and removed again
  As a developer who writes a file the agent had made and removed before
  I want `plan correct --merge` to undo only the agent's later change to it
  So that my file is merged, not left whole as a conflict

  # Step 1 writes note.txt, step 2 removes it, step 3 appends agent-3 to it. The run stops
  # after step 2 (a budget of 4 calls); the user writes note.txt; resume ends it.
  Scenario: The file the agent made and removed, then the user wrote, keeps only the user's
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: Notes
      steps:
        - name: one
          options:
            - actions:
                - run: echo agent-1 > note.txt
        - name: two
          options:
            - actions:
                - run: rm note.txt
        - name: three
          options:
            - actions:
                - run: echo agent-3 >> note.txt
      """
    When I run "agents plan run --script {tmp}/plan.yaml --budget-calls 4 --quiet"
    Then the exit code is 4
    Given I change "note.txt" to "user-1\n"
    And I have run "agents plan resume --budget-calls 30 --quiet"
    When I run "agents plan correct --mode=revert --decision 2 -g g --merge --no-execute --json"
    Then the exit code is 0
    And the file "note.txt" holds exactly "user-1\n"
