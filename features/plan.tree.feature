Feature: The decision tree as a person reads it
  As a developer looking at what my agent did, on a terminal or through a pipe
  I want every decision on one line with one id, and cut-short work said in words
  So that I can tell finished, unfinished and abandoned work apart without colour

  Background:
    Given these steps, built once per process and copied for each scenario:
      '''
      Given a git repository with files:
        | path      | content  |
        | README.md | # demo\n |
      And the five-step plan file "plan.yaml"
      And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
      '''

  Scenario: On a terminal the tree draws both paths of a correction
    Given I have run "agents plan correct --mode=revert --decision 8 --guidance 'use the blue option' --quiet"
    When on a terminal I run "agents plan tree" with no question to answer
    Then the exit code is 0
    And the terminal shows "⑂ original path — superseded by correction c1"
    And the terminal shows "⑂ corrected path (correction c1) — live"
    And the terminal shows "· use the blue option — back to decision 8"

  Scenario: A stop leaves an unfinished decision; resume marks a stale one interrupted
    Given a stop left decision 10 unfinished and decision 8 interrupted
    When I run "agents plan tree"
    Then the exit code is 0
    And stdout contains "○ #10  step 5 · five [unfinished]"
    And stdout contains "○ #8  step 4 · four [interrupted]"
    And stdout contains "✓ #6  step 3 · three — done (red)"
    When the plan is running again
    And I run "agents plan tree"
    Then stdout contains "• #10  step 5 · five"
    And stdout does not contain "[unfinished]"
