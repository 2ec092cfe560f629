"""Reading a file of the tree for the model: bounded, and never waiting on a pipe."""

from __future__ import annotations

import os
import stat
from pathlib import Path

READ_CAP = 20_000  # characters of one file the model is given
KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def read_text(path: Path, cap: int = READ_CAP) -> str:
    """At most `cap` characters of the file at `path` (bytes that are not UTF-8 replaced),
    with a line saying so when the file has more. A FIFO, device, socket or directory is
    refused (OSError) without being read, so nothing waits on a writer that never comes."""
    refuse_if_special(os.stat(path).st_mode)
    # O_NONBLOCK: should a FIFO have taken the file's place since, opening it returns.
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    with os.fdopen(handle, "rb") as file:
        found = os.fstat(file.fileno())
        refuse_if_special(found.st_mode)
        data = file.read(cap * 4 + 1)  # enough for `cap` characters of UTF-8, and one more
    text = data.decode("utf-8", errors="replace")
    if len(text) <= cap and len(data) <= cap * 4:
        return text
    return (
        text[:cap] + f"\n[agents: cut after {cap} characters; the file has {found.st_size} bytes]"
    )


def refuse_if_special(mode: int) -> None:
    """Raise OSError naming the kind of a file that is not a regular one."""
    for test, kind in KINDS:
        if test(mode):
            raise OSError(f"it is {kind}, not a regular file")
