"""The files made in the user's tree as bwrap's mount points for host-run names not there
yet (`domain/host_binds.py`): empty, or a login bash's own holding what bash reads in its
stead (`host_binds.login_stand_in`); journaled so that none outlives the command, even a
killed `agents`.

Each is made here, not by bwrap: made new (`O_EXCL`, never a link followed), so its inode
and times are known. Before it is made, its name goes into a journal in agents' own state
(`<git dir>/cleveragents/mount-points/`), held locked while the command runs, and its
inode and times once made. After the command, and at the next `agents` command when a kill
left the journal (its lock gone with its process), a file is removed only while it is
still the one made: the same inode, regular, of the size made, its modification and
change times as they were. A file the user (or the host) put at that name meanwhile, wrote into,
chmodded or replaced by a folder stays, as does a name made with no record yet. A folder
made so (an empty read-only `.claude`) is removed as such: still the one made, and empty.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

FOLDER = "mount-points"
JOURNAL = ".journal"


@contextlib.contextmanager
def made(
    root: Path,
    places: tuple[str, ...],
    state: Path,
    written: tuple[tuple[str, str], ...] = (),
    folders: tuple[str, ...] = (),
) -> Iterator[None]:
    """Within, each of `places` (relative to `root`) not there yet stands as a read-only
    file made here, empty or holding what `written` gives it, each of `folders` as an
    empty read-only folder, journaled under `state`; after, each still ours is removed."""
    if not places and not folders:
        yield
        return
    folder = state / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
    with os.fdopen(fd, "w+", encoding="utf-8") as journal:
        fcntl.flock(journal, fcntl.LOCK_EX)  # held while the command runs: alive
        _line(journal, {"root": str(root)})
        path = Path(temporary).with_suffix(JOURNAL)
        os.rename(temporary, path)  # locked before its name shows: no sweep takes it
        texts = dict(written)
        try:
            for place in folders:  # first: most at stake
                _line(journal, {"place": place, "folder": True})  # before it is made
                identity = _make(root, place, None, lambda _: None)
                if identity is not None:
                    _line(journal, {"place": place, "made": identity, "folder": True})
            for place in places:
                content = texts.get(place, "").encode()
                _line(journal, {"place": place})  # before it is made

                def unnamed(
                    identity: list[int], place: str = place, size: int = len(content)
                ) -> None:
                    # Before its name shows (a kill then leaves no file unjournaled): what
                    # naming it keeps (device, inode, mtime), matched on those alone.
                    _line(journal, {"place": place, "made": identity[:3], "size": size})

                identity = _make(root, place, content, unnamed)
                if identity is not None:
                    _line(journal, {"place": place, "made": identity, "size": len(content)})
            yield
        finally:
            journal.seek(0)
            clear(root, journal.read())
            path.unlink()


def sweep(root: Path, state: Path, named: set[str] | None = None) -> tuple[list[str], list[str]]:
    """Remove what a killed command's journal under `state` names that is still as made,
    the journal too: the places removed, and those of a journal made where the tree stood
    before it was moved that stand as made but are no longer provably the same file (a
    copy's, `cp -a`, a move across file systems), to be said. A journal still locked (its
    command alive) is left. One of another root (the tree moved since, this git dir going
    with it) is swept in this tree and at that root, each file only while still the one
    made (same inode and times), so no other tree's file is taken (one at that root is
    given by its absolute path). Each place a journal names goes into `named`: none took
    the command's bytes, the box held it."""
    folder = state / FOLDER
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(JOURNAL))
    except OSError:
        return [], []
    removed: list[str] = []
    unsure: list[str] = []
    for name in names:
        try:
            journal = open(folder / name, encoding="utf-8")  # noqa: SIM115
        except OSError:
            continue
        with journal:
            try:
                fcntl.flock(journal, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # its command still runs
            text = journal.read()
            was = _root(text)
            if named is not None:
                named.update(p for e in _entries(text) if isinstance(p := e.get("place"), str))
            removed += clear(root, text, dated=True)
            if was is not None and was != str(root):
                if os.path.isdir(was):  # the tree copied, the old one kept: said by path
                    removed += [os.path.join(was, p) for p in clear(Path(was), text)]
                unsure += _alike(root, text)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(folder / name)
    return removed, unsure


def clear(root: Path, text: str, *, dated: bool = False) -> list[str]:
    """Remove each place the journal `text` records made that is still as made; those.
    `dated` (a killed command's): each folder it went from gets back the modification
    time it had, the date of the last change made there."""
    removed: list[str] = []
    entries = _entries(text)
    journaled = {e.get("place") for e in entries if "made" in e}
    for entry in entries:
        place, identity = entry.get("place"), entry.get("made")
        if not isinstance(place, str):
            continue
        try:
            st = os.lstat(root / place)
        except OSError:
            continue
        if identity is None and entry.get("folder") is True and place not in journaled:
            # Killed between making it and journaling it: ours only while as made, empty.
            identity = _identity(st) if stat.S_IMODE(st.st_mode) == 0o555 else []
        if not isinstance(identity, list) or not identity:
            continue
        made = _identity(st)[: len(identity)] == identity
        size = entry.get("size", 0)
        folder = _lstat((root / place).parent) if dated else None
        if entry.get("folder") is True and stat.S_ISDIR(st.st_mode) and made:
            with contextlib.suppress(OSError):  # only while empty
                os.rmdir(root / place)
                removed.append(place)
        elif stat.S_ISREG(st.st_mode) and st.st_size == size and made:
            os.unlink(root / place)
            removed.append(place)
        if folder is not None and removed[-1:] == [place]:
            with contextlib.suppress(OSError):
                times = (folder.st_atime_ns, folder.st_mtime_ns)
                os.utime((root / place).parent, ns=times, follow_symlinks=False)
    return removed


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except OSError:
        return None


def _alike(root: Path, text: str) -> list[str]:
    """The places the journal `text` records made that stand in `root` as a regular
    read-only file of the size made, though not that file."""
    found: list[str] = []
    for entry in _entries(text):
        place, size = entry.get("place"), entry.get("size", 0)
        if not isinstance(place, str) or "made" not in entry or place in found:
            continue
        try:
            st = os.lstat(root / place)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode) and st.st_size == size and not st.st_mode & 0o222:
            found.append(place)
    return found


