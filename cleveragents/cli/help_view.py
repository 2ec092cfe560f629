"""What `agents plan --help` and `agents plan COMMAND --help` print (and a bare `agents
plan`), written by typer's own objects without typer parsing the command line.

Typer parses a command line by coercing every option's value, given or not, with a pydantic
type adapter it builds for the option: for `agents plan --help` that imported pydantic, 80 of
its 200 ms, and the group's list of commands built all seventeen from their signatures for one
line of each. Here the same group and command write their help in the same contexts (click's
formatter, the same widths), the list from each command's docstring alone.
`features/cli.startup.feature` compares each help with typer's own.
"""

from __future__ import annotations


def help_text(command: str | None) -> str | None:
    """What `agents plan --help` (`command` None) or `agents plan COMMAND --help` prints,
    without its last newline; None when COMMAND is not a plan command."""
    import inspect

    import typer
    from typer._click import Context
    from typer.core import TyperCommand, TyperGroup

    from cleveragents.cli import conventions, plan_app

    group = typer.main.get_group(plan_app.app)
    conventions.give(group)  # the group's own options, as `app.PlanGroup` gives them
    # Of the root, a plan help shows only its name (`Usage: agents plan ...`): none of its
    # options or settings, so neither `app.py` nor its other commands are imported.
    root = Context(TyperGroup(name="agents"), info_name="agents")
    plan = Context(group, info_name="plan", parent=root, **group.context_settings)
    names = [name for name, *_ in plan_app.COMMANDS]
    if command is None:
        # The list shows each command's name and the start of its docstring: nothing else.
        group.commands = {
            name: TyperCommand(
                name=name,
                help=inspect.getdoc(plan_app.command_info(name).callback),
                rich_markup_mode=plan_app.app.rich_markup_mode,
            )
            for name in names
        }
        return group.get_help(plan)
    if command not in names:
        return None
    built = plan_app.PlanCommands(conventions.give)[command]
    return built.get_help(Context(built, info_name=command, parent=plan, **built.context_settings))


def show(command: str | None) -> int | None:
    """Print the help of `help_text` as typer's `--help` does, and return the exit code;
    None when COMMAND is not a plan command."""
    import errno
    import sys
    from typing import TextIO, cast

    from typer._click import echo
    from typer._click.utils import PacifyFlushWrapper

    text = help_text(command)
    if text is None:
        return None
    try:
        echo(text)
    except OSError as error:  # as typer's main: a reader that left ends it with exit 1
        if error.errno != errno.EPIPE:
            raise
        sys.stdout = cast(TextIO, PacifyFlushWrapper(sys.stdout))
        sys.stderr = cast(TextIO, PacifyFlushWrapper(sys.stderr))
        return 1
    return 0
