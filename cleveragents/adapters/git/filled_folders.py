"""Empty folders that stood before a command or an action wrote a file into them.

No checkpoint holds an empty folder (`uploads/` of mode 1777, `logs/`, a mount point): the
restore an undo or a correction makes removes the file the command wrote there, then the
folder it leaves empty, as git does, and the folders that held only it, with their modes.
So the folders a command's look saw empty (`CommandLook.empty`) that hold something after
it, and those an agent's write fills (`on_the_way`), go into its record as empty folders
(`SavedFiles.empty`, made again by the put-back) with the modes of the folders holding
them (`SavedFiles.folders`, given back): undo removes only the folders the command made.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path

from cleveragents.adapters.git import checkout, folder_modes
from cleveragents.adapters.git.saved_files import link_on_the_way
from cleveragents.domain.record_paths import TOP_FOLDER


def filled(empty: Iterable[str], gone: Collection[str], empty_now: Iterable[str]) -> list[str]:
    """The folders of `empty` (empty before a command) that still stand (not `gone`) and
    are not empty now (not in `empty_now`): the command put something in them."""
    still = set(empty_now)
    return [path for path in empty if path not in gone and path not in still]


def modes(seen: Mapping[str, int], folders: Iterable[str]) -> dict[str, int]:
    """The modes `seen` holds of `folders`, and of the folders holding them where git
    would not give that mode (but the top one, which no restore removes): a restore that
    removes a folder may take those holding only it, made again with git's mode."""
    found: dict[str, int] = {}
    for path in folders:
        if path in seen:
            found[path] = seen[path] & folder_modes.FOLDER_BITS  # never a setuid bit
        folder = path.rpartition("/")[0]
        while folder and folder not in found:
            if folder in seen and seen[folder] != folder_modes.default_mode():
                found[folder] = seen[folder] & folder_modes.FOLDER_BITS
            folder = folder.rpartition("/")[0]
    found.pop(TOP_FOLDER, None)
    return found


def on_the_way(root: Path, path: str) -> tuple[list[str], dict[str, int]]:
    """The folder on the way to `path` (a file an action writes) that stands empty now,
    reached through no link, if any; and the modes of it and of the folders holding it."""
    folder = path.rpartition("/")[0]
    while folder and not os.path.lexists(root / folder):
        folder = folder.rpartition("/")[0]  # the action makes it: undo removes it
    if not folder or link_on_the_way(root, folder) is not None:
        return [], {}
    st = checkout.lstat(f"{root}/{folder}")
    if st is None or not stat.S_ISDIR(st.st_mode):
        return [], {}
    try:
        if any(os.scandir(root / folder)):
            return [], {}
    except OSError:  # pragma: no cover - the suites run as root, who reads every folder
        return [], {}
    return [folder], modes(folder_modes.folder_modes(root, [f"{folder}/"]), [folder])
