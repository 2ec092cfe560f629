"""The tree scripts a git config setting runs, read for what they run in turn
(`domain/tree_scripts.py` judges them).

A script is read as the file it is: not through a link, nor a FIFO or a device (which
could block or never end), nor more than `MOST_BYTES`; such a one stands for its folder
whole. What a script reaches is kept with the stat (device, inode, mode, size, mtime,
ctime, or absence) of each file read for it, and read again when one changed, or had
changed so recently (`RECENT`) that a change in the same clock tick would keep its stamps:
the user may edit the script while the model works, and the model cannot (it is host-run).

Cost: an `lstat` of each script read, per look; its read when it changed.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from cleveragents.domain.config_programs import Reach
from cleveragents.domain.tree_scripts import MOST_BYTES, Script, scripts_reach

RECENT = 2_000_000_000  # ns: a script whose ctime is this close to a read is read again
Stamp = tuple[int, int, int, int, int, int] | None
_KEPT: dict[tuple[str, str, str, str], tuple[dict[str, Stamp], list[Reach]]] = {}


def script_places(root: Path, path: str, cwd: str, kind: str = "") -> list[Reach]:
    """What the tree script `path` (from the top of the tree at `root`), run by git in the
    folder `cwd` of the tree (or the config of the tool `kind` it runs), may run in turn,
    from the tree's top."""
    key = (str(root), path, cwd, kind)
    kept = _KEPT.get(key)
    if kept is not None and all(_stamp(root / p) == s for p, s in kept[0].items()):
        return kept[1]
    stamps: dict[str, Stamp] = {}

    def read(name: str) -> Script:
        stamps[name] = _stamp(root / name)
        return _read(root, name)

    found = scripts_reach([(path, cwd)], read, kind)
    settled = time.time_ns() - RECENT
    if all(s is None or s[5] < settled for s in stamps.values()):
        _KEPT[key] = (stamps, found)
    else:
        _KEPT.pop(key, None)
    return found


def _read(root: Path, name: str) -> Script:
    """The tree file `name` as a script: its bytes, absent (or a folder: none), or why not
    read."""
    if ".git" in Path(name).parts:
        return Script()
    full = root / name
    try:
        seen = os.lstat(full)
    except OSError:
        return Script()
    if stat.S_ISDIR(seen.st_mode):
        return Script()
    if stat.S_ISLNK(seen.st_mode):
        return Script(unread="a link")
    if not stat.S_ISREG(seen.st_mode):
        return Script(unread="a FIFO, socket or device")
    if seen.st_size > MOST_BYTES:
        return Script(unread="too large a script")
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        handle = os.open(full, flags)
    except OSError:
        return Script(unread="a file it cannot open")
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):  # pragma: no cover - a swap since lstat
            return Script(unread="a FIFO, socket or device")
        content = os.read(handle, MOST_BYTES + 1)
    finally:
        os.close(handle)
    if len(content) > MOST_BYTES:  # pragma: no cover - grown since lstat
        return Script(unread="too large a script")
    return Script(content=content, executable=bool(seen.st_mode & 0o111))


def _stamp(path: Path) -> Stamp:
    try:
        seen = os.lstat(path)
    except OSError:
        return None
    return (
        seen.st_dev,
        seen.st_ino,
        seen.st_mode,
        seen.st_size,
        seen.st_mtime_ns,
        seen.st_ctime_ns,
    )
