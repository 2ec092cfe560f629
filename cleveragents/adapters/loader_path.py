"""The dynamic loader's path of agents' own environment, trusted before any program runs:
the entries of `LD_LIBRARY_PATH`, `LD_PRELOAD` and `LD_AUDIT` that are empty or relative
(the working folder) or lie in the working tree are dropped, so a library a model's command
writes there never loads into what agents starts on the host (its own `git`, bubblewrap,
Claude Code), not even before the command's put-back (attack 21 #4, #5). What the user's
shell holds is still read as it was (`started_value`, `home_environ.environ_lines`): the
user's next programs load from there. Kept apart and small: every `agents` start imports it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path


def tree_of(place: Path) -> Path:
    """The working tree `place` lies in, as the file system tells it: the nearest folder
    holding a `.git` (a folder or a file); `place` itself outside any."""
    real = Path(os.path.realpath(place))
    for folder in (real, *real.parents):
        if os.path.lexists(folder / ".git"):
            return folder
    return real


LOADER_VARIABLES = ("LD_LIBRARY_PATH", "LD_PRELOAD", "LD_AUDIT")
_LOADER_SEPARATORS = re.compile(r"[:; ]")


_started: dict[str, str] = {}  # each as agents was started with it: `started_value`


def trust_loader(tree: Path) -> None:
    """Drop from agents' own environment, for what it starts, the loader entries that are
    empty, relative or in the tree `tree`; a variable left with none goes. What the user's
    shell holds stays read as it is (`started_value`): its next programs load from there."""
    for name in LOADER_VARIABLES:
        value = os.environ.get(name)
        if value is None:
            continue
        _started.setdefault(name, value)
        kept = [
            entry
            for entry in _LOADER_SEPARATORS.split(value)
            if os.path.isabs(entry) and not Path(os.path.realpath(entry)).is_relative_to(tree)
        ]
        if kept:
            os.environ[name] = ":".join(kept)
        else:
            del os.environ[name]


def started_value(name: str) -> str:
    """`name` of the environment agents was started with (before `trust_loader`)."""
    return _started.get(name, os.environ.get(name, ""))
