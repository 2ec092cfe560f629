"""Tree files agents reads around each command (hooks, their managers' configs, the scripts
they run, Claude Code's settings): read bounded, never blocking, and read again only when
their stamp changed.

A read opens the file non-blocking and looks at what it opened before reading (a FIFO or
a device is never read: it could block or never end), and reads at most one byte past
the bound, so a file past it is known to be. A stamp is what `stat` says of a file
(device, inode, mode, size, mtime, ctime; None when absent): a reading is kept while the
stamps of the files it read hold, unless one changed so recently (`RECENT`) that a change
in the same clock tick would keep its stamp.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

RECENT = 2_000_000_000  # ns: a file whose ctime is this close to a read is read again
Stamp = tuple[int, int, int, int, int, int] | None


def stamp(path: str | Path, *, follow: bool = True) -> Stamp:
    """The stamp of `path` (of the link itself when not `follow`), None when absent."""
    try:
        seen = os.stat(path) if follow else os.lstat(path)
    except OSError:
        return None
    return stamp_of(seen)


def stamp_of(seen: os.stat_result) -> Stamp:
    """The stamp of a file whose `stat` is `seen`."""
    return (
        seen.st_dev,
        seen.st_ino,
        seen.st_mode,
        seen.st_size,
        seen.st_mtime_ns,
        seen.st_ctime_ns,
    )


def settled(stamps: Iterable[Stamp]) -> bool:
    """Whether a reading under `stamps` may be kept: none changed within `RECENT`."""
    since = time.time_ns() - RECENT
    return all(s is None or s[5] < since for s in stamps)


@contextlib.contextmanager
def regular_file(
    path: str | Path, *, follow: bool = True
) -> Iterator[tuple[int, os.stat_result] | None]:
    """The open regular file at `path` (a descriptor to read, its `stat`) while in the
    block; None when there is none, it cannot be opened, or it is no regular file (a link,
    when not `follow`): what to read is decided once its stat is seen."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow else os.O_NOFOLLOW)
    try:
        handle = os.open(path, flags)
    except OSError:
        yield None
        return
    try:
        seen = os.fstat(handle)
        yield (handle, seen) if stat.S_ISREG(seen.st_mode) else None
    finally:
        os.close(handle)


def regular_bytes(
    path: str | Path, most: int, *, follow: bool = True
) -> tuple[bytes, os.stat_result] | None:
    """At most `most` + 1 bytes of the regular file at `path`, and its `stat`; None as
    `regular_file` says, or when it cannot be read."""
    with regular_file(path, follow=follow) as found:
        if found is None:
            return None
        try:
            return os.read(found[0], most + 1), found[1]
        except OSError:  # pragma: no cover - an open regular file that cannot be read
            return None
