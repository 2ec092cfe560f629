"""The `agents` command: the root typer app, and the one place errors become exit codes."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Annotated

import typer
from typer.exceptions import TyperException

from cleveragents import __version__
from cleveragents.adapters import interrupts
from cleveragents.cli import demo, output, plan
from cleveragents.errors import CleverAgentsError, Interrupted

app = typer.Typer(
    name="agents",
    help=(
        "An AI agent on your git working tree, with a checkpoint before every decision.\n\n"
        "Start with `agents demo`, then `agents plan run --script plan.yaml` in a repository.\n\n"
        "Ctrl-C, SIGTERM, SIGHUP or a closed terminal stop a command with exit 130: a run or "
        "resume keeps what it did (`agents plan resume` continues it, `agents plan undo` "
        "undoes it); a correction or undo is rolled back whole."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(plan.app, name="plan")
app.command("demo")(demo.demo)


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


def main(argv: list[str] | None = None) -> int:
    """Run `agents`; map every error to one stderr line and its documented exit code."""
    args = sys.argv[1:] if argv is None else argv
    interrupts.install()
    try:
        return _run(args)
    finally:
        interrupts.settle_quietly()  # done: a signal now would only garble the exit


def _run(args: list[str]) -> int:
    try:
        result = app(args=args, prog_name="agents", standalone_mode=False)
    except CleverAgentsError as error:
        if "--json" in args:
            output.emit_json(
                {
                    "error": {
                        "kind": error.kind,
                        "message": error.message,
                        "hint": error.hint,
                        "exit_code": error.exit_code,
                    }
                }
            )
        output.error_line(error.line())
        return error.exit_code
    except (KeyboardInterrupt, typer.Abort) as stop:
        return _interrupted(stop)
    except TyperException as error:
        return _usage_error(error)
    except Exception as error:
        return _unexpected(error)
    if result == 130:  # typer turns KeyboardInterrupt into a silent exit 130
        return _interrupted(None)
    return result if isinstance(result, int) else 0


def _usage_error(error: TyperException) -> int:
    """A usage error as one line naming the help to read (a bare group still shows its help)."""
    if type(error).__name__ == "NoArgsIsHelpError":
        getattr(error, "show")()  # noqa: B009 - only click's errors have show()
        return 0
    context = getattr(error, "ctx", None)
    where = context.command_path if context is not None else "agents"
    message = error.format_message().replace("Value error, ", "")
    output.error_line(f"{message} (see `{where} --help`)")
    return error.exit_code


def _interrupted(stop: BaseException | None) -> int:
    """One line saying what stopped the command and where that leaves the operation.

    Typer turns the end of input at a question into an Abort (the EOFError its cause),
    and a KeyboardInterrupt into a bare exit 130 (`Interrupted.latest` says why).
    """
    interrupted = Interrupted.latest or Interrupted()
    while stop is not None:
        if isinstance(stop, Interrupted):
            interrupted = stop
            break
        if isinstance(stop, EOFError):
            interrupted = Interrupted("input closed")
        stop = stop.__cause__ or stop.__context__
    with contextlib.suppress(OSError):  # the terminal is gone: the exit code still says it
        output.error_line(interrupted.line())
    return Interrupted.exit_code


def _unexpected(error: Exception) -> int:
    if os.environ.get("CLEVERAGENTS_DEBUG") == "1":
        traceback.print_exc()
    with tempfile.NamedTemporaryFile(
        "w", prefix="cleveragents-crash-", suffix=".log", delete=False
    ) as log:
        traceback.print_exc(file=log)
    output.error_line(
        f"unexpected {type(error).__name__}: {error} (this is a bug; traceback in {log.name},"
        " or rerun with CLEVERAGENTS_DEBUG=1)"
    )
    return 70
