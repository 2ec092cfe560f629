"""Files of the tree that share their bytes with a file outside it (hard links).

A hard link is one file under two names: a command that writes it in place (`>>`, an
editor saving in place, `chmod`) changes it under every name, outside the tree too, where
no checkpoint reaches and undo cannot follow (it puts a new file back in the tree; the
outside one stays changed). pnpm's store, uv's cache and `git clone /local/path` make such
links; so does a user's `ln`. A file whose other names are all inside the tree changes only
the tree, which checkpoints hold: it needs nothing.

The sandbox binds each such file read-only; a mount each, which bwrap makes dearer the more
there are. Over the bound, a folder whose own files are all such files (a package of pnpm's
or uv's, say) is bound read-only whole instead, everything under it with it; never the top
of the tree.
"""

from __future__ import annotations

import posixpath
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping

from cleveragents.domain.command_saves import shown_path

# (device, inode), the file's link count, its path in the tree
LinkedName = tuple[tuple[int, int], int, str]


def linked_outside(names: Iterable[LinkedName]) -> list[str]:
    """The paths of the files that have more names (links) than the tree shows: some name
    of theirs is outside it. Sorted."""
    seen: dict[tuple[int, int], list[str]] = defaultdict(list)
    counts: dict[tuple[int, int], int] = {}
    for key, links, path in names:
        seen[key].append(path)
        counts[key] = links
    return sorted(path for key, paths in seen.items() if counts[key] > len(paths) for path in paths)


def held_places(paths: list[str], own_files: Mapping[str, int], bound: int) -> list[str] | None:
    """What to bind read-only for the linked-outside `paths`: the files themselves, within
    `bound`; else each folder (not the top) whose regular files (`own_files`, counted
    without those of its sub-folders) are all among them, in place of everything under it,
    and the files left. None when that is still more than `bound`."""
    if len(paths) <= bound:
        return paths
    linked = Counter(posixpath.dirname(path) for path in paths)
    whole = {folder for folder, n in linked.items() if folder and own_files.get(folder) == n}
    folders = sorted(folder for folder in whole if not _under(folder, whole))
    places = [*folders, *(path for path in paths if not _under(path, whole))]
    return places if len(places) <= bound else None


def _under(path: str, folders: set[str]) -> bool:
    """Whether `path` is in one of `folders`, at any depth."""
    folder = posixpath.dirname(path)
    while folder:
        if folder in folders:
            return True
        folder = posixpath.dirname(folder)
    return False


def held_note(paths: list[str]) -> str:
    """What a failed command's outcome says of the files it could not change."""
    return f"read-only in the sandbox: {_linked(paths)} ({_shown(paths)}; copy one to change it)"


def refusal(paths: list[str], bound: int, variable: str, most: int) -> str:
    """Why a command is not run: more such files than the sandbox binds read-only."""
    raise_it = f" or set {variable} to {len(paths)} or more" if len(paths) <= most else ""
    return (
        f"refused: {_linked(paths)} ({_shown(paths)}), more than the {bound} the sandbox "
        f"holds read-only; break the links (copy the files){raise_it}"
    )


def _linked(paths: list[str]) -> str:
    if len(paths) == 1:
        return "1 file hard-linked to a file outside the working tree"
    return f"{len(paths)} files hard-linked to files outside the working tree"


def _shown(paths: list[str]) -> str:
    named = ", ".join(shown_path(path) for path in paths[:3])
    return named + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
