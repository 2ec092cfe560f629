"""The tree's `.claude` and `.mcp.json` links that lead to a place in the tree.

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
from cleveragents.domain.rules import mcp_file


class ClaudeLinks:
    """The in-tree `.claude` and `.mcp.json` links of `root`, by a cached folder walk."""

    def __init__(self, root: Path, known: dict[str, Listing] | None = None) -> None:
        self.root = root
        self.known = {} if known is None else known  # each folder's listing, while unchanged

    def now(self) -> dict[str, str]:
        """Each such link now, by path, and the place in the tree it leads to."""
        claudes: list[str] = []
        found(self.root, self.known, claudes)
        return linked(self.root, claudes)


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
        kind = os.path.isfile if mcp_file(full.name) else os.path.isdir
        there = kind(real) or (missing and not os.path.lexists(real))
        if there and (not parts or parts[0] != "..") and ".git" not in parts:
            found[path] = "" if inside == "." else inside
    return found
