"""The `agents` command's typer app: the root, its options, and typer's own errors."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from typer._click import Command
from typer.core import TyperCommand, TyperGroup
from typer.exceptions import TyperException
from typer.models import CommandInfo, TyperInfo

from cleveragents import __version__
from cleveragents.cli import conventions, demo, gc, hooks, output, schema
from cleveragents.cli.exits import exit_code, interrupted
from cleveragents.cli.plan_help import PLAN_HELP


class PlanGroup(TyperGroup):
    """`agents plan`, known by its name and help until it runs: only then are the plan
    commands' modules imported, and only the command asked for is built (`agents --help`
    needs none, and takes half as long to start without them)."""

    def __init__(self) -> None:
        super().__init__(name="plan", help=PLAN_HELP)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        from cleveragents.cli import plan_app

        group = typer.main.get_group(plan_app.app)
        conventions.give(group)  # the group's own options; each command's, once it is built
        group.commands = plan_app.PlanCommands(conventions.give)
        return group.make_context(*args, **kwargs)


class Deferred(TyperCommand):
    """A root command known by its name and help until it runs, as `PlanGroup` is: typer
    builds it from its function's signature (`build`) only then. `agents --help` lists the
    commands from their help alone, and a command line builds only the command it runs:
    building them all took a fifth of what `agents --help` spent past importing typer."""

    def __init__(self, name: str, help: str | None, build: Callable[[], Command]) -> None:
        super().__init__(name=name, help=help, rich_markup_mode=None)
        self._build = build

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        built = self._build()
        conventions.give(built)  # its own options, and its commands' (`agents hooks ...`)
        return built.make_context(*args, **kwargs)


def _command(name: str, function: Callable[..., Any]) -> Deferred:
    """What `app.command(name)(function)` would add to the root, built when it runs."""
    info = CommandInfo(name, callback=function)
    return Deferred(
        name,
        inspect.getdoc(function),  # the help typer gives a command without one of its own
        lambda: typer.main.get_command_from_info(
            info,
            pretty_exceptions_short=app.pretty_exceptions_short,
            rich_markup_mode=app.rich_markup_mode,
        ),
    )


def _group(group: typer.Typer) -> Deferred:
    """What `app.add_typer(group)` would add to the root, built when it runs."""
    info = TyperInfo(group)
    return Deferred(
        typer.main.solve_typer_info_defaults(info).name or "",
        typer.main.solve_typer_info_help(info),
        lambda: typer.main.get_group_from_info(
            info,
            pretty_exceptions_short=app.pretty_exceptions_short,
            suggest_commands=app.suggest_commands,
            rich_markup_mode=app.rich_markup_mode,
        ),
    )


class Root(TyperGroup):
    """The root command: typer's group, with its commands added as `Deferred` ones and `plan`
    as a `PlanGroup`, and the options every command takes (`conventions.py`)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.add_command(_command("demo", demo.demo))
        self.add_command(_command("gc", gc.gc))
        self.add_command(_command("schema", schema.schema))
        self.add_command(_group(hooks.app))
        self.add_command(PlanGroup())
        conventions.give(self)


app = typer.Typer(
    cls=Root,
    name="agents",
    help=(
        "An AI agent on your git working tree, with a checkpoint before every decision.\n\n"
        "Start with `agents demo`, then `agents plan run plan.yaml` in a repository.\n\n"
        "Ctrl-C, SIGTERM, SIGHUP or a closed terminal stop a command with exit 130: a run or "
        "resume keeps what it did (`agents plan resume` continues it, `agents plan undo` "
        "undoes it); a correction or undo is rolled back whole."
    ),
    no_args_is_help=True,
    # click's plain help, which reads no markup: typer's rich help imports rich.markdown,
    # markdown_it and rich.traceback, and would make `agents --help` twice as slow to start.
    rich_markup_mode=None,
    # typer's own --install-completion and --show-completion; the shell asks through
    # _AGENTS_COMPLETE, which `main.py` always leaves to typer.
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        output.show(f"agents (cleveragents) {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    directory: Annotated[
        Path | None,
        typer.Option(
            "-C", help="Run as if started in this directory (like git -C).", show_default=False
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    ctx.obj = (directory or Path.cwd()).absolute()


def run(args: list[str]) -> int:
    """`agents ARGS` through the typer app, every error mapped to its exit code (`exits.py`)."""
    return exit_code(
        args, lambda: app(args=args, prog_name="agents", standalone_mode=False), _typer
    )


def _typer(error: Exception) -> int | None:
    """Typer's own errors: a question's input closed, or a usage error; None for others."""
    if isinstance(error, typer.Abort):
        return interrupted(error)
    if isinstance(error, TyperException):
        return _usage_error(error)
    return None


def _usage_error(error: TyperException) -> int:
    """A usage error as one line naming the help to read (a bare group still shows its help)."""
    if type(error).__name__ == "NoArgsIsHelpError":  # its message is the help, for stdout
        typer.echo(error.format_message())
        return 0
    context = getattr(error, "ctx", None)
    where = context.command_path if context is not None else "agents"
    message = error.format_message().replace("Value error, ", "")
    # click lists a choice's values one a line ("Choose from:\n\trevert,\n\tappend"): one line.
    message = re.sub(r"\s*\n\s*", " ", message.strip())
    output.error_line(f"{message} (see `{where} --help`)")
    return error.exit_code
