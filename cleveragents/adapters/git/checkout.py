"""Writing a restore's files in-process: what `read-tree -m -u` does for the paths that
differ, without its git process, its read of the whole target tree or its write of the
whole index (which cost it 8 ms at 1,000 files and 26 ms at 10,000 for a one-file restore).

The caller lists the paths where the working tree (through the private index) and the target
tree differ (one `diff-index` or `diff-files`, see `RestoreScan.scanned`; or `diff-index
--cached`, right after a checkpoint). Before anything is written, each path is checked as
`read-tree -m` checks it: one the restore rewrites or deletes holds exactly what the index
says (its bytes hashed, its kind and executable bit; a missing one is fine), one it creates
is free. Then, as git does: every deletion first, with the folders it leaves empty, then
each file with git's modes (0666 or 0777 less the umask), its blob's exact bytes (no eol
conversion, no smudge filter: the private git directory turns them off for git too) and
links as links. A file that holds the target's bytes already (a scan that reads no file
lists one only touched) is left as it is. Another is rewritten in place when nothing else
links to it (see `_rewritten`), else made anew as git makes it, so a hard link elsewhere
keeps its bytes.

Whatever this does not mirror exactly is left to git before the first write (`write`
returns False): a nested repository, a folder or a file or link where the restore needs
the other, a file that changed since the scan (git refuses it: "not uptodate"), an object
git cannot give as a blob.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cleveragents.adapters.git.folder_making import make_folders
from cleveragents.adapters.git.modes import EXECUTABLE, GITLINK, LINK
from cleveragents.adapters.git.objects import ObjectStore, read_whole
from cleveragents.adapters.git.saved_files import git_default_mode

EMPTY: Mapping[str, os.stat_result | None] = {}


@dataclass(frozen=True)
class Change:
    """One path a restore changes: its entry in the target and in the private index
    (`(mode, object id)`, None where it has none)."""

    path: str
    target: tuple[str, str] | None
    index: tuple[str, str] | None


def check(
    root: Path,
    objects: ObjectStore,
    changes: Sequence[Change],
    verify: bool = True,
    stats: Mapping[str, os.stat_result | None] = EMPTY,
) -> bool:
    """Whether `write` may make `changes`: each as `read-tree -m` would allow it, and with
    nothing git would do otherwise (see the module's notes). Nothing is written.

    `verify` False: whatever file or link stands where the index has an entry may go (the
    caller found what differs by a scan that stored nothing, as a restore that is not in
    step does: it overwrites what the scan saw), not a folder. `stats`: what `os.lstat`
    said of some of the paths a moment before (None: nothing there), not asked again."""
    top = str(root)
    folders: dict[str, bool] = {}  # whether each folder on the way is one, or missing
    return all(_checks(top, objects, change, verify, folders, stats) for change in changes)


def write(
    root: Path,
    changes: Sequence[Change],
    blobs: dict[str, bytes],
    stats: Mapping[str, os.stat_result | None] = EMPTY,
) -> None:
    """Make each path of `changes` as its target entry says (`blobs`: the bytes of each
    target's object); `check` first. `stats` as `check` says: a file whose size or kind
    differs from its target's there is rewritten without being read first."""
    top = str(root)
    gone = [c.path for c in changes if c.target is None]
    for path in gone:
        full = f"{top}/{path}"
        if os.path.lexists(full):
            os.unlink(full)
    _remove_empty_folders(root, gone)
    for change in sorted((c for c in changes if c.target is not None), key=lambda c: c.path):
        assert change.target is not None
        mode, oid = change.target
        full = f"{top}/{change.path}"
        seen = stats[change.path] if change.path in stats else lstat(full)
        _create(full, mode, blobs[oid], seen)


def _checks(
    top: str,
    objects: ObjectStore,
    change: Change,
    verify: bool,
    folders: dict[str, bool],
    stats: Mapping[str, os.stat_result | None],
) -> bool:
    """Whether the restore may write `change` in-process: as `read-tree -m` would, and
    with nothing git would do otherwise (see the module's notes). Strings, not `Path`s:
    this runs for every path a restore writes (pathlib cost 0.13 ms a path here)."""
    entries = [e for e in (change.target, change.index) if e is not None]
    if any(mode == GITLINK for mode, _ in entries):
        return False
    at = change.path.find("/")
    while at > 0:
        folder = change.path[:at]
        if folder not in folders:
            try:
                folders[folder] = stat.S_ISDIR(os.lstat(f"{top}/{folder}").st_mode)
            except FileNotFoundError:
                folders[folder] = True  # made when the file is
        if not folders[folder]:
            return False
        at = change.path.find("/", at + 1)
    full = f"{top}/{change.path}"
    st = stats[change.path] if change.path in stats else lstat(full)
    if st is None:
        return True  # missing: nothing of anyone's to lose (git: fine too)
    if change.index is None:
        return False  # something stands where the restore creates a file
    mode, oid = change.index
    if not verify:
        return stat.S_ISLNK(st.st_mode) or stat.S_ISREG(st.st_mode)
    if mode == LINK:
        return stat.S_ISLNK(st.st_mode) and objects.blob_id(os.readlink(os.fsencode(full))) == oid
    if not stat.S_ISREG(st.st_mode) or bool(st.st_mode & stat.S_IXUSR) != (mode == EXECUTABLE):
        return False
    return objects.blob_id(read_whole(full)) == oid


def lstat(full: str) -> os.stat_result | None:
    """`os.lstat` of `full`; None where nothing is there."""
    try:
        return os.lstat(full)
    except (FileNotFoundError, NotADirectoryError):
        return None


def _remove_empty_folders(root: Path, removed: list[str]) -> None:
    """Remove each folder the deletions left empty, up to the top, as git does."""
    folders = {Path(p).parent for p in removed}
    for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):
        while folder.parts:
            try:
                (root / folder).rmdir()
            except OSError:  # not empty (or gone already): nor are its parents
                break
            folder = folder.parent


def _create(full: str, mode: str, data: bytes, seen: os.stat_result | None) -> None:
    """Put a new file (or link) at `full`, as git's checkout does: what stood there goes
    first (it was checked to hold what the index says), unless it is a file that can be
    rewritten in place, or holds what it must already (`seen`: its `lstat` a moment
    ago)."""
    if _holds(full, mode, data, seen) or (mode != LINK and _rewritten(full, mode, data)):
        return
    if os.path.lexists(full):
        os.unlink(full)
    else:
        make_folders(os.path.dirname(full))
    if mode == LINK:
        os.symlink(data, os.fsencode(full))
        return
    handle = os.open(
        full, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o777 if mode == EXECUTABLE else 0o666
    )
    try:
        _write_all(handle, data)
    finally:
        os.close(handle)


def _holds(full: str, mode: str, data: bytes, seen: os.stat_result | None) -> bool:
    """Whether `full` is what the restore would make of it already: a scan lists a file
    whose timestamps changed (or that an index entry with none stands for) without
    reading it, as `git diff-index` does. Such a file is left as it is, its inode, hard
    links, timestamps and permission bits too, as git leaves a file whose bytes did not
    change. Its kind and size (`seen`, then again once it is open) are compared first,
    so a file that did change is seldom opened and never read; plain `os` calls, as this
    runs for every file a restore writes. A doubt (a file too large for one read, one
    not readable) answers no: the file is written."""
    if not _may_hold(seen, mode, len(data)):
        return False
    if mode == LINK:
        try:
            return os.readlink(os.fsencode(full)) == data
        except OSError:  # gone, or no link
            return False
    try:
        handle = os.open(full, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:  # gone, a link, not readable
        return False
    try:
        return _may_hold(os.fstat(handle), mode, len(data)) and (
            os.read(handle, len(data) + 1) == data
        )
    finally:
        os.close(handle)


def _may_hold(st: os.stat_result | None, mode: str, size: int) -> bool:
    """Whether what `st` describes may hold a target entry of `mode` and `size` bytes: a
    link for a link, else a regular file with the entry's executable bit."""
    if st is None or st.st_size != size:  # a link's size is its target's length
        return False
    if mode == LINK:
        return stat.S_ISLNK(st.st_mode)
    return stat.S_ISREG(st.st_mode) and bool(st.st_mode & stat.S_IXUSR) == (mode == EXECUTABLE)


def _rewritten(full: str, mode: str, data: bytes) -> bool:
    """Rewrite the regular file at `full` in place with `data` and git's permission bits
    for `mode`, when nothing else links to it (a hard link elsewhere must keep its bytes,
    as git's unlink and create keep them); False when it is not such a file.

    Same bytes and bits as a new file, and much cheaper where the file system discards
    freed blocks at once (ext4 `-o discard`: unlinking 115 small files took 13-280 ms
    there, rewriting them 1.5 ms). Its inode, owner and extended attributes stay.
    """
    try:
        # O_NONBLOCK: a FIFO standing there fails to open (no reader) instead of waiting.
        handle = os.open(full, os.O_WRONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:  # gone, a link, a FIFO, not writable: git's way
        return False
    try:
        st = os.fstat(handle)
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
            return False
        _write_all(handle, data)
        if st.st_size > len(data):
            os.ftruncate(handle, len(data))
        bits = git_default_mode(mode == EXECUTABLE)
        if stat.S_IMODE(st.st_mode) != bits:
            os.fchmod(handle, bits)
        return True
    finally:
        os.close(handle)


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view) :]


def digest(path: Path) -> bytes:
    """The SHA-256 of the file at `path`, read a block at a time."""
    import hashlib

    found = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            found.update(block)
    return found.digest()
