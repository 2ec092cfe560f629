"""The files of the user's home that run on the host at the next login or shell, or that
git reads as its global config, where they lie in the working tree: a dotfiles repository
whose `~/.bashrc` links to `bashrc` in the tree, or a tree that is the home itself.

A sandboxed command's `echo ... >> bashrc` would run in the user's next shell. These files
are host-run files (`domain/host_files.py`): the model's file actions on them are refused,
and what a command does to them is put back (`git/claude_dirs.py`).
"""

from __future__ import annotations

import os
from pathlib import Path

from cleveragents.domain.host_files import STARTUP_FILES


def startup_files(tree: Path) -> list[str]:
    """The paths in the tree `tree` (relative) of the home's startup files: where each one
    leads (a link, followed to its end, standing or not), or where it lies when the home
    is the tree or in it."""
    home = os.environ.get("HOME")
    if not home or not os.path.isabs(home):
        return []
    top = Path(os.path.realpath(tree))
    found: list[str] = []
    for name in STARTUP_FILES:
        real = Path(os.path.realpath(os.path.join(home, name)))
        if real != top and real.is_relative_to(top) and ".git" not in real.relative_to(top).parts:
            found.append(real.relative_to(top).as_posix())
    return list(dict.fromkeys(found))
