"""Writing a file of the tree for an agent's action: never into a FIFO, a socket or a
device (opening one waits, or has effects), and never through a name another file shares
(a hard link from outside the tree keeps its bytes)."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from cleveragents.adapters.workspace.file_reading import refuse_if_special
from cleveragents.errors import PathRefused


def refuse_special(target: Path, path: str) -> None:
    """Refuse a FIFO, socket or device at `target` (or where its link leads, inside the
    tree): opening a FIFO waits for a reader that never comes, a device's has effects."""
    try:
        mode = os.stat(target).st_mode
    except OSError:  # missing, or a file on the way: the write itself says so
        return
    if stat.S_ISDIR(mode):
        return  # the write fails as before: "is a directory"
    try:
        refuse_if_special(mode)
    except OSError as error:
        raise PathRefused(f"{path} is {str(error).removeprefix('it is ')}") from None


def _write_regular(target: Path, data: bytes) -> None:
    """Write `data` into the file at `target` (made if missing), opened without waiting
    and checked to be a regular file once open: one that became a FIFO since is refused."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
    handle = os.open(target, flags, 0o666)
    with os.fdopen(handle, "wb") as out:
        refuse_if_special(os.fstat(handle).st_mode)
        out.write(data)


def put(target: Path, data: bytes) -> None:
    """Write `data` to the file at `target`: in place, except over a file that other names
    link to (a hard link from outside the tree must keep its bytes), which is replaced by a
    new file with the same permission bits, as a restore does."""
    try:
        st = target.lstat()
    except FileNotFoundError:
        st = None
    if st is None or not stat.S_ISREG(st.st_mode) or st.st_nlink == 1:
        _write_regular(target, data)
        return
    handle, fresh = tempfile.mkstemp(dir=target.parent, prefix=".cleveragents-write-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            os.fchmod(out.fileno(), stat.S_IMODE(st.st_mode))
        os.replace(fresh, target)
    except BaseException:
        os.unlink(fresh)
        raise
