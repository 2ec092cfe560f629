"""Whether the private index has given entries, read in-process from the file: the check
that a checkpoint built from `git add --verbose`'s lines matches what `add` wrote, without
starting `git ls-files` (2.5 ms of a 40 ms checkpoint at 10,000 files).

An index of format 2 or 3 (as git writes ours: `PLUMBING_ENV` rules out a split index) is
a header (`DIRC`, its version, its entry count) and its entries sorted by name, each: 40
bytes of file data (the mode is its seventh word, the size its tenth), the object id, 2
bytes of flags (the stage and the name's length, up to 0xFFF; in format 3 maybe 2 bytes
more, the second of them 0), the name, and 1 to 8 NULs. A path's entry is found as its
file's size, its id, its flags and its name in a row, its mode 12 bytes before: an id is
followed by flags only in an entry, and by a name only in that blob's entry of that name. A
name holding all of that is the one other place, which a name cannot hold by chance: it
would take a search of some 2**48 ids to make one that passes (a small file's size starts
with NULs, which no name holds, so the size and id would be another entry's). Format 4
(`index.version=4`, `feature.manyFiles`) shortens each name against the one before it: for
it this cannot tell, and git is asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from cleveragents.adapters.git.objects import read_whole

VERSIONS = (b"\0\0\0\2", b"\0\0\0\3")
MODE_BEFORE_SIZE = 12  # the mode's word, then uid and gid, then the size's


def holds(
    index: Path,
    entries: Mapping[bytes, tuple[bytes, bytes] | None],
    sizes: Mapping[bytes, int],
) -> bool | None:
    """Whether the index at `index` has, for each path, a stage-0 entry of that mode and raw
    object id, for a file of the size `sizes` gives, and none for a path given None (False
    also where some other bytes look like that path's entry: then the caller builds the
    tree with git); None when its format is not one this reads."""
    try:
        data = read_whole(index)
    except OSError:  # pragma: no cover - git has just written it
        return None
    if data[:4] != b"DIRC" or data[4:8] not in VERSIONS:
        return None
    start = 12  # entries are sorted as `sorted` sorts bytes: each is after the one before
    for path, entry in sorted(entries.items()):
        named = min(len(path), 0xFFF).to_bytes(2, "big") + path + b"\0"
        if entry is None:  # an entry of that name, whatever else its flags say
            if any(data.find(b + path + b"\0", start) >= 0 for b in (named[1:2], b"\0")):
                return False  # pragma: no cover - `add` removed it: a look-alike
            continue
        mode, oid = entry
        size = (sizes[path] & 0xFFFFFFFF).to_bytes(4, "big")  # git keeps 32 bits of it
        at = data.find(size + oid + named, start)
        mode_at = at - MODE_BEFORE_SIZE
        if at < 0 or data[mode_at : mode_at + 4] != int(mode, 8).to_bytes(4, "big"):
            return False
        start = at + len(size) + len(oid) + len(named)
    return True
