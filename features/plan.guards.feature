Feature: Guards of the agent loop
  As a developer letting an agent run a long plan
  I want it to stop when the goal is met, to stop and reflect when steps keep succeeding
  without reaching the goal, to keep its context short, and to split compound steps
  So that it neither loops nor drowns in its own history

  Background:
    Given a git repository

  Scenario: The goal is checked between segments; met, the rest of the plan is not needed
    Given the plan file "plan.yaml":
      """
      task: Stop when done
      goal:
        - run: test -f done.txt
      steps:
        - name: finish early
          options: [{actions: [{write: done.txt, content: "yes"}]}]
        - replan
        - name: never needed
          options: [{actions: [{write: extra.txt, content: "no"}]}]
      """
    When I run "agents plan run --script {tmp}/plan.yaml --json"
    Then the exit code is 0
    And the JSON value "plan.outcome" is "every goal check passed; the rest of the plan was not needed"
    And the file "extra.txt" does not exist

  Scenario: Five successful steps in a row without the goal end the run with a reflection
    Given the plan file "plan.yaml":
      """
      task: Busy but not done
      goal:
        - run: test -f goal.txt
      steps:
        - name: one
          options: [{actions: [{write: "1.txt", content: "1"}]}]
        - name: two
          options: [{actions: [{write: "2.txt", content: "2"}]}]
        - name: three
          options: [{actions: [{write: "3.txt", content: "3"}]}]
        - name: four
          options: [{actions: [{write: "4.txt", content: "4"}]}]
        - name: five
          options: [{actions: [{write: "5.txt", content: "5"}]}]
        - replan
        - name: six
          options: [{actions: [{write: "6.txt", content: "6"}]}]
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 1
    And stderr contains "stopped to reflect: 5 steps succeeded in a row (one, two, three, four, five)"
    And the file "6.txt" does not exist

  Scenario: The actor's context keeps the last ten actions in full and counts the rest
    Given the plan file "plan.yaml":
      """
      task: Twelve actions
      steps:
        - name: many
          options:
            - actions:
                - write: a1
                  content: "1"
                - write: a2
                  content: "2"
                - write: a3
                  content: "3"
                - write: a4
                  content: "4"
                - write: a5
                  content: "5"
                - write: a6
                  content: "6"
                - write: a7
                  content: "7"
                - write: a8
                  content: "8"
                - write: a9
                  content: "9"
                - write: a10
                  content: "10"
                - write: a11
                  content: "11"
                - write: a12
                  content: "12"
      """
    When I run "agents plan run --script {tmp}/plan.yaml --quiet"
    Then the exit code is 0
    And the newest plan's latest actor state holds 10 recent actions from "write a3" and 2 earlier

  Scenario Outline: Compound steps are split into atomic ones
    Then the step "<name>" splits into "<parts>"

    Examples:
      | name                                   | parts                                   |
      | write greet.py and run the tests       | write greet.py \| run the tests         |
      | add a flag, then update the README     | add a flag \| update the README         |
      | install deps; build; test              | install deps \| build \| test           |
      | read and write the config              | read and write the config               |
      | fix the parser and then add a test     | fix the parser \| add a test            |
