"""Hooks that are links into the working tree: what git runs there is a host-run file.

Many projects' setup docs say `ln -s ../../scripts/pre-commit .git/hooks/pre-commit`, or
make `.git/hooks` itself a link to a tree folder (`githooks/`, or the tree's top). Git
follows such a link and runs the tree file at the user's next commit, outside any sandbox.
So every hooks folder git uses (the `hooks` of each git directory `OwnConfig` walks: the
git dir, the common dir, each submodule's under `modules/` at any depth, each linked
worktree's; and `core.hooksPath` as the user's git reads it), resolved as git resolves it
(`realpath`), is a host-run folder when it lies in the tree (the tree's top: `TOP`, its
files named as hooks); and each entry of it that is a link leading into the tree, relative
or absolute, makes its target (a file or a folder) one (`domain/host_files.py`), both
where it leads as written and at the end of its links.

This is the one detection of hook links: the model's file actions, Claude Code's
Write/Edit and Bash put-back, the watch after a sandboxed command and a pulled plan's
restore all read it through `HostFolders.linked` or `OwnConfig.run_through`.

A hook hard-linked to a tree file needs nothing here: the model's file actions and Claude
Code's Write/Edit replace the name (the hook keeps its bytes), and the look at a real
`.git/hooks` before and after a command sees its stat change (`claude_dirs.py`).

Cost: one listing of each hooks folder (a handful of entries).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from cleveragents.domain.host_files import HOOK_NAMES, TOP


def hook_link_targets(root: Path, folders: Iterable[str]) -> list[str]:
    """The paths of the tree `root` (relative, posix; `TOP` for the tree's top) that git
    runs as hooks through a link: a hooks folder of `folders` (absolute, links not
    resolved) that resolves into the tree, and where each link in one leads."""
    real_root = Path(os.path.realpath(root))
    found: list[str] = []
    for folder in dict.fromkeys(os.path.normpath(f) for f in folders):
        real = os.path.realpath(folder)
        inside = _in_tree(real_root, real)
        parent = os.path.realpath(os.path.dirname(folder))
        if inside is not None and real != os.path.join(parent, os.path.basename(folder)):
            found.append(inside)  # the folder itself is a link into the tree
        for entry in _entries(real):
            # In the tree's top, only the files named as hooks are hooks.
            if entry.is_symlink() and (inside != TOP or entry.name in HOOK_NAMES):
                # Where it leads as written (a link there may be swapped) and at the end.
                named = os.path.join(real, _read_link(entry.path))
                for place in (os.path.normpath(named), os.path.realpath(entry.path)):
                    target = _in_tree(real_root, place)
                    if target not in (None, TOP):  # a folder is no hook git runs
                        found.append(target)
    return list(dict.fromkeys(found))


def _in_tree(root: Path, real: str) -> str | None:
    """`real` relative to the tree `root` (`TOP` for the top itself), when inside it and
    outside its `.git`."""
    inside = os.path.relpath(real, root)
    if inside == ".":
        return TOP
    if Path(inside).parts[0] in ("..", ".git"):
        return None
    return Path(inside).as_posix()


def _entries(folder: str) -> list[os.DirEntry[str]]:
    try:
        return sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []


def _read_link(path: str) -> str:
    try:
        return os.readlink(path)
    except OSError:  # pragma: no cover - removed since the listing
        return "."
