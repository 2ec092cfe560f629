"""The paths a saved-files record names: refused (exit 3) when one is outside the tree.

A record is read back from the plan's store, which anything with write access to the git
directory can edit: `FileSaver` never writes or removes at a path a record names before
these checks pass (`..`, an absolute path, a name inside the git directory).
"""

from __future__ import annotations

import os
from pathlib import Path

from cleveragents.domain.record_paths import path_problem
from cleveragents.domain.rules import git_refuses_name
from cleveragents.errors import ConflictingState


def refuse_outside(paths: list[str], root: Path) -> None:
    """Refuse (exit 3) a record naming a path outside the tree, whatever wrote it. A first
    name git takes for its own directory (`.GIT`, `git~1`) is a plain folder of the tree
    where the file system tells it from the git directory (`_beside_git_dir`)."""
    for path in paths:
        problem = path_problem(path)
        top, _, rest = path.partition("/")
        plain = "x/" + rest if rest else "x"
        # Only the first name's problem is forgiven, and only for a name git refuses.
        if (
            problem is not None
            and git_refuses_name(top)
            and path_problem(plain) is None
            and _beside_git_dir(root, top)
        ):
            continue
        if problem is not None:
            raise ConflictingState(
                f"a saved-files record names the path {path!r}, which {problem}: "
                "nothing was restored",
                hint="the plan's records are damaged or forged; delete the plan",
            )


def _beside_git_dir(root: Path, top: str) -> bool:
    """Whether `top`, a name at the top of the tree, is not the tree's git directory: not
    `.git` itself, no link, and not a name the file system takes for it (a case-insensitive
    one takes `.GIT` for `.git`: then both name the same folder)."""
    there, git_dir = root / top, root / ".git"
    if there.is_symlink():
        return False
    if not os.path.lexists(there) or not os.path.lexists(git_dir):
        return True
    return not os.path.samefile(there, git_dir)
