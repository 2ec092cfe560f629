"""`agents`: the entry point, and the one place errors become exit codes.

Importing typer is most of what `agents plan list` or `plan show` would spend starting, so
those two, asked in their plain forms, are answered without it (`plan_views.py`); every
other command line goes to the typer app (`app.py`).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

from cleveragents.adapters import interrupts
from cleveragents.cli import output
from cleveragents.domain.text_rules import lone_surrogate, shown_bytes
from cleveragents.errors import BadInput, CleverAgentsError, Interrupted


def main(argv: list[str] | None = None) -> int:
    """Run `agents`; map every error to one stderr line and its documented exit code."""
    args = sys.argv[1:] if argv is None else argv
    interrupts.install()
    try:
        unreadable = next((arg for arg in args if lone_surrogate(arg)), None)
        if unreadable is not None:  # every command line is kept as text with its operation
            return failed(
                BadInput(
                    f"the argument '{shown_bytes(unreadable)}' is not valid UTF-8 text",
                    hint="give it as UTF-8; a file whose name is not, rename it",
                ),
                "--json" in args,
            )
        view = read_only_view(args)
        if view is not None:
            return exit_code(args, view)
        from cleveragents.cli.app import run

        return run(args)
    finally:
        interrupts.settle_quietly()  # done: a signal now would only garble the exit


def read_only_view(args: list[str]) -> Callable[[], int] | None:
    """`agents [-C DIR] plan list [--json]` or
    `agents [-C DIR] plan show [PLAN | -p PLAN | --plan PLAN] [--json]`, exactly as typer would
    run them; None for any other command line, even one typer would
    read the same way (`-CDIR`, `--json --json`): typer parses those, and every mistake."""
    words = list(args)
    directory: str | None = None
    if words[:1] == ["-C"]:
        if len(words) < 2 or not words[1] or words[1].startswith("-"):
            return None
        directory, words = words[1], words[2:]
    if words[:1] != ["plan"] or len(words) < 2 or words[1] not in ("list", "show"):
        return None
    command, rest = words[1], words[2:]
    if command == "show" and len(rest) >= 2 and rest[0] in ("-p", "--plan"):
        rest = rest[1:] if rest[1] and not rest[1].startswith("-") else rest  # -p PLAN as PLAN
    refs = [word for word in rest if word != "--json"]
    if len(rest) - len(refs) > 1 or len(refs) > (command == "show"):
        return None
    if any(ref.startswith("-") for ref in refs) or "_AGENTS_COMPLETE" in os.environ:
        return None  # an option typer knows or refuses; click's shell completion
    json = len(refs) < len(rest)

    def view() -> int:
        from cleveragents.cli import plan_views

        output.reading()
        start = (Path(directory) if directory else Path.cwd()).absolute()  # as the root callback
        if command == "list":
            return plan_views.list_plans(start, json)
        return plan_views.show(start, refs[0] if refs else None, json)

    return view


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
