"""What the put-back of the tree's nested `.git` entries removes or overwrites, kept first.

A nested `.git` no box holds (a command run with `--no-sandbox`, Claude Code's own Bash, an
empty `.git` past the binds) is writable to the command and to the user alike while it
runs: a hook the user writes there meanwhile
(`vendor/lib/.git/hooks/pre-commit`) is not known from one of the command's, and the
put-back after the command (`git_dirs.py`) removes it (attack 21 #14c). So every file and
link it removes or writes over, a whole folder's too, is hashed into the object database
first, and all of one put-back go into one commit on the plan's saved ref (never among its
checkpoints), named in the outcome (`git show COMMIT:PATH`). Git records no path through a
folder named `.git`: the tree holds it escaped as saved files' names are (`saved_names.py`:
`vendor/lib/.git~cleveragents/hooks/pre-commit`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cleveragents.adapters.folder_walk import walk
from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.folder_listing import opened_around
from cleveragents.adapters.git.saved_files import (
    FileSaver,
    git_mode,
    has_bytes,
    link_on_the_way,
    remove,
)
from cleveragents.adapters.git.saved_names import ESCAPE

MESSAGE = "cleveragents removed files: nested .git"


class KeptDrops:
    """Removes what stands at a path of the tree, its bytes kept; one commit for them all."""

    def __init__(
        self, root: Path, saver: FileSaver | None, commit: Callable[[str, str, str], str] | None
    ) -> None:
        self.root = root
        self.saver = saver
        self._commit = commit  # (plan_id, tree, message) -> a commit on the plan's saved ref
        self._kept: dict[str, tuple[str, str]] = {}  # path -> (git mode, blob)
        self.modes: list[str] = []  # what was given its owner's rights to go, said

    def drop(self, path: str) -> None:
        """Keep the files and links at `path` (a folder's, whole), then remove it. Never
        through a link on the way: the caller clears one first, or it goes itself. What
        its owner could not read or remove from (`chmod 555` by the command) is given the
        rights first, the folder holding it its mode back after (`opened_around`)."""
        clear = link_on_the_way(self.root, path) is None  # else nothing kept, nothing opened
        with opened_around(self.root, [path] if clear else []) as said:
            if self.saver is not None and clear:
                found = _files(self.root, path)
                blobs = self.saver.hash_files(found)
                for (name, mode), blob in zip(found, blobs, strict=True):
                    self._kept.setdefault(name, (mode, blob))  # the first: what stood
            remove(self.root / path)
        self.modes += said

    def commit(
        self, plan_id: str | None, message: str = MESSAGE, line: str | None = None
    ) -> list[str]:
        """The commit of what was dropped since the last call, said in one line (none when
        nothing was; `line` with `{commit}` in it, when given), after the line naming what
        was given its owner's rights to go."""
        kept, self._kept = self._kept, {}
        said, self.modes = list(dict.fromkeys(self.modes)), []
        if not kept or self.saver is None or self._commit is None or plan_id is None:
            return said
        tree = self.saver.tree_of([(path, mode, blob) for path, (mode, blob) in kept.items()])
        short = self._commit(plan_id, tree, message)[:12]
        if line is not None:
            return [*said, line.format(commit=short)]
        return [
            *said,
            f"what the put-back removed or wrote over is kept in commit {short}, never in "
            f"the tree (git show {short}:PATH, each .git folder as .git{ESCAPE})",
        ]


def _files(root: Path, path: str) -> list[tuple[str, str]]:
    """The files and links at `path` (itself, or all below a folder; links not followed),
    each with its git mode."""
    st = lstat(f"{root}/{path}")
    if st is None:
        return []
    if has_bytes(st):
        return [(path, git_mode(st))]
    found: list[tuple[str, str]] = []
    for folder, subfolders, names in walk(root / path):
        inside = Path(folder).relative_to(root).as_posix()
        for name in [*names, *subfolders]:
            one = lstat(f"{folder}/{name}")
            if one is not None and has_bytes(one):
                found.append((f"{inside}/{name}", git_mode(one)))
    return found
