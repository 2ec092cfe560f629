"""The quick look `index_file.forget_changed_since` takes at an index file before parsing
it: whether an entry's file may have been put back (`cp -p`) within the last seconds."""

from __future__ import annotations

import re
import struct

STAT = struct.Struct(">8xI12xI8xI")  # of an entry's file data: mtime (s), mode, size


def may_hold_put_back(data: bytes, second: int) -> bool:
    """Whether an entry of the index `data` may have a ctime from `second` to two seconds
    later, an older mtime, a size and a file's or link's mode (what `index_file._Index.parse`
    smudges as put back): True at each place one of those ctimes stands that is followed as
    an entry's would be. Every such entry is found (its ctime starts it); a place that is not
    one (an mtime that equals the ctime before it, bytes of an object id or a name) fails
    the mode or costs a parse, never a missed entry."""
    moments = _moments(second)
    found = moments.search(data, 12)
    while found is not None:
        at = found.start()
        if at + STAT.size > len(data):
            return True  # pragma: no cover - in the checksum: parsing says
        moment = int.from_bytes(data[at : at + 4], "big")
        mtime, mode, size = STAT.unpack_from(data, at)
        if mtime < moment and size and mode >> 12 in (0o10, 0o12):
            return True
        found = moments.search(data, at + 1)  # overlapping places too, as `find` gave them
    return False


def _moments(second: int) -> re.Pattern[bytes]:
    """The four bytes of each whole second from `second` to two seconds later, as one
    pattern: one pass over the index, where a `find` of each took five times as long (a
    timestamp's first bytes are in every entry, and `find` skips little past them)."""
    first, last = second.to_bytes(4, "big"), (second + 2).to_bytes(4, "big")
    if first[:3] != last[:3]:  # the seconds cross a multiple of 256
        words = (moment.to_bytes(4, "big") for moment in range(second, second + 3))
        return re.compile(b"|".join(re.escape(word) for word in words))
    low = re.escape(first[3:]) + b"-" + re.escape(last[3:])
    return re.compile(re.escape(first[:3]) + b"[" + low + b"]")
