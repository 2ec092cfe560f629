Feature: A plan a failing model service stopped says what it cut short
  As a developer whose plan stopped because the model's service failed
  I want the step (and the sub-task) it was in the middle of to say it was cut short, and why
  So that `plan tree`, `plan decision` and the JSON do not show it as live work with no outcome

  Background:
    Given a git repository
    And Claude answers through a stand-in server

  Scenario: The cut-short step and its sub-task carry why and how the plan goes on
    Given Claude will propose a plan of 6 steps
    And Claude's service answers 529 "overloaded_error" 3 times
    When I run "agents plan run 'write six parts'" with Claude
    Then the exit code is 4
    When I run "agents plan tree" with Claude
    Then stdout contains "sub-task · part 1 (steps 1-5) — cut short: the model's service answered 529 (overloaded_error), even after retries: the service broke; `agents plan resume "
    And stdout contains "step 1 · write part 1 — cut short: the model's service answered 529 (overloaded_error), even after retries: the service broke; `agents plan resume "
    And stdout contains "` continues it [unfinished]"
    When I run "agents plan decision 3" with Claude
    Then stdout contains "cut short: the model's service answered 529"
    When I run "agents plan tree --json" with Claude
    Then the JSON value "decisions.1.kind" is "subtask"
    And the JSON value "decisions.1.outcome" contains "cut short: the model's service answered 529"
    And the JSON value "decisions.1.outcome" contains "` continues it"
    And the JSON value "decisions.2.kind" is "step"
    And the JSON value "decisions.2.outcome" contains "cut short: the model's service answered 529"
    And the JSON value "decisions.2.outcome" contains "` continues it"
