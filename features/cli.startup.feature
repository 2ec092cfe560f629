Feature: The help and the read-only views start quickly
  As a developer who looks at plans in every shell and every CI step
  I want `agents --help`, `agents plan --help`, `agents plan list` and `agents plan show` to start about as fast as typer itself
  So that looking at a plan never waits for the machinery that changes one

  # Each of these would make the command several times slower to start: GitPython (git),
  # pydantic (the models), typer, and for the help rich's markdown; the readers of the files
  # hooks run (`domain/host_files.py`, a third of a view's start), which only a change needs.
  # The time itself is measured by benchmarks/startup.py, never here.

  # The Background's plan runs once per process; each scenario works on a fresh copy of
  # what it left (features/support/kept_setup.py).
  Background:
    Given a git repository where the plan file "plan.yaml" has run with "agents plan run --script {tmp}/plan.yaml --quiet":
      """
      task: Write a greeting
      steps:
        - name: greet
          options:
            - actions:
                - write: hello.txt
                  content: "hello\n"
      """

  Scenario Outline: A read-only view imports neither GitPython, pydantic nor typer
    When I run "<command>" and note the modules it imports
    Then the exit code is 0
    And stdout contains "<shown>"
    And it imported none of "git, pydantic, pydantic_core, typer, cleveragents.bootstrap, cleveragents.domain.host_files"

    Examples:
      | command                                       | shown             |
      | agents plan tree                              | #2  step 1        |
      | agents plan list                              | Write a greeting  |
      | agents plan list --json                       | "head_decision"   |
      | agents plan show                              | strategy 1, step 1 |
      | agents -C {repo} plan show {plan_prefix}      | Write a greeting  |
      | agents plan show -p {plan_prefix}             | Write a greeting  |

  Scenario: The help imports neither rich nor the plan commands
    When I run "agents --help" and note the modules it imports
    Then the exit code is 0
    And stdout contains "Run plans, look at their decision trees"
    And it imported none of "rich, markdown_it, cleveragents.cli.plan, cleveragents.cli.plan_app, git, pydantic"

  # Importing rich takes longer than the rest of a refusal: a pipe gets plain lines (the
  # same as rich's, plain_lines.property.feature), and rich only where a line has a style.
  Scenario Outline: A refusal, a run and an undo print their lines without rich
    When I run "<command>" and note the modules it imports
    Then the exit code is <code>
    And <stream> contains "<shown>"
    And it imported none of "rich"

    Examples:
      | command                                              | code | stream | shown                     |
      | agents plan show nothere                             | 2    | stderr | error: 'nothere' is not a plan id |
      | agents plan run {tmp}/missing.yaml                   | 2    | stderr | error: cannot read plan file |
      | agents plan run --script {tmp}/plan.yaml --quiet     | 0    | stdout | completed                 |
      | agents plan run --script {tmp}/plan.yaml             | 0    | stdout | #3  action · write hello.txt — wrote hello.txt |
      | agents plan undo --yes                               | 0    | stdout | undid                     |

  # A table on a pipe too (plain_lines.property.feature): rich.table was a fifth of a
  # view's start.
  Scenario Outline: A plan's table goes to a pipe without rich
    When I run "<command>" and note the modules it imports
    Then the exit code is 0
    And stdout contains "<shown>"
    And it imported none of "rich"

    Examples:
      | command                  | shown                             |
      | agents plan show         | status            completed       |
      | agents plan list         | id        status     phase  head  |
      | agents plan decision 2   | summary             step 1: greet |

  Scenario Outline: A plan command imports and builds its own command, not the others
    When I run "<command>" and note the modules it imports
    Then the exit code is <code>
    And it imported none of "<others>"

    Examples:
      | command                            | code | others                                                                                  |
      | agents plan run {tmp}/missing.yaml --budget-calls 3 | 2    | cleveragents.cli.plan_share, cleveragents.cli.plan_correct, cleveragents.cli.plan_undo, cleveragents.cli.plan_diff |
      | agents plan undo --yes             | 0    | cleveragents.cli.plan, cleveragents.cli.plan_share, cleveragents.cli.plan_correct, cleveragents.cli.plan_tree |
      | agents plan correct --mode=revert --decision 2 --guidance again --quiet | 0 | cleveragents.cli.plan_share, cleveragents.cli.plan_undo, cleveragents.adapters.home_cwd, cleveragents.domain.cwd_reads, cleveragents.adapters.git.config_programs, cleveragents.adapters.folder_trusts, cleveragents.domain.interpreters, cleveragents.domain.tool_configs, cleveragents.domain.script_calls, cleveragents.domain.action_reverter, cleveragents.domain.page_state, cleveragents.application.local_planner |

  # A correction asks for the plan's operations a dozen times (whether the plan was pulled,
  # each restore's modes and saved files): the store decodes them once until it changes.
  Scenario: A correction reads the operation log again only after the store changed
    When I run "agents plan correct --mode=revert --decision 2 --guidance again --quiet" and count its reads of the operation log
    Then the exit code is 0
    And it read the operation log at most 4 times

  # Trees are named by their content: the diffs a correction's preview asked for are the
  # restore's too when the tree did not change between them.
  Scenario: A correction diffs two trees once, and a tree with itself never
    When I run "agents plan correct --mode=revert --decision 2 --guidance again --quiet" and note the git commands it runs
    Then the exit code is 0
    And it asked git for no diff of two trees twice, nor of a tree with itself

  # Typer builds a command from its function's signature (each parameter's type, default
  # and help) as the command runs: `agents --help` lists the root's commands from their help
  # alone, and a command line builds only the command it runs. And what the start imported
  # (typer, the CLI; a read-only view's modules) stays out of the garbage collections after
  # it, the one at exit too.
  Scenario Outline: A command line builds only the command it runs, and collects only what it made
    When I run "<command>" and note the commands typer builds
    Then the exit code is 0
    And typer built "<built>" and none of "<others>"
    And what it imported is left out of later garbage collections, which still run

    Examples:
      | command                   | built          | others                           |
      | agents --help             | agents         | demo, gc, schema, hooks, install, plan |
      | agents hooks status       | hooks, status  | demo, gc, schema, plan           |
      | agents plan correct --help | correct       | demo, hooks, run, undo           |
      | agents plan list          | no command     | agents, list                     |

  # A command's services and a correction's own modules (the bootstrap, the domain's pydantic
  # models) are imported as it runs: with the collector off too, then frozen (a correction at
  # 5,000 files spent about 25 ms of its 400 ms of CPU collecting as they were made).
  Scenario: A correction leaves what its services imported out of later garbage collections
    When I run "agents plan correct --mode=revert --decision 2 --guidance again --quiet" and note the commands typer builds
    Then the exit code is 0
    And what it imported is left out of later garbage collections, which still run
    And the modules "cleveragents.bootstrap, cleveragents.application.correction_plan, cleveragents.domain.correction" are left out of later garbage collections too

  # A mistyped plan file, or arguments that do not go together, cost what `--help` costs:
  # `agents plan run` in its plain forms is refused before typer parses it and before the
  # bootstrap is imported (cli/run_arguments.py).
  Scenario Outline: A plan run refused before it opens anything imports neither typer nor the bootstrap
    When I run "<command>" and note the modules it imports
    Then the exit code is 2
    And stderr is one line containing "<shown>"
    And it imported none of "typer, pydantic, git, rich, cleveragents.bootstrap, cleveragents.cli.plan"

    Examples:
      | command                                  | shown                                          |
      | agents plan run {tmp}/missing.yaml       | cannot read plan file {tmp}/missing.yaml: No such file |
      | agents plan run --json --script {tmp}    | cannot read plan file {tmp}: it is a directory |
      | agents -C {tmp} plan run -q ci/plan      | cannot read plan file {tmp}/ci/plan: No such file |
      | agents plan run                          | the anthropic actor needs a TASK               |
      | agents plan run -s {tmp}/plan.yaml "do it" | give either a TASK (for Claude) or --script FILE, not both |

  Scenario: A plan run refused without typer is refused as typer refuses it
    Then every plan run refused without typer is refused as typer refuses it

  Scenario: A refusal whose stderr nobody reads still exits with its code
    When I run "agents plan show nothere" with stderr to a pipe nobody reads
    Then the exit code is 2
    And stdout is empty

  Scenario: A plan stored by an older version, without a newer field, shows the field's default
    Given the stored plans lack the field "exhausted", as an older version wrote them
    And the stored plans lack the field "usage.cost_usd", as an older version wrote them
    When I run "agents plan show"
    Then the exit code is 0
    And stdout has a line "status" "completed"
    And stdout does not contain "exhausted"
    And stdout does not contain "cost"
    Given the stored plans lack the field "status", as an older version wrote them
    When I run "agents plan list --json"
    Then the exit code is 0
    And the JSON value "plans.0.status" is "strategizing"

  Scenario: What a killed command left running is settled before the plans are listed
    Given the newest operation is still marked running, as a killed command leaves it
    When I run "agents plan list"
    Then the exit code is 0
    And stderr contains "note: operation 1 (run) was interrupted"
    And stdout contains "Write a greeting"
    When I run "agents plan show"
    Then the exit code is 0
    And stderr does not contain "note:"

  Scenario: A plan store that is not a SQLite file is a conflict, not a crash
    Given the plan store is a file that is not a SQLite database
    When I run "agents plan show"
    Then the exit code is 3
    And stderr is one line containing "cannot open the plan store"

  Scenario: Command lines read without typer are read as typer reads them
    Then every command line read without typer is read as typer reads it

  # Typer parses a command line by coercing every option's value with a pydantic type
  # adapter: the help of the plan group and of its commands is written by the same typer
  # objects without that parse (cli/help_view.py). The time itself is measured by
  # benchmarks/read_commands.py, never here.

  Scenario Outline: The plan group's help and a plan command's help import no pydantic
    When I run "<command>" and note the modules it imports
    Then the exit code is 0
    And stdout contains "<shown>"
    And it imported none of "pydantic, pydantic_core, git, rich, cleveragents.cli.app, <others>"

    Examples:
      | command                     | shown                        | others                                                |
      | agents plan --help          | Commands:                    | cleveragents.bootstrap                                |
      | agents plan                 | Usage: agents plan [OPTIONS] | cleveragents.bootstrap                                |
      | agents plan correct --help  | Usage: agents plan correct   | cleveragents.cli.plan, cleveragents.cli.plan_share    |
      | agents -C {tmp} plan run -h | Usage: agents plan run       | cleveragents.cli.plan_correct, cleveragents.bootstrap |

  Scenario: What is not a plan command's help is still typer's to answer
    When I run "agents plan nothere --help"
    Then the exit code is 2
    And stderr is one line containing "No such command 'nothere'"

  Scenario Outline: A help to a pipe nobody reads ends as typer ends it: exit 1, nothing said
    When I run "<command>" with stdout to a pipe nobody reads
    Then the exit code is 1
    And stderr is empty

    Examples:
      | command                    |
      | agents plan --help         |
      | agents plan correct --help |

  Scenario: Every help written without typer's parse is the one typer prints, at any width
    Then the help of the plan group and of every plan command is typer's own at widths "40, 67, 132"
