Feature: A correction keeps the mode I set after the agent's chmod, as it keeps my edits
  As a developer who narrows a file's mode after the agent's command changed it
  I want a correction to treat my mode as my edit: a conflict asked about, kept with --mine
  So that a correction never widens a mode I set without saying so (attack 11, finding 7)

  # The run's command chmods b.txt to 600 (no checkpoint records that: the command's save
  # holds 644); the user then sets 640. Before: the correction put 644 back, silently.
  Background:
    Given a git repository with files:
      | path  | content |
      | b.txt | b\n     |
    And the plan file "plan.yaml":
      """
      task: Lock it
      steps:
        - name: lock
          options:
            - actions:
                - run: chmod 600 b.txt
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And I make "b.txt" mode 640

  Scenario: My mode is a conflict: refused with no choice, kept with --mine
    When I run "agents plan correct --mode=revert --decision 2 -g other --no-execute --yes"
    Then the exit code is 3
    And stderr contains "1 file you changed since the agent's last checkpoint would be overwritten: b.txt"
    And the file "b.txt" has mode 640
    When I run "agents plan correct --mode=revert --decision 2 -g other --no-execute --yes --mine"
    Then the exit code is 0
    And stdout contains "conflicts (changed by you and by the agent): 1"
    And the file "b.txt" has mode 640

  Scenario: --theirs puts back the mode from before the agent's command
    When I run "agents plan correct --mode=revert --decision 2 -g other --no-execute --yes --theirs"
    Then the exit code is 0
    And the file "b.txt" has mode 644
