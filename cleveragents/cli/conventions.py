"""The options every `agents` command takes, as git's commands do: `--color`, `-q/--quiet`,
`-v/--verbose`; and `-p/--plan` beside every PLAN argument.

They are given to the commands in one place (`give`), when the command tree is built, so no
command declares them and a new command has them too. They act as they are parsed (into
`output`), so they hold wherever they are given: `agents -v plan run ...` or
`agents plan run ... -v`.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cleveragents.cli import output
from cleveragents.errors import BadInput

if TYPE_CHECKING:
    from typer._click import Command


# The commands that change nothing: `| head` ends them with exit 0, not 130 (`output.reading`).
READ_ONLY = frozenset({"list", "show", "tree", "decision", "diff", "log", "ops", "schema"})


class ColorChoice(StrEnum):
    auto = "auto"
    always = "always"
    never = "never"


def _colour(value: ColorChoice | None) -> None:
    if value is not None:
        output.use_colour(value.value)


def _quiet(value: bool) -> None:
    if value:
        output.be_quiet()


def _verbose(value: int) -> None:
    if value:
        output.be_verbose(value)


def _conventions(
    color: Annotated[
        ColorChoice | None,
        typer.Option(
            "--color",
            callback=_colour,
            expose_value=False,
            is_eager=True,
            show_default=False,
            help="Colour: auto (on a terminal, unless NO_COLOR is set), always, or never.",
        ),
    ] = None,
    quiet: Annotated[
        bool,
        typer.Option(
            "--quiet",
            "-q",
            callback=_quiet,
            expose_value=False,
            is_eager=True,
            help="No notes and no progress: only results and errors.",
        ),
    ] = False,
    verbose: Annotated[
        int,
        typer.Option(
            "--verbose",
            "-v",
            count=True,
            callback=_verbose,
            expose_value=False,
            is_eager=True,
            show_default=False,
            help="Log the git commands run, on stderr (-vv: with their environment).",
        ),
    ] = 0,
) -> None:
    """The parameters given to every command (never called itself)."""


def _plan_option(
    plan_option: Annotated[
        str | None,
        typer.Option(
            "--plan",
            "-p",
            show_default=False,
            metavar="PLAN",
            help="Plan id or unique prefix, as PLAN; the newest plan by default.",
        ),
    ] = None,
) -> None:
    """The `-p/--plan` given beside a PLAN argument (never called itself)."""


@functools.cache
def _parameters(declared: Any) -> list[Any]:
    """The click parameters typer makes of a function's signature."""
    app = typer.Typer(add_completion=False)
    app.command()(declared)
    return list(typer.main.get_command(app).params)


def give(command: Command) -> None:
    """Give `command`, and every command below it, the common options."""
    taken = {opt for param in command.params for opt in getattr(param, "opts", ())}
    for param in _parameters(_conventions):
        if not taken.intersection(param.opts):
            command.params.append(param)
    own = next((p for p in command.params if p.name == "quiet" and p.expose_value), None)
    if own is not None:  # a command's own --quiet, which its code reads: -q anywhere sets it
        own.callback = _own_quiet
    if command.name in READ_ONLY and command.callback is not None:
        command.callback = _reading(command.callback)
    positional = any(p.name == "plan" and p.param_type_name == "argument" for p in command.params)
    if positional and "--plan" not in taken:
        command.params += _parameters(_plan_option)
        command.callback = _one_plan(command.callback)
    for sub in getattr(command, "commands", {}).values():
        give(sub)


def _reading(callback: Any) -> Any:
    """The callback of a command that changes nothing: a reader that leaves ends it quietly."""

    @functools.wraps(callback)
    def read(**params: Any) -> Any:
        output.reading()
        return callback(**params)

    return read


def _own_quiet(ctx: Any, param: Any, value: bool) -> bool:
    _quiet(value)
    return value or output.quiet()


def _one_plan(callback: Any) -> Any:
    """The command's callback, given the plan of `-p/--plan` as its PLAN argument."""

    @functools.wraps(callback)
    def selected(**params: Any) -> Any:
        option = params.pop("plan_option")
        if option is not None:
            if params["plan"] not in (None, option):
                raise BadInput(
                    f"two plans given: {params['plan']} and --plan {option}",
                    hint="give the plan once, as PLAN or with -p/--plan",
                )
            params["plan"] = option
        return callback(**params)

    return selected
