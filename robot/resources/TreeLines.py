"""Keywords that read `agents plan tree` text as a person or a script does: line by line."""

from __future__ import annotations

import re
from typing import Any

GUIDES = "│├└─ "  # what rich draws left of a line: four columns a level


def _holds(line: str, text: str) -> bool:
    """`line` holds `text`, and `#1` is not the start of `#12`."""
    return re.search(re.escape(text) + r"(?![0-9.])", line) is not None


def ids_on_each_line(stdout: str) -> list[list[str]]:
    """The `#ids` of each line that holds any, line by line, without their `#`."""
    return [found for line in stdout.splitlines() if (found := re.findall(r"#([0-9.]+)", line))]


def lines_and_levels(stdout: str, *expected: tuple[str, int]) -> list[tuple[str, int]]:
    """For each `(text, level)` expected, in the order stdout shows them: the text and how
    many levels in the line holding it is drawn."""
    return [
        (text, (len(line) - len(line.lstrip(GUIDES))) // 4)
        for line in stdout.splitlines()
        for text, _ in expected
        if _holds(line, text)
    ]


def line_holding(stdout: str, text: str) -> str:
    """The one line of stdout holding `text`."""
    lines = [line for line in stdout.splitlines() if _holds(line, text)]
    if len(lines) != 1:
        raise AssertionError(f"expected one line holding {text!r}, found {lines}")
    return lines[0]


def stdout_should_have_line_containing(result: Any, *texts: str) -> None:
    """One line of the result's stdout holds all these texts."""
    if not any(all(t in line for t in texts) for line in result.stdout.splitlines()):
        raise AssertionError(f"no line holds all of {texts}:\n{result.stdout}")
