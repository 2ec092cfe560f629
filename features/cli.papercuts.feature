Feature: What a new user meets in the first ten minutes says what to do next
  As someone trying agents for the first time
  I want each slip answered with the exit code DESIGN.md gives it and one line saying why
  So that I am never sent after an API key I do not need, or left with a ghost plan

  Scenario Outline: A TASK that looks like a plan file is read as one, and refused as one
    Given a git repository
    And an empty folder "d.yaml" in the repository
    When I run "agents plan run <task>" with no API key in the environment
    Then the exit code is 2
    And stderr is one line containing "<message>"
    And stderr does not contain "ANTHROPIC_API_KEY"
    And the repository has no plan

    Examples:
      | task            | message                                                          |
      | plan.yaml       | cannot read plan file {repo}/plan.yaml: No such file or directory (check the path |
      | plans/ci.yml    | cannot read plan file {repo}/plans/ci.yml: No such file or directory |
      | ./ci-plan       | cannot read plan file {repo}/ci-plan: No such file or directory  |
      | d.yaml          | cannot read plan file {repo}/d.yaml: it is a directory           |

  Scenario: A task for Claude is a sentence, even when it names a file
    Given a git repository
    When I run "agents plan run 'tidy src/app.py'" with no API key in the environment
    Then the exit code is 2
    And stderr is one line containing "ANTHROPIC_API_KEY is not set"

  Scenario: A task longer than a file's name can be is a task, not a crash
    Given a git repository
    When I run "agents plan run 'Refactor the configuration loader so that it reads the YAML file once at start-up, validates every section against the schema, reports each unknown key with its line number, falls back to the defaults for missing optional sections, and never writes to the home directory'" with no API key in the environment
    Then the exit code is 2
    And stderr is one line containing "ANTHROPIC_API_KEY is not set"

  Scenario: A run the lock refuses leaves no plan behind
    Given a git repository
    And the plan file "notes.yaml":
      """
      task: Add a notes file
      steps:
        - name: write notes
          options:
            - actions:
                - write: notes.txt
                  content: "nothing yet\n"
      """
    And I have run "agents plan run --script {tmp}/notes.yaml"
    And another command holds the working tree's lock
    When I run "agents plan run --script {tmp}/notes.yaml"
    Then the exit code is 3
    And stderr is one line containing "this working tree is locked by"
    And stdout is empty
    When the other command lets go of the lock
    And I run "agents plan list --json"
    Then the plans listed are only the first one
    When I run "agents plan show --json"
    Then the plan shown is the first one

  Scenario: An operation already undone is not undone again; undoing the undo redoes it
    Given a git repository
    And the plan file "notes.yaml":
      """
      task: Add a notes file
      steps:
        - name: write notes
          options:
            - actions:
                - write: notes.txt
                  content: "nothing yet\n"
      """
    And I have run "agents plan run --script {tmp}/notes.yaml"
    And I have run "agents plan undo 1 --yes"
    When I run "agents plan undo 1 --yes"
    Then the exit code is 3
    And stderr is one line containing "operation 1 (run) is already undone, by operation 2 (to redo it, undo the undo: `agents plan undo 2`)"
    And the file "notes.txt" does not exist
    When I run "agents plan ops --json"
    Then the JSON value "operations.1.id" is "2"
    And stdout does not contain ""id": "3""
    When I run "agents plan undo 2 --yes"
    Then the exit code is 0
    And the file "notes.txt" contains "nothing yet"
    When I run "agents plan undo 1 --yes"
    Then the exit code is 0
    And the file "notes.txt" does not exist

  Scenario Outline: A read command whose reader leaves (`| head`) ends quietly: <command>
    Given a git repository
    And the plan file "notes.yaml":
      """
      task: Add a notes file
      steps:
        - name: write notes
          options:
            - actions:
                - write: notes.txt
                  content: "nothing yet\n"
                - run: echo one; echo two
      """
    And I have run "agents plan run --script {tmp}/notes.yaml"
    When I run "agents <command>" with stdout to a pipe nobody reads
    Then the exit code is 0
    And stderr is empty

    Examples:
      | command                 |
      | plan tree               |
      | plan tree --json        |
      | plan decision 4         |
      | plan list               |
      | plan show               |
      | plan show --plan {plan_prefix} |
      | plan ops                |
      | plan log 4              |
      | plan diff 2 4           |
      | schema                  |

  Scenario: A command that changes things still says where a closed pipe left it
    Given a git repository
    And the plan file "notes.yaml":
      """
      task: Add a notes file
      steps:
        - name: write notes
          options:
            - actions:
                - write: notes.txt
                  content: "nothing yet\n"
      """
    When I run "agents plan run --script {tmp}/notes.yaml" with stdout to a pipe nobody reads
    Then the exit code is 130
    And stderr is one line containing "interrupted (stdout closed)"

  Scenario: A push to a remote that does not exist is bad input, with where to look
    Given a git repository
    And the plan file "notes.yaml":
      """
      task: Add a notes file
      steps:
        - name: write notes
          options:
            - actions:
                - write: notes.txt
                  content: "nothing yet\n"
      """
    And I have run "agents plan run --script {tmp}/notes.yaml"
    When I run "agents plan push nowhere"
    Then the exit code is 2
    And stderr is one line containing "cannot read the remote 'nowhere'"
    And stderr contains "(name a remote of `git remote -v`, a URL or a path git can fetch from)"
    When I run "agents plan push {tmp}/no-such-folder --json"
    Then the exit code is 2
    And the JSON value "error.kind" is "bad_input"

  Scenario: Every `agents plan correct` the README shows is a command line agents takes
    Given a git repository
    When I run each `agents plan correct` line of the README
    Then each was refused only because the repository has no plan yet

  Scenario: A missing option with choices is one line naming them
    Given a git repository
    When I run "agents plan correct --decision 6 --guidance 'use the blue option'"
    Then the exit code is 2
    And stderr is one line containing "Missing option '--mode'. Choose from: revert, append (see `agents plan correct --help`)"

  Scenario: A decision shows its action field by field and says a failed check failed
    Given a git repository
    And the plan file "notes.yaml":
      """
      task: Add a notes file
      steps:
        - name: write notes
          options:
            - actions:
                - write: notes.txt
                  content: "first line\nsecond line\n"
                - run: touch made.txt
                  revert: rm made.txt
                  timeout: 30
          check:
            - run: test -f missing.txt
      """
    When I run "agents plan run --script {tmp}/notes.yaml"
    Then the exit code is 1
    When I run "agents plan decision 3"
    Then stdout has a line "action" "write notes.txt"
    And stdout has a line "content" "first line"
    And stdout has a line "result" "succeeded"
    And stdout has a line "status" "live: on the plan's current path"
    And stdout does not contain "type="
    And stdout does not contain "content='"
    When I run "agents plan decision 4"
    Then stdout has a line "action" "run touch made.txt"
    And stdout has a line "timeout" "30 seconds"
    And stdout has a line "undone by running" "rm made.txt"
    And stdout does not contain "irreversible=False"
    When I run "agents plan decision 5"
    Then stdout has a line "kind" "check"
    And stdout has a line "result" "failed"
    And stdout has a line "outcome" "exit 1"
    When I run "agents plan decision 5 --json"
    Then the JSON value "status" is "active"

  Scenario Outline: A plan file with <what> is refused when it is read, naming the line
    Given a git repository
    And a plan file "plan.yaml" holding <what>
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 2
    And stderr is one line containing "<message>"
    And the repository has no plan

    Examples:
      | what                                  | message                                                                                     |
      | a NUL in a command                    | plan.yaml:6: steps[0].options[0].actions[0].run: a command cannot hold a NUL character      |
      | a NUL in a check                      | plan.yaml:8: steps[0].check[0]: a command cannot hold a NUL character                       |
      | a lone surrogate in a command         | plan.yaml:6: text holds \ud800, which is not a character (not valid UTF-8)                  |
      | a lone surrogate in a write's content | plan.yaml:7: text holds \udc80, which is not a character                                    |
      | a NUL byte in its text                | plan.yaml:1: not valid YAML: unacceptable character #x0000                                  |
      | a write to a path ending in /         | plan.yaml:6: steps[0].options[0].actions[0].write: path 'notes/' ends in '/': actions name files, not folders |
      | a delete of a path ending in /        | plan.yaml:6: steps[0].options[0].actions[0].delete: path 'README.md/' ends in '/'           |

  Scenario: An argument that is not UTF-8 is bad input, not an internal error
    Given a git repository
    When I run agents with the guidance of a correction holding the byte 0xff
    Then the exit code is 2
    And stderr is one line containing "the argument 'use\xffblue' is not valid UTF-8 text"

  Scenario Outline: Claude's command with <what> is sent back to it as invalid input
    Given a git repository
    And Claude answers through a stand-in server
    And Claude will propose the plan "say hello"
    And Claude will run a command holding <what>
    And Claude will write "hello.txt" with "hello"
    When I run "agents plan run 'say hello' --allow-command 'echo *'" with Claude
    Then the exit code is 0
    And the file "hello.txt" contains "hello"
    And Claude's request 3 answers a tool use with an error containing "<error>"

    Examples:
      | what             | error                                    |
      | a NUL            | a command cannot hold a NUL character    |
      | a lone surrogate | text holds \udcff, which is not a character |
