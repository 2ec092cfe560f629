"""Where the CLI writes: rich consoles for people, one JSON document for scripts; and the
conventions every command follows: colour (`--color`, `NO_COLOR`), `-q` and `-v`.

User text (tasks, step names, guidance, paths, command output) is data: neither console
reads markup or emoji codes in a string, so `[/b]` or `app/[slug]/page.tsx` print as they
are. Style is given explicitly, with `rich.text.Text`. Nor does a terminal act on it: both
consoles write every control character, bidi override and lone surrogate in what they print
as its escape (`domain/shown_text.py`), whatever renderable holds it.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TextIO

from cleveragents.errors import Interrupted, ReaderLeft

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

CLOSED = (errno.EPIPE, errno.EIO)  # a pipe whose reader left; a terminal that was closed
PIPE_WIDTH = 4096  # stdout's width when it is no terminal: lines are never cut, grep finds them

# `--color`: "auto" (colour on a terminal, unless NO_COLOR), "always" or "never".
color = "auto"
# `-q`: no notes and no progress, only results and errors.
_quiet = False

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
        from rich.segment import Segment

        from cleveragents.domain.shown_text import visible

        class _Visible(Console):
            """Shows what a terminal would act on as escapes: in a plain string before rich
            drops its carriage returns and backspaces, and in every piece of text it writes
            (a Text, a table cell, a tree label), never in its own styles and controls."""

            def render_str(self, text: str, **how: Any) -> Any:
                return super().render_str(visible(text), **how)

            def _render_buffer(self, buffer: Iterable[Segment]) -> str:
                shown = (s if s.control else Segment(visible(s.text), s.style) for s in buffer)
                return super()._render_buffer(shown)

        class _Stdout(_Visible):
            def on_broken_pipe(self) -> None:
                _closed()

        class _Stderr(_Visible):
            def on_broken_pipe(self) -> None:
                self.quiet = True  # nobody reads it any more; the exit code still tells

        # Not on a terminal (CI, pipes), lines are never cut or wrapped, so scripts can grep
        # them.
        stdout = _Stdout(
            highlight=False,
            markup=False,
            emoji=False,
            width=None if _terminal(sys.stdout) else PIPE_WIDTH,
            **_colouring(sys.stdout),
        )
        stderr = _Stderr(
            stderr=True,
            soft_wrap=True,
            highlight=False,
            markup=False,
            emoji=False,
            **_colouring(sys.stderr),
        )
    return stdout, stderr


def colour(stream: TextIO | None = None) -> bool:
    """Whether what goes to `stream` (stdout when None) is coloured: with `--color always`
    yes, `never` no; with `auto`, the default, only on a terminal and only when NO_COLOR is
    unset or empty (https://no-color.org), and not on a `dumb` terminal; FORCE_COLOR set
    and non-empty colours a pipe too."""
    if color != "auto":
        return color == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):  # https://force-color.org, as rich and many tools read it
        return True
    return os.environ.get("TERM") != "dumb" and _terminal(stream or sys.stdout)


def use_colour(choice: str) -> None:
    """`--color CHOICE` (auto, always, never); consoles made before are made again."""
    global color
    color = choice
    globals().pop("stdout", None)
    globals().pop("stderr", None)


def _colouring(stream: TextIO) -> dict[str, Any]:
    """The rich console settings that follow `colour()`: rich's own reading of NO_COLOR and
    FORCE_COLOR would otherwise contradict `--color`."""
    if not colour(stream):
        return {"color_system": None, "no_color": True}
    if _terminal(stream):
        return {"color_system": "auto", "no_color": False}
    return {"color_system": "standard", "no_color": False, "force_terminal": True}


def _terminal(stream: TextIO) -> bool:
    return stream.isatty()


def quiet() -> bool:
    """Whether `-q` was given: notes and progress are left out."""
    return _quiet


def be_quiet() -> None:
    """`-q`: only results and errors; log records below errors are dropped."""
    global _quiet
    _quiet = True
    _log_level()


def be_verbose(count: int) -> None:
    """`-v` logs what runs (the git commands) on stderr; `-vv` the details too."""
    _log_level(count)


def _log_level(verbose: int = 0) -> None:
    """The `cleveragents` loggers write to stderr (as `info: ...`), from the level -q/-v set."""
    import logging

    class Lines(logging.Formatter):
        def format(self, record: logging.LogRecord) -> str:
            from cleveragents.domain.shown_text import visible

            return f"{record.levelname.lower()}: {visible(super().format(record))}"

    logger = logging.getLogger("cleveragents")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(Lines())
        logger.addHandler(handler)
        logger.propagate = False
    if verbose:
        logger.setLevel(logging.DEBUG if verbose > 1 else logging.INFO)
    elif logger.level == logging.NOTSET:  # -q, unless -v came first: -v wins
        logger.setLevel(logging.ERROR)


def show(renderable: RenderableType | str, soft_wrap: bool = False) -> None:
    """`soft_wrap`: lines go out whole, neither wrapped nor cut at any width."""
    with _writing():
        if isinstance(renderable, str) and _plain(sys.stdout, renderable, soft_wrap):
            return
        _consoles()[0].print(renderable, soft_wrap=soft_wrap)


def _plain(stream: TextIO, text: str, soft_wrap: bool = True) -> bool:
    """Write `text` (made `visible`) and a newline to `stream` without rich, where rich
    would write the very same characters: no colour, no terminal, no tab (rich expands it),
    and no line stdout's 4096 cells could wrap (a character takes at most two). Importing
    rich takes longer than the rest of a refusal or a `--quiet` run. False: rich writes it."""
    from cleveragents.domain.shown_text import visible

    shown = visible(text)
    if "\t" in shown or _terminal(stream) or colour(stream):
        return False
    if not soft_wrap and 2 * max(map(len, shown.split("\n"))) > PIPE_WIDTH:
        return False
    stream.write(shown + "\n")
    stream.flush()
    return True


def emit_json(document: dict[str, Any], versioned: bool = True) -> None:
    """One JSON document on stdout, nothing else; it starts with the `schema_version` of the
    documents (`domain/documents.py`), unless it is not one of them (a JSON Schema)."""
    from cleveragents.cli.json_text import json_text

    if versioned:
        from cleveragents.domain.schema_version import SCHEMA_VERSION

        document = {"schema_version": SCHEMA_VERSION, **document}
    from cleveragents.domain.shown_text import visible_json

    text = json_text(document)
    with _writing():
        sys.stdout.write(visible_json(text) + "\n")
        sys.stdout.flush()


def error_line(text: str) -> None:
    from cleveragents.domain.shown_text import visible

    line = visible(text, one_line=True)
    if _to_stderr(f"error: {line}"):
        return
    from rich.text import Text

    _consoles()[1].print(Text.assemble(("error:", "red"), " ", line))


def _to_stderr(text: str) -> bool:
    """`text` on stderr without rich where it can (`_plain`); a reader gone is no error, as
    for stderr's console."""
    try:
        return _plain(sys.stderr, text)
    except BrokenPipeError:
        return True


@contextmanager
def _writing() -> Iterator[None]:
    """Write to stdout; a reader gone (EPIPE, or EIO from a closed terminal) interrupts."""
    try:
        yield
    except OSError as error:
        if error.errno not in CLOSED:
            raise
        _closed()


_reading = False  # the command changes nothing: see `reading`


def reading() -> None:
    """This command only reads: a reader of its output that leaves (`| head`) ends it
    quietly with exit 0, as `git log | head` ends."""
    global _reading
    _reading = True


def _closed() -> None:
    """Nobody reads stdout any more: stop as for Ctrl-C (a run stays resumable, a
    correction goes back), and send what is still buffered nowhere, so exiting is quiet."""
    if "stdout" in globals():  # no console made yet: nothing of it is buffered
        stdout.quiet = True
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    raise ReaderLeft() if _reading else Interrupted("stdout closed")


def key_values(rows: list[tuple[str, str]]) -> None:
    """A two-column table of facts, `key  value`, one a line."""
    table(None, rows)


def table(header: Sequence[str] | None, rows: Sequence[Sequence[str]]) -> None:
    """Columns with no lines (`box=None`), the header's words first when given. A pipe gets
    it without rich where rich writes the very same characters (`_plain_table`): importing
    rich.table took a fifth of `agents plan show`'s start."""
    with _writing():
        if _plain_table(sys.stdout, [*([header] if header else []), *rows]):
            return
    from rich.table import Table

    drawn = Table(*(header or ()), show_header=header is not None, box=None)
    for row in rows:
        drawn.add_row(*row)
    show(drawn)


def _plain_table(stream: TextIO, lines: list[Sequence[str]]) -> bool:
    """Write `lines` as rich's table without lines writes them to a pipe: each cell padded
    by a space each side to its column's width. Only printable ASCII, no colour or terminal,
    and lines no wider than a pipe's (else rich wraps): False, rich writes it."""
    if not lines or _terminal(stream) or colour(stream):
        return False
    cells = [cell for line in lines for cell in line]
    if not all(cell.isascii() and cell.isprintable() for cell in cells):
        return False
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    if sum(widths) + 2 * len(widths) > PIPE_WIDTH:
        return False
    text = "".join(
        "".join(f" {cell.ljust(width)} " for cell, width in zip(line, widths, strict=True)) + "\n"
        for line in lines
    )
    stream.write(text)
    stream.flush()
    return True


def path_groups(groups: Iterable[tuple[str, list[str]]]) -> None:
    """Groups of paths, `title: N`, then each path on a line of its own: a newline or a
    line separator in a name is escaped, so no name passes for two, or for a title."""
    from cleveragents.domain.shown_text import visible

    for title, paths in groups:
        show(f"{title}: {len(paths)}")
        for path in paths:
            show(f"  {visible(path, one_line=True)}")


def note(text: str) -> None:
    """A line on stderr that tells, not fails: `note: ...`; `-q` leaves it out."""
    if not _quiet and not _to_stderr(f"note: {text}"):
        _consoles()[1].print(f"note: {text}")


def printed(text: str) -> None:
    """Lines a command printed, as they are: never wrapped or cut, never read as markup, and
    with what a terminal would act on escaped (a command's colours show as `\\x1b[31m`)."""
    from cleveragents.domain.shown_text import visible

    line = visible(text.removesuffix("\n"))
    with _writing():
        if _plain(sys.stdout, line):
            return
        from rich.text import Text

        _consoles()[0].print(Text(line), soft_wrap=True)


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
