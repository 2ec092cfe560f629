"""Where the CLI writes: rich consoles for people, one JSON document for scripts.

User text (tasks, step names, guidance, paths, command output) is data: neither console
reads markup or emoji codes in a string, so `[/b]` or `app/[slug]/page.tsx` print as they
are. Style is given explicitly, with `rich.text.Text`.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from cleveragents.errors import Interrupted

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

CLOSED = (errno.EPIPE, errno.EIO)  # a pipe whose reader left; a terminal that was closed

# The two rich consoles, made at first use (see `_consoles`): `output.stdout`, `output.stderr`.
stdout: Console
stderr: Console


def __getattr__(name: str) -> Console:
    if name in ("stdout", "stderr"):
        return _consoles()[name == "stderr"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _consoles() -> tuple[Console, Console]:
    """stdout's console and stderr's, made when first written to: importing rich takes longer
    than `agents --help` or `agents plan list --json` take without it."""
    global stdout, stderr
    if "stdout" not in globals():
        from rich.console import Console

        class _Stdout(Console):
            def on_broken_pipe(self) -> None:
                _closed()

        class _Stderr(Console):
            def on_broken_pipe(self) -> None:
                self.quiet = True  # nobody reads it any more; the exit code still tells

        # Not on a terminal (CI, pipes), lines are never cut or wrapped, so scripts can grep
        # them.
        stdout = _Stdout(
            highlight=False,
            markup=False,
            emoji=False,
            width=None if sys.stdout.isatty() else 4096,
        )
        stderr = _Stderr(stderr=True, soft_wrap=True, highlight=False, markup=False, emoji=False)
    return stdout, stderr


def show(renderable: RenderableType | str, soft_wrap: bool = False) -> None:
    """`soft_wrap`: lines go out whole, neither wrapped nor cut at any width."""
    with _writing():
        _consoles()[0].print(renderable, soft_wrap=soft_wrap)


def emit_json(document: Any) -> None:
    """One JSON document on stdout, nothing else."""
    import json

    with _writing():
        sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=False, default=str) + "\n")
        sys.stdout.flush()


def error_line(text: str) -> None:
    from rich.text import Text

    _consoles()[1].print(Text.assemble(("error:", "red"), " ", text))


@contextmanager
def _writing() -> Iterator[None]:
    """Write to stdout; a reader gone (EPIPE, or EIO from a closed terminal) interrupts."""
    try:
        yield
    except OSError as error:
        if error.errno not in CLOSED:
            raise
        _closed()


def _closed() -> None:
    """Nobody reads stdout any more: stop as for Ctrl-C (a run stays resumable, a
    correction goes back), and send what is still buffered nowhere, so exiting is quiet."""
    if "stdout" in globals():  # no console made yet: nothing of it is buffered
        stdout.quiet = True
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    raise Interrupted("stdout closed")


def key_values(rows: list[tuple[str, str]]) -> None:
    """A two-column table of facts, `key  value`, one a line."""
    from rich.table import Table

    table = Table(show_header=False, box=None)
    for key, value in rows:
        table.add_row(key, value)
    show(table)


def note(text: str) -> None:
    """A line on stderr that tells, not fails: `note: ...`."""
    _consoles()[1].print(f"note: {text}")


def printed(text: str) -> None:
    """Lines a command printed, as they are: never wrapped or cut, never read as markup."""
    from rich.text import Text

    with _writing():
        _consoles()[0].print(Text(text.removesuffix("\n")), soft_wrap=True)


# What `--color` chose: "auto" (the default), "always" or "never".
color = "auto"


def use_color() -> bool:
    """Whether stdout gets colour codes: what `--color` says, and in `auto` only on a
    terminal, without NO_COLOR (https://no-color.org) and not a `dumb` one."""
    if color != "auto":
        return color == "always"
    return (
        sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
    )


def raw(data: bytes) -> None:
    """Bytes on stdout as they are (a diff's file contents need not be UTF-8)."""
    with _writing():
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()


def disk_size(count: int) -> str:
    """Bytes for a person: 812 B, 4.1 KB, 3.2 MB."""
    value = float(count)
    for unit in ("B", "KB", "MB"):
        if value < 1024:
            return f"{count} B" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GB"
