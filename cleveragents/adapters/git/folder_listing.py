"""One folder's listing for the walk of the tree that finds every `.git` (`git_dirs.found`):
its sub-folders, its `.git` entries, its `.claude` and `.mcp.json` ones (and the names the
home has programs read from any folder, `domain/cwd_reads.py`), itself when it holds a
`HEAD`, its `.envrc`."""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Callable
from pathlib import Path

from cleveragents.domain.rules import claude_reads, git_refuses_name, name_as_opened

GLOB = re.compile(r"[*?\[]")  # a name with a glob: matched by one expression


def matcher(names: tuple[str, ...]) -> Callable[[str], bool]:
    """Whether a name matches one of `names` as a case-insensitive disk opens it
    (`rules.name_as_opened`: `.EXRC` is what vim opens as `.exrc` there, attack 23 F31): a
    set for plain names, one expression for the globs (a walk of 50000 entries calls it
    for each)."""
    plain = frozenset(name_as_opened(name) for name in names if not GLOB.search(name))
    globs = [fnmatch.translate(name_as_opened(name)) for name in names if GLOB.search(name)]
    pattern = re.compile("|".join(globs)) if globs else None

    def matches(name: str) -> bool:
        opened = name.lower().rstrip(" .") or name if name.isascii() else name_as_opened(name)
        return opened in plain or (pattern is not None and pattern.match(opened) is not None)

    return matches


def listing_of(
    root: Path, folder: str, named: Callable[[str], bool] = lambda _: False
) -> tuple[list[str], list[str], list[str], list[str], list[str]]:
    """The sub-folders of `folder` to walk, its `.git` entries, its `.claude` and
    `.mcp.json` ones, itself when it holds a `HEAD` (any case: a case-insensitive disk),
    and its `.envrc` (direnv's name, as it opens it)."""
    subfolders: list[str] = []
    gits: list[str] = []
    claudes: list[str] = []
    head: list[str] = []
    envrcs: list[str] = []
    try:
        listing = os.scandir(root / folder if folder else root)
    except OSError:  # pragma: no cover - the suites run as root, who reads every folder
        return [], [], [], [], []  # unreadable: git cannot look into it either
    with listing:
        for item in listing:
            path = f"{folder}/{item.name}" if folder else item.name
            if item.name == ".git" or git_refuses_name(item.name):
                if path != ".git":
                    gits.append(path)
                continue
            if claude_reads(item.name) or named(item.name):  # `.claude`, `.mcp.json`, `.exrc`
                claudes.append(path)
            if folder and item.name.upper() == "HEAD":
                head = [folder]
            if item.name == ".envrc":
                envrcs.append(path)
            if item.is_dir(follow_symlinks=False):
                subfolders.append(path)
    return subfolders, gits, claudes, head, envrcs
