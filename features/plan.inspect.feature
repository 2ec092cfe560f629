Feature: Look at plans and their decision trees
  As a developer
  I want to list plans, show one, and see its decision tree
  So that I know what the agent did and where each checkpoint is

  Background:
    Given a git repository with files:
      | path      | content  |
      | README.md | # demo\n |
    And the plan file "plan.yaml":
      """
      task: Write two files
      steps:
        - name: first
          options:
            - actions:
                - write: one.txt
                  content: "1\n"
        - name: second
          options:
            - actions:
                - write: two.txt
                  content: "2\n"
      """

  Scenario: list, show and tree after a run
    Given I have run "agents plan run --script {tmp}/plan.yaml"
    When I run "agents plan list"
    Then the exit code is 0
    And stdout contains "Write two files"
    And stdout contains "completed"
    When I run "agents plan show"
    Then stdout contains "head decision"
    And stdout contains "strategy 1, step 2, action 2"
    When I run "agents plan tree"
    Then stdout contains "✓ #1  strategy · 2 steps: first, second"
    And stdout contains "✓ #3  action · write one.txt — wrote one.txt"

  Scenario: JSON for scripts
    Given I have run "agents plan run --script {tmp}/plan.yaml"
    When I run "agents plan tree --json"
    Then the JSON value "schema" is 1
    And the JSON value "plan.status" is "completed"
    And the JSON value "decisions.0.kind" is "strategy"
    And the JSON value "decisions.0.children.0" is "2"
    And the JSON value "decisions.1.parent_id" is "1"
    And the JSON value "decisions.1.summary" is "step 1: first"
    When I run "agents plan list --json"
    Then the JSON value "plans.0.task" is "Write two files"
    When I run "agents plan show --json"
    Then the JSON value "by_kind.action" is 2

  Scenario: A plan is found by a unique prefix of its id
    Given I have run "agents plan run --script {tmp}/plan.yaml"
    When I run "agents plan show {plan_prefix}"
    Then the exit code is 0
    And stdout contains "Write two files"

  Scenario: An ambiguous prefix is refused with the candidates
    Given I have run "agents plan run --script {tmp}/plan.yaml --quiet" until two plan ids share their first character
    When I run "agents plan show {common_prefix}"
    Then the exit code is 2
    And stderr is one line containing "is ambiguous"

  Scenario Outline: Unknown plans are one clear line and exit 2
    Given I have run "agents plan run --script {tmp}/plan.yaml"
    When I run "agents plan <command> <ref>"
    Then the exit code is 2
    And stderr is one line containing "<message>"

    Examples:
      | command | ref      | message               |
      | show    | ffffffff | no plan matches       |
      | tree    | zz       | is not a plan id      |
      | tree    | 0000000  | no plan matches       |

  Scenario: No plans yet
    When I run "agents plan list"
    Then the exit code is 0
    And stdout contains "no plans yet"
    When I run "agents plan show"
    Then the exit code is 2
    And stderr is one line containing "no plan in this repository yet"
    When I run "agents plan tree --json"
    Then the exit code is 2
    And the JSON value "error.kind" is "unknown_plan"
