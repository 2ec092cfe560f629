"""Where the CLI writes: rich consoles for people, one JSON document for scripts.

User text (tasks, step names, guidance, paths, command output) is data: neither console
reads markup or emoji codes in a string, so `[/b]` or `app/[slug]/page.tsx` print as they
are. Style is given explicitly, with `rich.text.Text`.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

# Not on a terminal (CI, pipes), lines are never cut or wrapped, so scripts can grep them.
stdout = Console(
    highlight=False,
    markup=False,
    emoji=False,
    width=None if sys.stdout.isatty() else 4096,
)
stderr = Console(stderr=True, soft_wrap=True, highlight=False, markup=False, emoji=False)


def show(renderable: RenderableType | str) -> None:
    stdout.print(renderable)


def emit_json(document: Any) -> None:
    """One JSON document on stdout, nothing else."""
    sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=False, default=str) + "\n")
    sys.stdout.flush()


def error_line(text: str) -> None:
    stderr.print(Text.assemble(("error:", "red"), " ", text))


def key_values(rows: list[tuple[str, str]]) -> None:
    """A two-column table of facts, `key  value`, one a line."""
    from rich.table import Table

    table = Table(show_header=False, box=None)
    for key, value in rows:
        table.add_row(key, value)
    show(table)


def note(text: str) -> None:
    """A line on stderr that tells, not fails: `note: ...`."""
    stderr.print(f"note: {text}")
