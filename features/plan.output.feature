Feature: What a decision's commands printed
  As a developer whose agent's check failed
  I want every check and command to keep the lines it printed in its decision
  So that `agents plan decision` shows why it failed and `agents plan log` gives it to a script

  Background:
    Given a git repository with files:
      | path      | content  |
      | README.md | # demo\n |
    And the plan file "plan.yaml":
      """
      task: Build with a noisy check
      goal:
        - run: echo goal one
        - run: echo goal two >&2
      steps:
        - name: build
          options:
            - name: noisy
              actions:
                - run: "echo building; echo 'warning: [bold]x[/bold] %s {0}' >&2"
            - name: quiet
              actions:
                - write: built.txt
                  content: "built\n"
          check:
            - run: test -f built.txt && cat built.txt || { echo no built.txt; echo '[red]boom[/red] %s {0}' >&2; echo line 3; echo last line >&2; exit 3; }
      """

  Scenario: A failed check's lines show in plan decision, and plan log prints exactly them
    Given I have run "agents plan run --script {tmp}/plan.yaml"
    When I run "agents plan decision 4"
    Then the exit code is 0
    And stdout has a line "outcome" "exit 3 (last line; 4 lines of output)"
    And stdout has a line "output" "4 lines, as printed, below"
    And stdout ends with the lines:
      """
      no built.txt
      [red]boom[/red] %s {0}
      line 3
      last line
      """
    When I run "agents plan log 4"
    Then the exit code is 0
    And stdout is exactly "no built.txt\n[red]boom[/red] %s {0}\nline 3\nlast line\n"
    When I run "agents plan decision --plan {plan_prefix} 4 --json"
    Then the JSON output is "no built.txt\n[red]boom[/red] %s {0}\nline 3\nlast line\n"
    And the JSON value "output_cut_bytes" is 0

  Scenario: A run action keeps its output; several checks each follow their command
    Given I have run "agents plan run --script {tmp}/plan.yaml"
    When I run "agents plan log {plan_prefix}:3"
    Then stdout is exactly "building\nwarning: [bold]x[/bold] %s {0}\n"
    When I run "agents plan log 7"
    Then stdout is exactly "built\n"
    When I run "agents plan log -p {plan_prefix} 8"
    Then stdout is exactly "$ echo goal one\ngoal one\n$ echo goal two >&2\ngoal two\n"

  Scenario: A decision that ran no command prints nothing and says so
    Given I have run "agents plan run --script {tmp}/plan.yaml"
    When I run "agents plan log 6"
    Then the exit code is 0
    And stdout is empty
    And stderr contains "decision 6 ran no command"
    When I run "agents plan decision 6 --json"
    Then the JSON value "output" is null
    When I run "agents plan decision 6"
    Then stdout does not contain "output"

  Scenario: An unknown decision is bad input
    Given I have run "agents plan run --script {tmp}/plan.yaml"
    When I run "agents plan log 99"
    Then the exit code is 2

  Scenario: The output outlives a correction and a resume
    When I run "agents plan run --script {tmp}/plan.yaml --budget-calls 2"
    Then the exit code is 4
    When I run "agents plan resume --budget-calls 10"
    Then the exit code is 0
    # The budget cut step 2 short: resume set it and its check 4 aside and took the step again.
    When I run "agents plan decision 4 --json"
    Then the JSON value "status" is "interrupted"
    When I run "agents plan correct --mode=revert --decision 1 --guidance 'build it quietly'"
    Then the exit code is 0
    When I run "agents plan decision 4 --json"
    Then the JSON value "status" is "interrupted"
    When I run "agents plan log 4"
    Then stdout is exactly "no built.txt\n[red]boom[/red] %s {0}\nline 3\nlast line\n"

  Scenario: A huge output is kept as its head and tail, and says how much was cut
    Given the plan file "huge.yaml":
      """
      task: Print a megabyte
      steps:
        - name: print
          options:
            - actions:
                - run: head -c 1000000 /dev/zero | tr '\0' y; exit 1
      """
    When I run "agents plan run --script {tmp}/huge.yaml"
    Then the exit code is 1
    When I run "agents plan decision 3 --json"
    Then the JSON value "output_cut_bytes" is 934464
    When I run "agents plan decision 3"
    Then stdout has a line "output" "3 lines, as printed, below; 934464 bytes were cut from the middle, where it says so"
    When I run "agents plan log 3"
    Then stdout is 32768 y, the line "[agents: 934464 bytes cut here, of 1000000; the head and the tail are kept]" and 32768 y

  Scenario: Local planning keeps its commands' output, the checks that measured them, and its reverter's
    Given the plan file "local.yaml":
      """
      task: Enable the feature
      steps:
        - name: enable
          options:
            - name: flag file
              actions:
                - write: flag
                  content: "on"
          check:
            - run: test -f feature.on && echo feature on || { echo feature off; exit 1; }
          local:
            - name: toggle
              actions:
                - run: echo toggling; touch toggled
                  revert: echo untoggling; rm toggled
            - name: enable it
              actions:
                - write: feature.on
                  content: ""
      """
    Given I have run "agents plan run --script {tmp}/local.yaml"
    When I run "agents plan log 2.1"
    Then stdout is exactly "$ echo toggling; touch toggled\ntoggling\n$ test -f feature.on && echo feature on || { echo feature off; exit 1; }\nfeature off\n"
    When I run "agents plan log 2.2"
    Then stdout is exactly "untoggling\n"
    When I run "agents plan log 2.3"
    Then stdout is exactly "feature on\n"

  Scenario: A command that printed nothing says so
    Given the plan file "quiet.yaml":
      """
      task: Touch a file
      steps:
        - name: touch
          options:
            - actions:
                - run: touch touched.txt
      """
    Given I have run "agents plan run --script {tmp}/quiet.yaml"
    When I run "agents plan decision 3"
    Then stdout has a line "output" "none: the command printed nothing"
    When I run "agents plan log 3"
    Then the exit code is 0
    And stdout is empty
    And stderr does not contain "ran no command"

  Scenario: A command Claude ran keeps its output, from inside its sandbox
    Given Claude answers through a stand-in server
    And Claude will propose the plan "count lines"
    And Claude will run "echo counting; wc -l README.md >&2"
    When I run "agents plan run 'count lines' --allow-command 'echo *' --allow-command 'wc *'" with Claude
    Then the exit code is 0
    When I run "agents plan tree" with Claude
    Then stdout contains "#3  action · run echo counting; wc -l README.md >&2 — exit 0"
    When I run "agents plan log 3" with Claude
    Then stdout is exactly "counting\n1 README.md\n"
