"""The files a `python3 -m NAME` of the tree runs (`domain/interpreters.tree_module`): where
the tree holds NAME at an import root (`NAME.py`, a regular package `NAME/__init__.py`),
the module is the tree's and is read as a script is, not the whole tree.

A package's modules import each other and the modules beside it by absolute names from the
import root (`from srv.server import main`, `import helper`), which the reader of one script
looks for in its own folder: so for a package, each of its `.py` files and each module
standing at the import root (a `*.py`, a package's `__init__.py`) is read in turn, at most
`MOST_FILES`; past that, the whole tree, said.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import Path

from cleveragents.adapters.folder_walk import walk
from cleveragents.domain.reach import WHOLE, Reach, printable

MOST_FILES = 64


def module_files(base: Path, reach: Reach) -> list[Reach] | None:
    """The files of the tree (from `base`, the folder the reach's paths start from) to read
    for the tree's module `reach.unless` names, or None when the tree holds none there (the
    module is installed outside it: `reach` holds; nothing of the tree for `TREE_ONLY`)."""
    for files in reach.unless:
        if not all((base / f).is_file() for f in files):
            continue
        own = files[-1]
        if not own.endswith("/__init__.py"):
            return []  # one file: read through the plain places beside `reach`
        first = posixpath.dirname(files[0]) if files[0].endswith("/__init__.py") else files[0]
        folder = posixpath.dirname(first)  # the import root the package stands in
        found = [*_python_files(base, posixpath.dirname(own)), *_root_modules(base, folder)]
        if len(found) > MOST_FILES:
            package = printable(posixpath.dirname(own))
            why = f"`{package}`, a package of the tree with more Python files than agents reads"
            return [Reach(WHOLE, unknown=why)]
        return [Reach(path) for path in dict.fromkeys(found)]
    from cleveragents.domain.interpreters import TREE_ONLY  # read as a module is

    return [] if reach.kind == TREE_ONLY else None


def _python_files(base: Path, folder: str) -> list[str]:
    """The `.py` files in `folder` and below, at most one past `MOST_FILES`."""
    found: list[str] = []
    for at, folders, names in walk(base / folder):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        where = os.path.relpath(at, base)
        found += [posixpath.join(where, n) for n in sorted(names) if n.endswith(".py")]
        if len(found) > MOST_FILES:
            break
    return found


def _root_modules(base: Path, folder: str) -> list[str]:
    """The modules standing at the import root `folder`: its `*.py` and each package's
    `__init__.py`."""
    try:
        names = sorted(os.listdir(base / folder))
    except OSError:
        return []
    found = [posixpath.join(folder, n) for n in names if n.endswith(".py")]
    inits = (posixpath.join(folder, n, "__init__.py") for n in names)
    return found + [p for p in inits if (base / p).is_file()][: MOST_FILES + 1]
