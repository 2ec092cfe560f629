"""The programs agents itself runs on the host (git, bwrap, the pager's shell, the bash of a
model's commands), found on PATH without the folders a model's command can write.

A sandboxed command may write anywhere in the working tree. A PATH that names a folder of
it (an activated `.venv/bin`, `node_modules/.bin`, `.`) would let a model plant a `git` or
a `bwrap` that the next agents process runs outside the sandbox, with the API key in its
environment. So the lookup skips empty and relative entries, every folder inside the
working tree, and a program whose real path lies inside it.
"""

from __future__ import annotations

import functools
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.errors import BadInput

if TYPE_CHECKING:  # not at start-up: every git call of a read-only view finds git here
    from cleveragents.domain.host_files import PathFolder


@functools.cache
def tree_of(place: Path) -> Path:
    """The working tree `place` lies in, as the file system tells it: the nearest folder
    holding a `.git` (a folder or a file); `place` itself outside any."""
    real = Path(os.path.realpath(place))
    for folder in (real, *real.parents):
        if os.path.lexists(folder / ".git"):
            return folder
    return real


@functools.cache
def find(name: str, tree: Path) -> str | None:
    """`name` on PATH, as `shutil.which` finds it, but never in a folder a model's command
    could have written: relative entries, or anything inside `tree`."""
    for entry in trusted_entries(tree):
        found = shutil.which(name, path=entry)
        if found is not None and not _inside(Path(os.path.realpath(found)), tree):
            return found
    return None


def trusted_path(tree: Path) -> str:
    """PATH without the folders `find` skips, for a shell agents starts on the host."""
    return os.pathsep.join(trusted_entries(tree))


def trusted_entries(tree: Path) -> list[str]:
    entries = os.environ.get("PATH", os.defpath).split(os.pathsep)
    return [
        entry
        for entry in dict.fromkeys(entries)
        if entry and os.path.isabs(entry) and not _inside(Path(os.path.realpath(entry)), tree)
    ]


def _inside(path: Path, tree: Path) -> bool:
    return path == tree or path.is_relative_to(tree)


def path_folders(tree: Path, bare: Callable[[], frozenset[str]] = frozenset) -> list[PathFolder]:
    """The folders of the working tree `tree` on PATH (as their real paths lie in it, a
    `.git` left out), each with the names a file there would shadow (the PATH folders' after
    it, and the `bare` names hooks and git config programs run, read only when such a folder
    is found) and its own now: the user's shell runs a program found there on the host
    (`domain/host_files.py`)."""
    from cleveragents.domain.host_files import PathFolder

    entries = [e for e in dict.fromkeys(_path()) if e and os.path.isabs(e)]
    top = Path(os.path.realpath(tree))
    found: list[PathFolder] = []
    for at, entry in enumerate(entries):
        real = Path(os.path.realpath(entry))
        if real == top or not _inside(real, top) or ".git" in real.relative_to(top).parts:
            continue  # the top: refused (`refuse_top_on_path`)
        later = bare().union(*(_names(e) for e in entries[at + 1 :]))
        found.append(PathFolder(real.relative_to(top).as_posix(), later, _names(entry)))
    return found


def refuse_top_on_path(tree: Path) -> None:
    """Refuse (exit 2) to work on the tree `tree` when PATH names its top: a file a plan
    wrote there would run on the host in place of a program of its name, and the whole
    top cannot be kept from the plan."""
    top = os.path.realpath(tree)
    if any(os.path.isabs(e) and os.path.realpath(e) == top for e in _path() if e):
        raise BadInput(
            f"your PATH names the top of this working tree ({tree}): a file a plan wrote "
            "there would run on the host as a program of its name",
            hint="take the folder off PATH for agents (a folder inside the tree is watched)",
        )


def _path() -> list[str]:
    return os.environ.get("PATH", os.defpath).split(os.pathsep)


def _names(folder: str) -> frozenset[str]:
    """The names in `folder` now (none when it is missing), read again only when the
    folder changed."""
    try:
        st = os.stat(folder)
    except OSError:
        return frozenset()
    return _listed(folder, st.st_mtime_ns, st.st_ino)


@functools.lru_cache(maxsize=64)
def _listed(folder: str, _mtime: int, _inode: int) -> frozenset[str]:
    try:
        return frozenset(os.listdir(folder))
    except OSError:
        return frozenset()
