"""What a save finds at the paths it is given: files, links, whole folders, or nothing.

A command that makes a folder 1,100 levels deep names each of its 1,100 folders among the
paths the next restore saves. Walking each of them whole read the deepest folder 1,100
times, the next 1,099: an undo of such a command took over ten minutes. Each
outermost folder is walked once here, and what a path inside it holds is read from that
walk: the same files, the same absent paths, as a walk of its own would find.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from cleveragents.adapters.folder_walk import walk
from cleveragents.adapters.git.modes import LINK, mode_of_file
from cleveragents.errors import ConflictingState

Entry = tuple[str, str, int]  # (path, git mode, exact mode)


def git_mode(st: os.stat_result) -> str:
    if stat.S_ISLNK(st.st_mode):
        return LINK
    return mode_of_file(bool(st.st_mode & 0o100))


def has_bytes(st: os.stat_result) -> bool:
    """Whether what `st` describes is a file or link: something a save reads without
    waiting (a FIFO's `open` waits for a writer, a device's has effects)."""
    return stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)


@dataclass
class Walked:
    """One walk of a folder: the folders it listed and the files and links below them."""

    repository: bool
    entries: list[Entry] = field(default_factory=list)
    folders: set[str] = field(default_factory=set)  # listed, so every folder above is one
    holding: set[str] = field(default_factory=set)  # folders with an entry at any depth
    files: set[str] = field(default_factory=set)


def walk_folder(root: Path, path: str, repository: bool = False) -> Walked:
    """The files and links of the folder `path` (from `root`) at any depth, with their
    modes; a `.git` below it is refused unless `path` is a `repository` saved whole."""
    base = os.fspath(root)
    cut = len(base) + 1
    found = Walked(repository)
    for top, folders, names in walk(os.path.join(base, path)):
        here = top[cut:]
        if (".git" in folders or ".git" in names) and not repository:
            raise ConflictingState(
                f"a restore would remove the nested repository {here}",
                hint="move it out of the way (or commit and remove it), then retry",
            )
        found.folders.add(here)
        for name in [*names, *(f for f in folders if os.path.islink(os.path.join(top, f)))]:
            st = os.lstat(os.path.join(top, name))
            if not has_bytes(st):  # a FIFO, socket or device: reading one would hang
                continue
            found.entries.append((f"{here}/{name}", git_mode(st), stat.S_IMODE(st.st_mode)))
            found.files.add(f"{here}/{name}")
    for entry, _, _ in found.entries:  # each folder once: climbing stops at one held
        folder = entry.rpartition("/")[0]
        while folder not in found.holding and folder != path:
            found.holding.add(folder)
            folder = folder.rpartition("/")[0]
    if found.entries:
        found.holding.add(path)
    return found


def outermost(paths: Collection[str]) -> dict[str, str]:
    """Each of `paths` below another of them: the outermost of those. Sorted by their
    names, a path comes right before all below it: one pass, whatever the depth."""
    covering: dict[str, str] = {}
    cover: str | None = None
    for path in sorted(paths, key=lambda p: p.split("/")):
        if cover is not None and path.startswith(cover + "/"):
            covering[path] = cover
        else:
            cover = path
    return covering


def absent_in(walked: Walked, path: str) -> bool | None:
    """Whether a save of `path`, inside the walked folder, finds nothing there (its files
    are the walk's already); None when a folder on its way was not listed (a link, a
    file, a folder it could not read): then `path` is looked at on its own."""
    if path.rpartition("/")[0] not in walked.folders:
        return None
    if path in walked.folders:
        return path not in walked.holding
    return path not in walked.files  # nothing, or no file nor link (a FIFO)
