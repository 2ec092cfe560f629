"""The tree scripts a git config setting runs, read for what they run in turn
(`domain/tree_scripts.py` judges them).

A script is read as the file it is: not through a link, nor a FIFO or a device (which
could block or never end), nor more than `MOST_BYTES`; such a one stands for the whole
tree (a link for its folder: where it leads is read in its place). What a script reaches
is kept with the stat (device, inode, mode, size, mtime, ctime, or absence) of each file
read for it, and read again when one changed, or had changed so recently (`RECENT`) that
a change in the same clock tick would keep its stamps: the user may edit the script while
the model works, and the model cannot (it is host-run). Reads and stamps are
`stamped_reads.py`'s.

Cost: an `lstat` of each script read, per look; its read when it changed.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from cleveragents.adapters.git.stamped_reads import Stamp, regular_bytes, settled, stamp
from cleveragents.domain.config_programs import Reach, reading_hook
from cleveragents.domain.tool_configs import current_roots
from cleveragents.domain.tree_scripts import LINK, MOST_BYTES, Script, scripts_reach

_KEPT: dict[tuple[object, ...], tuple[dict[str, Stamp], list[Reach]]] = {}


def script_places(root: Path, path: str, cwd: str, kind: str = "") -> list[Reach]:
    """What the tree script `path` (from the top of the tree at `root`), run by git in the
    folder `cwd` of the tree (or the config of the tool `kind` it runs), may run in turn,
    from the tree's top."""
    key = (str(root), path, cwd, kind, reading_hook(), current_roots())
    kept = _KEPT.get(key)
    if kept is not None and all(stamp(root / p, follow=False) == s for p, s in kept[0].items()):
        return kept[1]
    stamps: dict[str, Stamp] = {}

    def read(name: str) -> Script:
        stamps[name] = stamp(root / name, follow=False)
        return _read(root, name)

    found = scripts_reach([(path, cwd)], read, kind)
    if settled(stamps.values()):
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
        return Script(unread=LINK)
    if not stat.S_ISREG(seen.st_mode):
        return Script(unread="a FIFO, socket or device")
    if seen.st_size > MOST_BYTES:
        return Script(unread="too large a script")
    found = regular_bytes(full, MOST_BYTES, follow=False)
    if found is None:  # or a swap since lstat
        return Script(unread="a file it cannot open")
    if len(found[0]) > MOST_BYTES:  # pragma: no cover - grown since lstat
        return Script(unread="too large a script")
    return Script(content=found[0], executable=bool(seen.st_mode & 0o111))
