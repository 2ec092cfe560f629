"""Folders bound read-only in the sandbox stay where they are after a command.

A read-only bind pins a folder, not its name: a command may rename a folder above one (`mv
lib lib2`, allowed: only the bound folder itself is busy) and make a new one in its place
(`mkdir -p lib/src`). Then the next `agents` imports from the new one (agents' own Python in
the tree, `host_folders.own_python`), or the user's next `git status` reads its config (a
nested repository's git directory of another name, `git/git_folders.py`). So the identity
of each bound folder (device and inode) is noted before a command, and after it a place that
no longer holds that folder gets it back: what the command made there is removed (it is the
command's, and the checkpoint after it is taken later), and the folder, found by its
identity where the command moved it, is moved back.
"""

from __future__ import annotations

import itertools
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from cleveragents.adapters.git.saved_files import clear_way, remove
from cleveragents.domain.box_holds import BoxHolds
from cleveragents.domain.command_saves import shown_path

Identity = tuple[int, int]


def note(root: Path, places: Iterable[str]) -> dict[str, Identity]:
    """The identity of each folder of `places` (paths in the tree at `root`) that stands."""
    found = {}
    for place in places:
        try:
            st = os.lstat(root / place)
        except OSError:
            continue
        if stat.S_ISDIR(st.st_mode):
            found[place] = (st.st_dev, st.st_ino)
    return found


class HeldPlaces:
    """Each place of the tree the box binds read-only that stands before a command, and its
    folder, each opened as a path only: held open, neither can be freed and its inode
    number given to a file the command makes there after the host removed it."""

    def __init__(self, root: Path, places: Iterable[str]) -> None:
        self.root = root
        self.opened: dict[str, tuple[int, int]] = {}
        for place in places:
            handle = _open(f"{root}/{place}")
            if handle is None:
                continue
            folder = _open(os.path.dirname(f"{root}/{place}"))
            kind = os.fstat(handle).st_mode
            if folder is None or not (stat.S_ISDIR(kind) or stat.S_ISREG(kind)):
                for one in (handle, folder):
                    if one is not None:
                        os.close(one)
                continue
            self.opened[place] = (handle, folder)

    def holds(self, shared: frozenset[int]) -> BoxHolds:
        """What the box held the whole command (the same file or folder there now), and
        what the host replaced: another there, in the same folder. A bound place cannot be
        renamed over or removed in the box, and its mount goes with its folder where a
        command moves it: a folder made anew holds what is the command's, put back as
        before. The places are let go."""
        held, replaced = [], []
        for place, (handle, folder) in sorted(self.opened.items()):
            full = f"{self.root}/{place}"
            if not _real_way(str(self.root), place):
                continue  # a link on its way now: not where the box held it
            if _identity_of(full) == _identity_of(handle):
                held.append(place)
            elif _identity_of(os.path.dirname(full)) == _identity_of(folder):
                replaced.append(place)
        self.close()
        return BoxHolds(tuple(held), tuple(replaced), shared)

    def close(self) -> None:
        for handles in self.opened.values():
            for handle in handles:
                os.close(handle)
        self.opened = {}

    def __del__(self) -> None:  # a command cut short by an interrupt
        self.close()


def _open(path: str) -> int | None:
    try:
        return os.open(path, os.O_PATH | os.O_NOFOLLOW)
    except OSError:
        return None


def _real_way(root: str, place: str) -> bool:
    """Whether each folder on the way to `place` in the tree at `root` is a real folder."""
    parts = place.split("/")
    for n in range(1, len(parts)):
        try:
            if not stat.S_ISDIR(os.lstat(f"{root}/{'/'.join(parts[:n])}").st_mode):
                return False
        except OSError:
            return False
    return True


def _identity_of(path: str | int) -> Identity | None:
    try:
        st = os.fstat(path) if isinstance(path, int) else os.lstat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def put_back(
    root: Path, noted: dict[str, Identity], replaced: Iterable[str] = ()
) -> list[tuple[str, str | None]]:
    """Give each place of `noted` its folder back where a command moved it; the places,
    each with where what stood there is kept. A place the host `replaced` while the command
    ran (its folder the same: the box cannot rename a bound folder, the user can) may hold
    the user's own (a venv made anew, a `.claude` of theirs): moved aside to a name of its
    own beside it, never removed (attack 21 #14); what the command made is removed."""
    moved = {place: ident for place, ident in noted.items() if _identity(root / place) != ident}
    if not moved:
        return []
    where = _find(root, set(moved.values()))
    done: list[tuple[str, str | None]] = []
    hosts = set(replaced)
    for place, ident in sorted(moved.items(), key=lambda item: item[0].count("/")):
        _clear_way(root, place)  # never through a link the command left on the way
        there, kept = root / place, None
        if place in hosts and os.path.lexists(there):
            kept = aside(there).relative_to(root).as_posix()
        else:
            remove(there)
        if ident in where:
            os.rename(where[ident], there)
        done.append((place, kept))
    return done


def aside(path: Path) -> Path:
    """`path` moved to the first free `NAME.kept-N` beside it (no host program reads a
    folder by that name: not Claude Code, git or Python)."""
    for n in itertools.count(1):
        aside = path.with_name(f"{path.name}.kept-{n}")
        if not os.path.lexists(aside):
            os.rename(path, aside)
            return aside
    raise AssertionError("unreachable")  # pragma: no cover


def moved_notes(done: list[tuple[str, str | None]]) -> list[str]:
    """What the outcome says of the read-only folders moved back (`put_back`)."""
    moved = [shown_path(place) for place, kept in done if kept is None]
    notes = []
    if moved:
        notes.append(
            f"moved back {', '.join(moved)}, which it had moved (files that run on the host "
            "stay where agents and git find them); what it made in their place is removed"
        )
    for place, kept in done:
        if kept is not None:
            notes.append(
                f"{shown_path(place)} was replaced on the host during the command (the box's "
                f"hold on it ended then): put back as it was; what stood there is kept as "
                f"{shown_path(kept)}"
            )
    return notes


def _clear_way(root: Path, place: str) -> None:
    """Make each folder above `place` a real folder of the tree again: what the command
    left where one stood (a link, which would lead the put-back out of the tree, or a
    file) goes, a missing one is made."""
    clear_way(root, place)
    (root / place).parent.mkdir(parents=True, exist_ok=True)


def _identity(path: Path) -> Identity | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISDIR(st.st_mode) else None


def _find(root: Path, wanted: set[Identity]) -> dict[Identity, Path]:
    """Where the folders of `wanted` stand in the tree now (its own `.git` left out)."""
    found: dict[Identity, Path] = {}
    folders = [root]
    while folders and len(found) < len(wanted):
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if not entry.is_dir(follow_symlinks=False) or entry.path == f"{root}/.git":
                    continue
                st = entry.stat(follow_symlinks=False)
                if (st.st_dev, st.st_ino) in wanted:
                    found[(st.st_dev, st.st_ino)] = Path(entry.path)
                else:
                    folders.append(Path(entry.path))
    return found
