Feature: Plans made in segments, within budgets
  As a developer running an agent on a plan that goes stale as the work proceeds
  I want a plan made in segments, each asked for with the completed steps marked done,
  and budgets that stop a run cleanly when they run out
  So that the agent neither repeats work nor runs away, and I can let it go on

  Background:
    Given a git repository
    And the plan file "segments.yaml":
      """
      task: Two segments
      steps:
        - name: first
          options:
            - actions:
                - write: a.txt
                  content: "a\n"
        - replan
        - name: second
          options:
            - actions:
                - write: b.txt
                  content: "b\n"
        - name: third
          options:
            - actions:
                - write: c.txt
                  content: "c\n"
      """

  Scenario: A replan step ends a segment; the second segment repeats nothing
    When I run "agents plan run --script {tmp}/segments.yaml"
    Then the exit code is 0
    And stdout contains "✓ #1  strategy · 1 step: first; a replan follows"
    And stdout contains "✓ #4  replan · 2 steps after 1 done: second, third — plan updated"
    And the newest plan asked the actor to strategize 2 times, the second time with "first" done
    And the newest plan has 3 step decisions, one for each step
    When I run "agents plan show --json"
    Then the JSON value "usage.replans" is 1
    And the JSON value "usage.actor_calls" is 5

  Scenario: Running out of actor calls stops with exit 4, and resume with more finishes
    When I run "agents plan run --script {tmp}/segments.yaml --budget-calls 4 --json"
    Then the exit code is 4
    And the JSON value "plan.exhausted" is "the actor call budget (4) is spent"
    And the JSON value "plan.status" is "stopped"
    And stderr contains "`agents plan resume"
    And the file "b.txt" contains "b"
    And the file "c.txt" does not exist
    When I run "agents plan show"
    Then stdout has a line "actor calls" "4 of 4"
    When I run "agents plan resume --quiet"
    Then the exit code is 4
    When I run "agents plan resume --budget-calls 10 --quiet"
    Then the exit code is 0
    And the file "c.txt" contains "c"
    And the newest plan has 3 step decisions that completed and 1 that stopped

  Scenario: Running out of replans stops before the next segment
    When I run "agents plan run --script {tmp}/segments.yaml --budget-replans 0 --quiet"
    Then the exit code is 4
    And stderr contains "the replan budget (0) is spent"
    And the file "b.txt" does not exist

  Scenario: A step that fails more often than its retries allow stops the run
    Given the plan file "retries.yaml":
      """
      task: Many options
      budget:
        retries_per_step: 1
      steps:
        - name: pick
          options:
            - name: one
              actions: [{write: x.txt, content: "1"}]
            - name: two
              actions: [{write: x.txt, content: "2"}]
            - name: three
              actions: [{write: x.txt, content: "3"}]
          check:
            - run: grep -q 3 x.txt
      """
    When I run "agents plan run --script {tmp}/retries.yaml"
    Then the exit code is 4
    And stderr contains "step 1 used its 1 retries"
    When I run "agents plan tree"
    Then stdout contains "step 1 · pick — cut short: step 1 used its 1 retries; `agents plan resume "
    When I run "agents plan resume --budget-retries 2 --quiet"
    Then the exit code is 0
    And the file "x.txt" contains "3"

  Scenario Outline: Budgets and steps in a plan file are validated
    Given a plan file "bad.yaml" with the text "<text>"
    When I run "agents plan run --script {tmp}/bad.yaml"
    Then the exit code is 2
    And stderr is one line containing "<message>"

    Examples:
      | text                                                                     | message                                                             |
      | task: x\nbudget:\n  actor_calls: 0\nsteps:\n  - replan                   | bad.yaml:3: budget.actor_calls: Input should be greater than or equal to 1 |
      | task: x\nbudget:\n  calls: 3\nsteps:\n  - replan                         | bad.yaml:3: budget.calls: Extra inputs are not permitted           |
      | task: x\nsteps:\n  - replant                                             | bad.yaml:3: steps[0]: a step is a mapping with name and options, or the word replan |
      | task: x\nsteps:\n  - name: s\n    options: []                            | bad.yaml:4: steps[0].options: List should have at least 1 item     |

  Scenario: A command that changes many files is drift: the actor regenerates the plan
    Given the plan file "drift.yaml":
      """
      task: Generate, then go on
      on_drift: regenerate
      steps:
        - name: generate
          options:
            - actions:
                - run: mkdir gen && for i in 1 2 3 4 5 6; do echo $i > gen/$i.txt; done
        - name: use it
          options:
            - actions:
                - write: use.txt
                  content: "used\n"
      """
    When I run "agents plan run --script {tmp}/drift.yaml"
    Then the exit code is 0
    And stdout contains "#4  replan · 1 step after 1 done: use it — plan updated"
    When I run "agents plan tree --json"
    Then the JSON tree has a replan decision
    And the JSON replan's rationale says "drift: similarity 0.14 is below 0.7; the actor chose to regenerate the plan"

  Scenario: Files the plan writes itself are no drift
    Given the plan file "writes.yaml":
      """
      task: Write many files
      on_drift: regenerate
      steps:
        - name: one
          options:
            - actions:
                - write: a.txt
                  content: "a"
                - write: b.txt
                  content: "b"
                - delete: README.md
        - name: two
          options:
            - actions:
                - write: e.txt
                  content: "e"
      """
    When I run "agents plan run --script {tmp}/writes.yaml --json"
    Then the exit code is 0
    And the JSON value "plan.usage.replans" is 0

  Scenario: A lower threshold lets more change through
    Given the plan file "drift.yaml":
      """
      task: Generate, then go on
      on_drift: regenerate
      steps:
        - name: generate
          options:
            - actions:
                - run: mkdir gen && for i in 1 2 3 4 5 6; do echo $i > gen/$i.txt; done
        - name: use it
          options:
            - actions:
                - write: use.txt
                  content: "used\n"
      """
    When I run "agents plan run --script {tmp}/drift.yaml --drift-threshold 0.1 --json"
    Then the exit code is 0
    And the JSON value "plan.usage.replans" is 0
