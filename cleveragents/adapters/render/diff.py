"""A diff for a terminal: git's colours as ANSI codes around lines that stay data.

File contents are never read as markup: each line is written as it is, between a colour
code and the reset. Added lines are green, removed ones red, hunk headers cyan and the
lines that name a file bold, as `git diff` paints them.
"""

from __future__ import annotations

import re

BOLD, RED, GREEN, CYAN, RESET = "\x1b[1m", "\x1b[31m", "\x1b[32m", "\x1b[36m", "\x1b[m"

# ` path | 12 +++++--`: the graph at the end of a `--stat` line (the last ` | ` is git's).
_GRAPH = re.compile(r"^(?P<head>.* \| +\d+ )(?P<added>\+*)(?P<removed>-*)$")


def colored_patch(patch: str) -> str:
    """`patch` with git's colours. A file's header runs from `diff --git` to its first hunk,
    so a removed line that reads `--- x` is still red, not a header."""
    painted = []
    in_header = False
    for line in patch.split("\n"):
        if line.startswith("diff --git "):
            in_header = True
        elif line.startswith("@@"):
            in_header = False
        painted.append(_paint_line(line, in_header))
    return "\n".join(painted)


def _paint_line(line: str, in_header: bool) -> str:
    if not line:
        return line
    if in_header:
        return _paint(BOLD, line)
    if line.startswith("@@"):
        end = line.find(" @@", 2)
        if end < 0:  # not git's shape: paint it all
            return _paint(CYAN, line)
        return _paint(CYAN, line[: end + 3]) + line[end + 3 :]
    if line.startswith("+"):
        return _paint(GREEN, line)
    if line.startswith("-"):
        return _paint(RED, line)
    return line


def colored_stat(stat: str) -> str:
    """git's `--stat` with the `+` of each graph green and its `-` red."""
    painted = []
    for line in stat.split("\n"):
        found = _GRAPH.match(line)
        if found is None:
            painted.append(line)
            continue
        added, removed = found["added"], found["removed"]
        painted.append(
            found["head"]
            + (_paint(GREEN, added) if added else "")
            + (_paint(RED, removed) if removed else "")
        )
    return "\n".join(painted)


def _paint(code: str, text: str) -> str:
    return f"{code}{text}{RESET}"
