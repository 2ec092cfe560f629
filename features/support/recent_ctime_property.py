"""The property of the quick look `index_file.forget_changed_since` takes before parsing the
private index: every entry the parse would make lose its size as put back (a ctime from the
second on, an older mtime, a size, a file's or link's mode) is found by the look, so that
skipping the parse where the look finds none never leaves such an entry as it was.

Each example: an index of format 2 as git writes it (entries sorted by name, padded with
NULs to 8 bytes, a SHA-1 at the end), whose entries' 4-byte words are random or, more often,
words the look searches for or could mistake (the ctimes of the window, the modes, zero),
whose names hold such words too, and whose ctimes stand within the look's three-second
window or before it (git stamps the ctime of a file it just read: none is in the future).
"""

from __future__ import annotations

import hashlib
import struct
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git import index_ctimes, index_file
from features.support.properties import reproducible

Entry = tuple[bytes, int, int, list[int], int, int, bytes]
# The windows the look searches (each second and the two after it): the second's crosses a
# multiple of 256 (its seconds' first three bytes differ), which the look searches otherwise.
SECONDS = (1_795_700_843, 1_795_700_991)
MODES = (0o100644, 0o100755, 0o120000, 0o160000)


def entries(second: int) -> st.SearchStrategy[list[Entry]]:
    """Indexes' entries for the window from `second`."""
    near = [second - 1, second, second + 1]  # the second before the window, two within it
    words = st.one_of(
        st.sampled_from(near),
        st.sampled_from(near),
        st.sampled_from([*MODES, 0, 1]),
        st.integers(min_value=0, max_value=2**32 - 1),
    )
    name_parts = st.one_of(
        st.binary(min_size=1, max_size=6),
        words.map(lambda word: word.to_bytes(4, "big")),
    )
    names = (
        st.lists(name_parts, min_size=1, max_size=4)
        .map(b"".join)
        .map(lambda name: name.replace(b"\0", b"n"))
    )
    return st.lists(
        st.tuples(
            names,
            st.sampled_from(near),  # ctime
            st.integers(min_value=-2, max_value=0),  # mtime less ctime
            st.lists(words, min_size=6, max_size=6),  # ns, ns, dev, ino, uid, gid
            st.sampled_from(MODES),
            st.one_of(st.just(0), words),  # size
            st.binary(min_size=20, max_size=20),  # object id
        ),
        min_size=1,
        max_size=12,
        unique_by=lambda entry: entry[0],
    )


WINDOWS = st.sampled_from(SECONDS).flatmap(
    lambda second: st.tuples(st.just(second), entries(second))
)


def index_bytes(entries: list[Entry]) -> bytes:
    """The index git would write holding `entries` (format 2, no extension)."""
    out = [b"DIRC", (2).to_bytes(4, "big"), len(entries).to_bytes(4, "big")]
    for name, ctime, back, words, mode, size, oid in sorted(entries):
        ctime_ns, mtime_ns, dev, ino, uid, gid = words
        mtime = max(0, ctime + back)
        stat = struct.pack(">10I", ctime, ctime_ns, mtime, mtime_ns, dev, ino, mode, uid, gid, size)
        entry = stat + oid + min(len(name), 0xFFF).to_bytes(2, "big") + name
        out.append(entry + bytes(8 - len(entry) % 8))
    body = b"".join(out)
    return body + hashlib.sha1(body).digest()


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0

    @reproducible(examples, seed)
    @given(WINDOWS)
    def holds(window: tuple[int, list[Entry]]) -> None:
        nonlocal ran
        ran += 1
        second, entries = window
        data = index_bytes(entries)
        parsed = index_file._Index.parse(data, 20, 0, second)
        assert parsed is not None, "an index as git writes it did not parse"
        looked = index_ctimes.may_hold_put_back(data, second)
        assert looked or parsed.put_back == 0, (
            f"the look missed {parsed.put_back} entries put back in {data!r}"
        )

    holds()
    return ran
