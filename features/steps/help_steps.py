"""Steps of the plan help written without typer's parse (`cli/help_view.py`)."""

from __future__ import annotations

import contextlib
import functools
import io
import os
from collections.abc import Callable, Iterator
from typing import Any

from behave import then


@contextlib.contextmanager
def _columns(width: str) -> Iterator[None]:
    """A terminal of `width` columns, as click's help formatter reads it."""
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = width
    try:
        yield
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


def _printed(command: Callable[[], int]) -> tuple[int, str]:
    with contextlib.redirect_stdout(io.StringIO()) as out:
        code = command()
    return code, out.getvalue()


@then('the help of the plan group and of every plan command is typer\'s own at widths "{widths}"')
def step_help_is_typers(context: Any, widths: str) -> None:
    from cleveragents.cli.app import run
    from cleveragents.cli.main import plan_help
    from cleveragents.cli.plan_app import COMMANDS

    lines = [["plan"], ["plan", "--help"], ["-C", "sub", "plan", "-h"]]
    lines += [["plan", name, "--help"] for name, *_ in COMMANDS]
    lines.append(["-C", "sub", "plan", "correct", "-h"])
    for width in (w.strip() for w in widths.split(",")):
        with _columns(width):
            for args in lines:
                written = plan_help(args)
                assert written is not None, f"{args} went to typer"
                ours, typers = _printed(written), _printed(functools.partial(run, args))
                assert typers[0] == 0 and "Usage: agents plan" in typers[1], typers
                assert ours == typers, f"agents {' '.join(args)} at {width} columns:\n{ours[1]}"
