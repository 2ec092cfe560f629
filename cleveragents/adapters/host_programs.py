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
from pathlib import Path


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
