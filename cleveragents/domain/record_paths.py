"""Which paths a record may name: what a restore may touch, whoever wrote the record.

A path in a record (a saved file, a mode, a place where nothing stood, an entry of a saved
tree) names a place inside the working tree: relative, written the one way (`a/b`, never
`a//b`, `./a` or `a/../b`), never the tree's own git directory (`.git` in any case, or its
8.3 short name `git~1`). Records from another clone may not name a nested repository's git
directory either: its config and hooks are commands (`foreign=True`).
"""

from __future__ import annotations

GIT_DIR_NAMES = (".git", "git~1")
# The working tree's own folder, where a record names a folder's mode (`SavedFiles.folders`):
# no path of a file, and this clone's alone (never in a record from another clone).
TOP_FOLDER = "."


def path_problem(path: str, foreign: bool = False) -> str | None:
    """Why `path` may not be touched by a restore, or None when it may."""
    if "\0" in path:
        return "holds a NUL"
    if path.startswith("/"):
        return "is absolute"
    parts = path.split("/")
    if any(p in ("", ".", "..") for p in parts):
        return "is not a plain relative path (empty, `.` or `..` part)"
    names = [p.lower() for p in parts]
    if names[0] in GIT_DIR_NAMES or (foreign and any(n in GIT_DIR_NAMES for n in names)):
        return "goes through a `.git` folder"
    return None