def _make(
    root: Path, place: str, content: bytes | None, unnamed: Callable[[list[int]], None]
) -> list[int] | None:
    """Make `place` a read-only file holding `content` (no `content`: an empty folder), each
    folder on the way opened without following a link; its identity, or None when it could
    not be made (it stands now). `unnamed` is given a file's identity before its name shows."""
    *folders, name = place.split("/")
    at = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for folder in folders:
            inner = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=at)
            os.close(at)
            at = inner
        if content is None:
            os.mkdir(name, 0o555, dir_fd=at)
            fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=at)
        else:
            fd = _written(at, name, content, unnamed)
    except OSError:
        return None  # bwrap binds over what stands there; nothing of it is removed
    finally:
        os.close(at)
    try:
        return _identity(os.fstat(fd))
    finally:
        os.close(fd)


def _written(at: int, name: str, content: bytes, unnamed: Callable[[list[int]], None]) -> int:
    """`name` in the folder `at`, made read-only holding `content`, never over what stands:
    written unnamed, then named whole (a login bash starting meanwhile reads all of it, never
    an empty `.bash_profile` that skips `.profile`); made and written in place where the file
    system has no unnamed files. An open descriptor of it."""
    try:
        fd = os.open(".", os.O_WRONLY | os.O_TMPFILE | os.O_CLOEXEC, 0o444, dir_fd=at)
    except OSError:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
        fd = os.open(name, flags, 0o444, dir_fd=at)
        _write(fd, content)
        return fd
    try:
        _write(fd, content)
        unnamed(_identity(os.fstat(fd)))
        os.link(f"/proc/self/fd/{fd}", name, dst_dir_fd=at)  # fails where a name stands
    except OSError:
        os.close(fd)
        raise
    return fd


def _write(fd: int, content: bytes) -> None:
    while content:
        content = content[os.write(fd, content) :]


def _identity(st: os.stat_result) -> list[int]:
    return [st.st_dev, st.st_ino, st.st_mtime_ns, st.st_ctime_ns]


def _line(journal: TextIO, entry: dict[str, object]) -> None:
    journal.write(json.dumps(entry) + "\n")
    journal.flush()
    os.fsync(journal.fileno())


def _entries(text: str) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # a line cut by the kill
        if isinstance(entry, dict):
            found.append(entry)
    return found


def _root(text: str) -> str | None:
    entries = _entries(text)
    root = entries[0].get("root") if entries else None
    return root if isinstance(root, str) else None
