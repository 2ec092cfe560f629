"""Making the folders on the way to a path a restore writes, at any depth.

`os.makedirs` (and `Path.mkdir(parents=True)`) call themselves once per folder that is
missing: a file 1,000 folders deep that an undo brings back raised Python's
`RecursionError` and the undo was rolled back (attack 31, F10). This walks up to the first
folder that stands, then makes the missing ones from the top down, in a loop.
"""

from __future__ import annotations

import os


def make_folders(full: str | os.PathLike[str], mode: int = 0o777) -> None:
    """Make the folder `full` and each missing one holding it, as `os.makedirs(full, mode,
    exist_ok=True)` does (`mode` less the umask), without recursing: one that stands (a
    folder, or a link to one) is left as it is, a file on the way raises `OSError`."""
    path = os.fspath(full)
    try:  # as `os.makedirs`: the folder itself first, so a name too long makes nothing
        os.mkdir(path, mode)
        return
    except FileExistsError:
        if os.path.isdir(path):
            return
        raise
    except FileNotFoundError:  # a folder on the way is missing
        pass
    missing = []
    while path and not os.path.isdir(path):
        missing.append(path)
        parent = os.path.dirname(path)
        if parent == path:
            break
        path = parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, mode)
        except FileExistsError:  # made meanwhile, or a file there (not a folder: raise)
            if not os.path.isdir(folder):
                raise
