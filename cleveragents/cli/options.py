"""Options and small helpers shared by several commands."""

from __future__ import annotations

import shlex
import sys
from typing import Annotated, Any

import typer

from cleveragents.cli import output
from cleveragents.errors import Cancelled

Json = Annotated[
    bool, typer.Option("--json", help="Print one JSON document on stdout, for scripts.")
]
PlanRef = Annotated[
    str | None,
    typer.Argument(
        help="Plan id or a unique prefix of it; the newest plan when left out.", show_default=False
    ),
]
PlanOption = Annotated[
    str | None,
    typer.Option(
        "--plan",
        "-p",
        help="Plan id or unique prefix; the newest plan by default.",
        show_default=False,
    ),
]
Yes = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask before restoring files.")]


def services(ctx: typer.Context, observer: Any = None) -> Any:
    """The services for the repository the command runs in (imported late: fast --help)."""
    from cleveragents.bootstrap import bootstrap

    built = bootstrap(ctx.obj, observer)
    built.operations.settle()
    for notice in built.operations.notices:
        output.stderr.print(f"note: {notice}", markup=False, highlight=False)
    built.operations.notices.clear()
    return built


def command_line() -> str:
    """The command as typed, for the operation log."""
    return shlex.join(["agents", *sys.argv[1:]])


def confirm(question: str, yes: bool) -> None:
    """Ask on a terminal before files are restored; `--yes` or no terminal (CI) proceeds."""
    if yes or not sys.stdin.isatty():
        return
    if not typer.confirm(question, default=False):
        raise Cancelled("nothing changed: the restore was declined")
