"""Where `agents` writes a file the user names (`plan export FILE`, `plan tree --output`).

A sandboxed command may make links anywhere in the working tree, and CI writes artefacts to
fixed paths in it: a file named there is never written through a link. The path itself may
not be a link, nor may a folder on its way inside the working tree (found as git finds it,
the nearest folder up from here holding a `.git`), so no write lands outside where it was
named. Folders above the working tree (`/tmp`, a linked home) are the user's own.
"""

from __future__ import annotations

import os
from pathlib import Path

from cleveragents.errors import BadInput


def tree_top(here: Path) -> Path:
    """The working tree this command stands in: the nearest folder up holding a `.git`."""
    return next((p for p in (here, *here.parents) if (p / ".git").exists()), here)


def unlinked(path: Path, here: object) -> Path:
    """`path`, refused (exit 2) when it or a folder on its way in the working tree is a
    link; `here` is where the command runs (`-C`, kept in typer's context), else this folder."""
    full = Path(os.path.abspath(path))
    if full.is_symlink():
        raise BadInput(
            f"{path} is a link: agents writes a file only where it is named, never through one",
            hint="name the file itself, or remove the link",
        )
    top = tree_top(Path(os.path.abspath(here if isinstance(here, Path) else Path.cwd())))
    if full.is_relative_to(top):
        for folder in full.parents:
            if folder == top:
                break
            if folder.is_symlink():
                raise BadInput(
                    f"{folder} is a link in the working tree: agents never writes through one",
                    hint="name a path whose folders are folders, or remove the link",
                )
    return full
