"""The states of saved paths: as an operation found them (its saved records) and as they are.

An undo compares what an operation saved that no checkpoint holds in three states (see
`domain/saved_states.py`); this reads two of them. Files are hashed in-process, as git
would name their blobs (`hash-object --no-filters`): only the saved paths are read, and
no git process runs for the working tree's side.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable

from cleveragents.adapters.folder_walk import through_no_link
from cleveragents.adapters.git.folder_listing import ways_opened
from cleveragents.adapters.git.modes import LINK
from cleveragents.adapters.git.saved_files import FileSaver, git_mode
from cleveragents.domain.checkpoint import SavedFiles, oldest_last
from cleveragents.domain.saved_states import BLOCKED, BYTES_IN_TREE, FOLDER, OTHER, State


class SavedStates:
    """Reads the states of saved paths, in the working tree and in saved records."""

    def __init__(self, saver: FileSaver) -> None:
        self.saver = saver
        self.root = saver.repo.root
        self._hash = hashlib.sha256 if saver.repo.object_format == "sha256" else hashlib.sha1

    def now(self, paths: Iterable[str]) -> dict[str, State]:
        """Each path's state in the working tree now (through a folder of the user's that
        they may not enter, opened for it: `Opened.ways`; a folder so opened as it was)."""
        paths = list(dict.fromkeys(paths))
        with ways_opened(self.root, paths, self.saver.repo.state_dir / "opened") as opened:
            clear = through_no_link(self.root, paths)  # each folder on the ways looked at once
            found = {path: self._state(path, path in clear) for path in paths}
            before = opened.folders()
        return {
            path: (FOLDER, before[path][1]) if path in before and got[0] == FOLDER else got
            for path, got in found.items()
        }

    def modes(self, paths: Iterable[str]) -> dict[str, int]:
        """The permission bits of each of `paths` that is a regular file, reached through no
        link (one `lstat` each, nothing read; a folder on the way opened as by `now`)."""
        paths = list(dict.fromkeys(paths))
        with ways_opened(self.root, paths, self.saver.repo.state_dir / "opened"):
            return self._modes(paths)

    def _modes(self, paths: list[str]) -> dict[str, int]:
        found = {}
        clear = through_no_link(self.root, paths)
        for path in dict.fromkeys(paths):
            if path not in clear:
                continue
            try:
                st = os.lstat(os.path.join(self.root, path))
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                found[path] = stat.S_IMODE(st.st_mode)
        return found

    def _state(self, path: str, clear: bool) -> State:
        if not clear:
            return (BLOCKED, None)  # a link or file where its folder was: in the way
        full = os.path.join(self.root, path)
        try:
            st = os.lstat(full)
            if stat.S_ISLNK(st.st_mode):
                data = os.readlink(full).encode("utf-8", "surrogateescape")
            elif stat.S_ISREG(st.st_mode):
                with open(full, "rb") as file:
                    data = file.read()
            elif stat.S_ISDIR(st.st_mode):  # a folder's mode is its state (`folders`)
                return (FOLDER, stat.S_IMODE(st.st_mode))
            else:
                return (OTHER, None)
        except FileNotFoundError:
            return (None, None)
        perm = stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else None
        return (f"{git_mode(st)} {self._blob(data)}", perm)

    def _blob(self, data: bytes) -> str:
        return self._hash(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()

    def found(self, records: Iterable[SavedFiles]) -> dict[str, State]:
        """Each path of `records` as the oldest record holding it saved it."""
        states: dict[str, State] = {}
        for saved in oldest_last(list(records)):  # newest first: the oldest state wins
            files = {p: (m, b) for p, m, b in self.saver.listing(saved.commit)}
            for path in saved.absent:
                states[path] = (None, None)
            for path, perm in saved.folders.items():
                states[path] = (FOLDER, perm)
            for path, perm in saved.modes.items():
                if path in files:
                    mode, blob = files[path]
                    states[path] = (f"{mode} {blob}", None if mode == LINK else perm)
                else:  # only its permission bits were saved: its bytes are the tree's
                    states[path] = (BYTES_IN_TREE, perm)
        return states
