"""A file of the working tree read as an agent's tool is about to find it: only a regular
file reached through no link, never a FIFO or a device opened (nothing blocks), within a
bound. For the journal of a correction (`domain/tool_writes.py`); nothing is written."""

from __future__ import annotations

import os
import stat
from pathlib import Path

LIMIT = 16 * 1024 * 1024  # beyond it the call's result is not named: kept if cut off


def regular_bytes(root: Path, path: str) -> bytes | None:
    """The bytes of the regular file at `path` (relative to `root`), or None: absent, a
    link on the way, not a regular file, unreadable, or over LIMIT."""
    full = os.path.join(root, path)
    if os.path.realpath(full) != os.path.join(os.path.realpath(root), path):
        return None
    try:
        fd = os.open(full, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > LIMIT:
                return None
            data = file.read(LIMIT + 1)
    except OSError:
        return None
    return data if len(data) <= LIMIT else None
