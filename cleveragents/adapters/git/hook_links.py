"""Hooks that are links into the working tree: what git runs there is a host-run file.

Many projects' setup docs say `ln -s ../../scripts/pre-commit .git/hooks/pre-commit`, or
make `.git/hooks` itself a link to a tree folder (`githooks/`). Git follows such a link and
runs the tree file at the user's next commit, outside any sandbox. So every hooks folder
git uses (the git dir's and the common dir's `hooks`, `core.hooksPath` as
the user's git reads it), resolved as git resolves it (`realpath`), is a host-run folder
when it lies in the tree; and each entry of it that is a link leading into the tree makes
its target (a file or a folder) one (`domain/host_files.py`).

A hook hard-linked to a tree file needs nothing here: the model's file actions and Claude
Code's Write/Edit replace the name (the hook keeps its bytes), and the look at a real
`.git/hooks` before and after a command sees its stat change (`claude_dirs.py`).

Cost: one listing of each hooks folder (a handful of entries).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.adapters.git.own_git_dir import common_dir_now

if TYPE_CHECKING:
    from cleveragents.adapters.git.repository import GitRepository


def hook_link_targets(repo: GitRepository, hooks_paths: list[str]) -> list[str]:
    """The paths of the tree (relative, posix) that git runs as hooks through a link: a
    hooks folder that resolves into the tree, and where each link in a hooks folder leads
    when that is in the tree. `hooks_paths`: `core.hooksPath` values as git reads them."""
    root = Path(os.path.realpath(repo.root))
    found: list[str] = []
    for folder in _hooks_folders(repo, hooks_paths):
        real = os.path.realpath(folder)
        inside = _in_tree(root, real)
        if inside is not None and real != os.path.normpath(folder):
            found.append(inside)  # the folder itself is a link into the tree
        for entry in _entries(real):
            if entry.is_symlink():
                # Where it leads as written (a link there may be swapped) and at the end.
                named = os.path.join(real, _read_link(entry.path))
                for place in (os.path.normpath(named), os.path.realpath(entry.path)):
                    target = _in_tree(root, place)
                    if target is not None:
                        found.append(target)
    return list(dict.fromkeys(found))


def _hooks_folders(repo: GitRepository, hooks_paths: list[str]) -> list[str]:
    """Every hooks folder git may run hooks from, absolute, links not resolved."""
    folders = [str(repo.git_dir / "hooks"), str(common_dir_now(repo) / "hooks")]
    folders += [str(repo.root / os.path.expanduser(value)) for value in hooks_paths]
    return list(dict.fromkeys(os.path.normpath(f) for f in folders))


def _in_tree(root: Path, real: str) -> str | None:
    """`real` relative to the tree `root`, when inside it and outside its `.git`."""
    inside = os.path.relpath(real, root)
    parts = Path(inside).parts
    if inside == "." or parts[0] in ("..", ".git"):
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
