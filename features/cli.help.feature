Feature: The plan commands' help starts as fast as the root's, and says what typer says
  As someone who reads `agents plan --help` and `agents plan COMMAND --help` to find a flag
  I want the help at once, the very text the commands are parsed by
  So that asking how to use a command never waits for what would run it

  # Typer parses a command line by coercing every option's value with a pydantic type
  # adapter: the help of the plan group and of its commands is written by the same typer
  # objects without that parse (cli/help_view.py). The time itself is measured by
  # benchmarks/read_commands.py, never here.

  Scenario Outline: The plan group's help and a plan command's help import no pydantic
    When I run "<command>" and note the modules it imports
    Then the exit code is 0
    And stdout contains "<shown>"
    And it imported none of "pydantic, pydantic_core, git, rich, <others>"

    Examples:
      | command                            | shown                           | others                                              |
      | agents plan --help                 | Commands:                       | cleveragents.bootstrap                              |
      | agents plan                        | Usage: agents plan [OPTIONS]    | cleveragents.bootstrap                              |
      | agents plan correct --help         | Usage: agents plan correct      | cleveragents.cli.plan, cleveragents.cli.plan_share  |
      | agents -C {tmp} plan run -h        | Usage: agents plan run          | cleveragents.cli.plan_correct, cleveragents.bootstrap |

  Scenario: What is not a plan command's help is still typer's to answer
    When I run "agents plan nothere --help"
    Then the exit code is 2
    And stderr is one line containing "No such command 'nothere'"

  Scenario: Every help written without typer's parse is the one typer prints, at any width
    Then the help of the plan group and of every plan command is typer's own at widths "40, 67, 132"
