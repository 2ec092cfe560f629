Feature: Undo and a correction keep a mode I set after the agent's command, on folders and new files
  As a developer who narrows a folder or a new file's mode after the agent's command
  I want undo and a correction to take my mode as my edit: a conflict asked about, kept with --mine
  So that neither widens my folder nor deletes a file I changed, without saying so (attack 12, finding 9)

  # The command opens the folder d (777) and makes n.sh (755); then I set d to 700 and n.sh
  # to 700. No tree records either mode. Before: undo and the correction, even with --mine,
  # gave d 755 and deleted n.sh, saying nothing of either.
  Background:
    Given a git repository with files:
      | path | content |
      | d/x  | x\n     |
    And the plan file "plan.yaml":
      """
      task: Open the folder, add a script
      steps:
        - name: open
          options:
            - actions:
                - run: chmod 777 d && printf 'echo\n' > n.sh && chmod 755 n.sh
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And I make "d" mode 700
    And I make "n.sh" mode 700

  Scenario: Undo asks about both; --mine keeps my modes and my file
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing "would be overwritten: d, n.sh"
    When I run "agents plan undo --yes --mine"
    Then the exit code is 0
    And the folder "d" has mode 700
    And the file "n.sh" has mode 700

  Scenario: A correction with --mine keeps them; with --theirs they go back
    When I run "agents plan correct --mode=revert --decision 2 -g other --no-execute --yes --mine"
    Then the exit code is 0
    And stdout lists "n.sh" under "conflicts (changed by you and by the agent)"
    And the folder "d" has mode 700
    And the file "n.sh" has mode 700
    When I run "agents plan undo --yes"
    And I run "agents plan correct --mode=revert --decision 2 -g other --no-execute --yes --theirs"
    Then the exit code is 0
    And the folder "d" has mode 755
    And the file "n.sh" does not exist
