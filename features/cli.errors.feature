Feature: Errors a user can act on
  As a developer or a CI pipeline
  I want every error to be one clear line with a documented exit code
  So that I know what to do next and scripts can tell failures apart

  Scenario: Outside a git repository
    Given a directory that is not a git repository
    When I run "agents plan list"
    Then the exit code is 2
    And stderr is one line containing "is not inside a git repository"
    And stderr contains "git init"

  Scenario: A bare repository has no working tree
    Given a bare git repository
    When I run "agents plan list"
    Then the exit code is 2
    And stderr is one line containing "is a bare repository"

  Scenario: -C names a directory that does not exist
    Given a git repository
    When I run "agents -C {tmp}/nowhere plan list"
    Then the exit code is 2
    And stderr is one line containing "is not a directory"

  Scenario: A missing option is a usage error
    Given a git repository
    When I run "agents plan run"
    Then the exit code is 2
    And stderr contains "--script"

  Scenario: The version and the help
    When I run "agents --version"
    Then the exit code is 0
    And stdout contains "agents (cleveragents) 0.1.0"
    When I run "agents plan run --help"
    Then the exit code is 0
    And stdout contains "Example plan file"

  Scenario: A plan store that cannot be opened is a conflict, not a crash
    Given a git repository
    And the plan store is a directory instead of a file
    When I run "agents plan list"
    Then the exit code is 3
    And stderr is one line containing "cannot open the plan store"

  Scenario: An unexpected error names a log file, and debug mode shows the traceback
    Given a git repository
    When I run "agents plan list --json" with stdout going to /dev/full
    Then the exit code is 70
    And stderr contains "this is a bug; traceback in"
    When I run "agents plan list --json" with stdout going to /dev/full and CLEVERAGENTS_DEBUG=1
    Then stderr contains "Traceback"

  Scenario: The store can be redirected by an environment variable
    Given a git repository
    When I run "agents plan list" with the environment CLEVERAGENTS_STATE_DB={tmp}/elsewhere.db
    Then the exit code is 0
    And the file "{tmp}/elsewhere.db" exists outside the repository

  Scenario Outline: A store redirected to what is not a file is refused, nothing written beside it
    Given a git repository
    When I run "<command>" with the environment CLEVERAGENTS_STATE_DB=<target>
    Then the exit code is 2
    And stderr contains "CLEVERAGENTS_STATE_DB names"
    And the file "<target>-journal" does not exist outside the repository

    Examples:
      | command          | target    |
      | agents plan list | /dev/null |
      | agents plan tree | {tmp}     |

  Scenario: A store redirected into the working tree is refused: a model's command could rewrite it
    Given a git repository
    When I run "agents plan list" with the environment CLEVERAGENTS_STATE_DB={repo}/sub/state.db
    Then the exit code is 2
    And stderr contains "inside the working tree"
    And the folder "sub" does not exist

  Scenario: Interrupting a run keeps what was recorded and stops its command
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: Slow
      steps:
        - name: wait
          options:
            - actions:
                - write: started.txt
                  content: "yes\n"
                - run: sleep 30; echo late > late.txt
      """
    When I start "agents plan run --script {tmp}/plan.yaml" and interrupt it once "started.txt" exists
    Then the exit code is 130
    And stderr is one line containing "interrupted"
    And no command of the plan is still running
    When I run "agents plan show --json"
    Then the JSON value "outcome" is "interrupted (SIGINT)"
    And the JSON value "status" is "interrupted"

  Scenario: The package runs as a module too
    When I run "python -m cleveragents --version"
    Then the exit code is 0
    And stdout contains "agents (cleveragents)"

  Scenario: The plan group alone shows its help
    When I run "agents plan"
    Then the exit code is 0
    And stdout contains "correct"

  Scenario: A run killed in the middle is left resumable, and resume finishes it
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: Slow the first time
      steps:
        - name: first
          options:
            - actions:
                - write: first.txt
                  content: "1\n"
        - name: slow
          options:
            - actions:
                - run: if [ -f .again ]; then echo fast; else touch .again; sleep 30; fi
        - name: last
          options:
            - actions:
                - write: last.txt
                  content: "3\n"
      """
    When I start "agents plan run --script {tmp}/plan.yaml" and wait for ".again"
    And I kill the started command
    And I run "agents plan show --json"
    Then stderr contains "(run) was interrupted; `agents plan resume "
    And stderr contains "` continues it"
    And the JSON value "status" is "interrupted"
    And the JSON value "outcome" is "interrupted: the command running it ended without finishing (killed?)"
    When I run "agents plan show"
    Then stdout has a line "status" "interrupted"
    And stdout contains "agents plan resume "
    When I run "agents plan resume"
    Then the exit code is 0
    And stdout contains "strategy · 2 steps after 1 done: slow, last"
    And the file "last.txt" contains "3"
    When I run "agents plan resume"
    Then the exit code is 2
    And stderr is one line containing "is completed; there is nothing to resume"

  Scenario: Starting the command does not import the model's SDK
    Then importing the agents command leaves "anthropic" and "git" unimported

  Scenario Outline: An action the file system refuses fails its option with one line, not a crash
    Given a git repository with files:
      | path   | content |
      | d/keep | kept\n  |
    And a plan file "plan.yaml" with the text "task: t\nsteps:\n  - name: s\n    options:\n      - actions:\n          - <action>", where LONG is "<unit>" <times> times
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 1
    And stderr is one line containing "<message>"
    And the file "d/keep" contains "kept"

    Examples:
      | action                                        | unit                                                | times | message                        |
      | write: d\n            content: x              | -                                                   | 0     | option 1: write d: is a directory |
      | write: LONGf\n            content: x          | cccccccccccccccccccccccccccccccccccccccccccccccccc/ | 100   | file name too long             |
      | edit: LONGf\n            find: a\n            replace: b | cccccccccccccccccccccccccccccccccccccccccccccccccc/ | 100 | file name too long |
      | delete: LONGf                                 | cccccccccccccccccccccccccccccccccccccccccccccccccc/ | 100   | file name too long             |
