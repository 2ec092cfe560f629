"""Exit handling: run a command, and turn what it raised into one stderr line and the exit
code DESIGN.md gives it. Without typer, so that the read-only views use it before typer is
imported; typer's own errors are mapped by the root app (`app.py`)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable

from cleveragents.cli import output
from cleveragents.errors import CleverAgentsError, Interrupted, file_system_refusal


def exit_code(
    args: list[str],
    command: Callable[[], object],
    usage: Callable[[Exception], int | None] = lambda error: None,
) -> int:
    """Run `command` and return its exit code; an error becomes one line on stderr (with
    `--json`, a document on stdout too) and the exit code DESIGN.md gives it. `usage` maps
    the command-line parser's own errors, and answers None for any other."""
    Interrupted.latest = None  # this command's interrupts only
    try:
        result = command()
    except CleverAgentsError as error:
        return failed(error, "--json" in args)
    except KeyboardInterrupt as stop:
        return interrupted(stop)
    except Exception as error:
        if Interrupted.latest is not None:
            # A stopping signal came, and code that reports errors its own way turned the
            # interrupt into another error: Python, what a class's `__set_name__` raised (a
            # dataclass field's, while a module is imported), pydantic, what stopped it
            # building a model's schema. It is the interrupt still, not a bug.
            return interrupted(error)
        refused = file_system_refusal(error, pathless=False)  # the machine's state, no bug
        if refused is not None:
            return failed(refused, "--json" in args)
        code = usage(error)
        return unexpected(error) if code is None else code
    if result == 130:  # typer turns KeyboardInterrupt into a silent exit 130
        return interrupted(None)
    return result if isinstance(result, int) else 0


def failed(error: CleverAgentsError, json: bool) -> int:
    if json:
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


def interrupted(stop: BaseException | None) -> int:
    """One line saying what stopped the command and where that leaves the operation.

    Typer turns the end of input at a question into an Abort (the EOFError its cause),
    and a KeyboardInterrupt into a bare exit 130 (`Interrupted.latest` says why).
    """
    stopped = Interrupted.latest or Interrupted()
    while stop is not None:
        if isinstance(stop, Interrupted):
            stopped = stop
            break
        if isinstance(stop, EOFError):
            stopped = Interrupted("input closed")
        stop = stop.__cause__ or stop.__context__
    if stopped.exit_code == 0:  # a reader of a read-only command left: nothing to say
        return 0
    with contextlib.suppress(OSError):  # the terminal is gone: the exit code still says it
        output.error_line(stopped.line())
    return stopped.exit_code


def unexpected(error: Exception) -> int:
    import tempfile
    import traceback

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
