Feature: A restore touches only paths inside the tree, whatever a record says
  As a developer whose plan store may be damaged, or written by someone else
  I want a restore to refuse any saved path that leaves the tree or goes through a link
  So that no correction or undo deletes, writes or chmods a file outside my working tree

  # The Background's plan runs once per process; each scenario works on a fresh copy of
  # what it left (features/support/kept_setup.py).
  Background:
    Given a git repository where the plan file "plan.yaml" has run with "agents plan run --script {tmp}/plan.yaml":
      """
      task: two steps
      steps:
        - name: one
          options:
            - actions:
                - write: one.txt
                  content: "1\n"
        - name: two
          options:
            - actions:
                - write: two.txt
                  content: "2\n"
      """
    And a canary file "{tmp}/host/x" with mode 0600

  Scenario Outline: A saved path outside the tree refuses the correction
    Given the plan store's decision 5 of the newest plan saved the paths:
      | kind   | path   |
      | <kind> | <path> |
    When I run "agents plan correct --mode=revert --decision 4 --guidance redo --yes"
    Then the exit code is 3
    And stderr contains "nothing was restored"
    And the canary file "{tmp}/host/x" is still there with mode 0600

    Examples:
      | kind   | path              |
      | absent | {tmp}/host/x      |
      | mode   | {tmp}/host/x      |
      | absent | ../host/x         |
      | mode   | .git/config       |
      | absent | .GIT/../../host/x |
      | mode   | git~1/../host/x   |

  Scenario: A top folder named .GIT is the tree's own only where it is not the git directory
    Given a link ".GIT" in the repository to ".git"
    And the plan store's decision 5 of the newest plan saved the paths:
      | kind   | path        |
      | mode   | .GIT/config |
    When I run "agents plan correct --mode=revert --decision 4 --guidance redo --yes"
    Then the exit code is 3
    And stderr contains "nothing was restored"

  Scenario: A saved path through a link out of the tree is left alone
    Given a link "out" in the repository to "{tmp}/host"
    And the plan store's decision 5 of the newest plan saved the paths:
      | kind   | path  |
      | absent | out/x |
      | mode   | out/x |
    When I run "agents plan correct --mode=revert --decision 4 --guidance redo --yes"
    Then the canary file "{tmp}/host/x" is still there with mode 0600

  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (25 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.
  Scenario: Damaged records are refused whole, never half taken or a crash
    When random damage to the newest plan's records is imported
    Then every damaged record was refused with one line, or held only paths inside the tree
