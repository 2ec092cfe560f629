"""The tree's `.claude` and `.mcp.json` links that lead to a place in the tree, and the
links inside a `.claude` standing for what Claude Code runs (`.claude/skills -> ../docs`).

Claude Code follows a `.claude -> tools/claude` link: `tools/claude/settings.json` is then
a settings file it runs hooks from, whatever its name says (`rules.claude_setting` takes
these links). A link leading outside the tree is judged by the name it is reached through.

Cost: the walk that looks for `.git` entries (`git_dirs.found`), with each folder's listing
read again only where it changed since, and a `realpath` of each `.claude` it finds.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from cleveragents.adapters.git.git_dirs import Listing, found
from cleveragents.domain.rules import claude_folder, claude_runs, mcp_file


class ClaudeLinks:
    """The in-tree `.claude` and `.mcp.json` links of `root`, by a cached folder walk."""

    def __init__(self, root: Path, known: dict[str, Listing] | None = None) -> None:
        self.root = root
        self.known = {} if known is None else known  # each folder's listing, while unchanged

    def now(self) -> dict[str, str]:
        """Each such link now, by path, and the place in the tree it leads to."""
        claudes: list[str] = []
        found(self.root, self.known, claudes)
        return linked(self.root, [*claudes, *inner_links(self.root, claudes)])


def inner_links(root: Path, claudes: Iterable[str]) -> list[str]:
    """The links inside each `.claude` of `claudes` (not through a link) standing for what
    Claude Code runs (`rules.CLAUDE_RUNS`: `.claude/skills -> ../docs/skills`)."""
    found: list[str] = []
    for path in claudes:
        full = root / path
        if mcp_file(full.name) or os.path.islink(full) or not full.is_dir():
            continue
        try:
            names = os.listdir(full)
        except OSError:
            continue
        found += [f"{path}/{n}" for n in names if claude_runs(n) and os.path.islink(full / n)]
    return found


def linked(root: Path, paths: Iterable[str], *, missing: bool = True) -> dict[str, str]:
    """Of the `.claude` and `.mcp.json` entries `paths`, the links leading to a folder (a
    file, for a `.mcp.json`) in the tree, outside any `.git`, with where ("": the top);
    `missing`: and those leading to nothing yet (a restore or a write would make it)."""
    top = os.path.realpath(root)
    found: dict[str, str] = {}
    for path in paths:
        full = root / path
        if not os.path.islink(full):
            continue
        real = os.path.realpath(full)
        inside = os.path.relpath(real, top)
        parts = Path(inside).parts
        if mcp_file(full.name):
            standing = os.path.isfile(real)
        elif claude_folder(full.name):
            standing = os.path.isdir(real)
        else:  # a link inside a `.claude` (`inner_links`): to a file or a folder
            standing = os.path.exists(real)
        there = standing or (missing and not os.path.lexists(real))
        if there and (not parts or parts[0] != "..") and ".git" not in parts:
            found[path] = "" if inside == "." else inside
    return found
