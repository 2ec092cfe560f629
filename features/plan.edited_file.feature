Feature: A plan file edited since the run runs new commands and actions only once vouched for
  As a developer whose plan file lies in the working tree, where a sandboxed command can write
  I want a correction to ask before it runs a command or an action the edited file adds
  So that a command the sandbox confined cannot run outside it through my next correction

  Background:
    Given these steps, built once per process and copied for each scenario:
      '''
      Given a git repository with files:
        | path      | content  |
        | README.md | # demo\n |
      And the five-step plan file "plan.yaml"
      And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
      '''

  Scenario: A new command in the edited plan file is refused without a terminal
    Given I add to the plan file "plan.yaml" a step "six" running "touch canary.txt"
    When I run "agents plan correct --mode=append --guidance 'do step six too'"
    Then the exit code is 3
    And stderr contains "plan.yaml changed since the run and adds or changes commands"
    And stderr contains "--trust-plan"
    And the file "canary.txt" does not exist
    When I run "agents plan correct --mode=revert --decision 6 -g 'use the blue option'"
    Then the exit code is 3
    And the file "canary.txt" does not exist
    And the file "step5.txt" contains "red"

  Scenario: With --trust-plan the edited plan file's new command runs
    Given I add to the plan file "plan.yaml" a step "six" running "touch canary.txt"
    When I run "agents plan correct --mode=append --guidance 'do step six too'"
    Then the exit code is 3
    When I run "agents plan correct --mode=append --guidance 'do step six too' --trust-plan"
    Then the exit code is 0
    And stderr contains "plan.yaml changed since the run: re-executing with the edited file"
    And the file "canary.txt" exists

  Scenario: An edit that adds no command but a write is refused too, and goes on once vouched for
    Given I add to the plan file "plan.yaml" a step "six" writing "step6.txt"
    When I run "agents plan correct --mode=append --guidance 'do step six too'"
    Then the exit code is 3
    And stderr contains "plan.yaml changed since the run and adds or changes actions: it adds write `step6.txt`"
    And the file "step6.txt" does not exist
    When I run "agents plan correct --mode=append --guidance 'do step six too' --trust-plan"
    Then the exit code is 0
    And the file "step6.txt" contains "six"

  Scenario: On a terminal the new commands are asked about, and a no changes nothing
    Given I add to the plan file "plan.yaml" a step "six" running "touch canary.txt"
    When on a terminal I run "agents plan correct --mode=append -g 'do step six too'" answering "n"
    Then the terminal shows "Run its new commands as written, outside the sandbox? `touch canary.txt`"
    And the file "canary.txt" does not exist
    When on a terminal I run "agents plan correct --mode=append -g 'do step six too'" answering "y"
    Then the file "canary.txt" exists
