Feature: Run a scripted plan on a real working tree
  As a developer or a CI pipeline
  I want `agents plan run --script FILE` to carry out a plan with a checkpoint before every decision
  So that every decision the agent takes is recorded and can be gone back to

  Background:
    Given a git repository with files:
      | path      | content                    |
      | README.md | # demo\nA tiny project.\n  |

  Scenario: Every step and action is a decision with checkpoints and an actor state
    Given the plan file "plan.yaml":
      """
      task: Add a greeting
      steps:
        - name: write the module
          options:
            - actions:
                - write: greet.py
                  content: "def hello():\n    return 'hi'\n"
                - edit: README.md
                  find: "A tiny project."
                  replace: "A tiny project that greets."
        - name: remove the readme
          options:
            - actions:
                - delete: README.md
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains "completed"
    And the file "greet.py" contains "return 'hi'"
    And the file "README.md" does not exist
    And the newest plan has these decisions:
      | id | kind     | parent | summary                   |
      | 1  | strategy |        | 2 steps: write the module, remove the readme |
      | 2  | step     | 1      | step 1: write the module  |
      | 3  | action   | 2      | write greet.py            |
      | 4  | action   | 2      | edit README.md            |
      | 5  | step     | 2      | step 2: remove the readme |
      | 6  | action   | 5      | delete README.md          |
    And every decision of the newest plan has a checkpoint before and after and an actor state
    And every checkpoint of the newest plan restores byte for byte what the working tree was

  Scenario Outline: A plan file given as the argument runs as with --script
    Given the plan file "<name>":
      """
      task: Add a greeting
      steps:
        - name: write the module
          options:
            - actions:
                - write: greet.py
                  content: "def hello():\n    return 'hi'\n"
      """
    When I run "agents plan run {tmp}/<name>"
    Then the exit code is 0
    And stdout contains "completed"
    And the file "greet.py" contains "return 'hi'"

    Examples:
      | name      |
      | plan.yaml |
      | plan.yml  |

  Scenario: A sentence that names a plan file is a task for Claude
    When I run "agents plan run 'fix missing.yaml'" with no API key in the environment
    Then the exit code is 2
    And stderr is one line containing "ANTHROPIC_API_KEY is not set"

  Scenario: A failed check restores the step's checkpoint and the next option is tried
    Given the plan file "plan.yaml":
      """
      task: Capitalise
      steps:
        - name: write the module
          options:
            - name: lowercase
              actions:
                - write: greet.py
                  content: "hello\n"
                - write: junk.txt
                  content: "left by the wrong option\n"
            - name: titlecase
              actions:
                - write: greet.py
                  content: "Hello\n"
          check:
            - run: grep -q Hello greet.py
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And the file "greet.py" contains "Hello"
    And the file "junk.txt" does not exist
    And the newest plan has a "revert" decision whose summary contains "option lowercase failed"
    And the newest plan's step 2 ended "done (titlecase)"

  Scenario: A plan whose step has no option left fails with exit 1, naming the step and check
    Given the plan file "plan.yaml":
      """
      task: Impossible
      steps:
        - name: make it pass
          options:
            - name: first
              actions:
                - write: a.txt
                  content: "a\n"
            - name: second
              actions:
                - write: a.txt
                  content: "b\n"
          check:
            - run: test -f never.txt
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 1
    And stderr contains "step 1 (make it pass) failed: no option left (tried first, second)"
    And stderr contains "test -f never.txt"
    And the file "a.txt" does not exist
    When I run "agents plan show --json"
    Then the JSON value "status" is "failed"

  Scenario: The goal is verified at the end
    Given the plan file "plan.yaml":
      """
      task: Goal that is not met
      goal:
        - run: test -f done.txt
      steps:
        - name: write something else
          options:
            - actions:
                - write: other.txt
                  content: "x\n"
      """
    When I run "agents plan run --script {tmp}/plan.yaml --json"
    Then the exit code is 1
    And the JSON value "plan.status" is "failed"
    And the JSON value "plan.outcome" contains "goal not met"
    And stderr contains "goal `test -f done.txt` failed: exit 1"

  Scenario: A failed action ends the option without running the rest
    Given the plan file "plan.yaml":
      """
      task: Edit a missing text
      steps:
        - name: edit
          options:
            - name: wrong
              actions:
                - edit: README.md
                  find: "not there"
                  replace: "x"
                - write: never.txt
                  content: "x"
            - name: right
              actions:
                - edit: README.md
                  find: "tiny"
                  replace: "small"
      """
    When I run "agents plan run --script {tmp}/plan.yaml --quiet"
    Then the exit code is 0
    And the file "never.txt" does not exist
    And the file "README.md" contains "A small project."
    And stdout does not contain "action"

  Scenario: Commands run with a timeout and their output is captured
    Given the plan file "plan.yaml":
      """
      task: Slow
      steps:
        - name: wait
          options:
            - name: too slow
              actions:
                - run: sleep 5
                  timeout: 0.5
            - name: talkative
              actions:
                - run: echo hello from the step; exit 3
            - name: quick
              actions:
                - run: echo ok > ran.txt
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains "timed out after 0.5s"
    And stdout contains "exit 3 (hello from the step)"
    And the file "ran.txt" contains "ok"

  Scenario: On a terminal the run shows a live status line
    Given the plan file "plan.yaml":
      """
      task: Slow enough to see
      steps:
        - name: wait a moment
          options:
            - actions:
                - run: sleep 1
      """
    When on a terminal I run "agents plan run --script {tmp}/plan.yaml" with no question to answer
    Then the exit code is 0
    And the terminal shows "step 1 · actor calls"
    And the terminal shows "completed"
