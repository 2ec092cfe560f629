"""The private index file, read and written in-process where that does exactly what git
does, to save a git process:

- `holds`: whether it has given entries, the check that a checkpoint built from `git add
  --verbose`'s lines matches what `add` wrote, without `git ls-files` (2.5 ms of a 40 ms
  checkpoint at 10,000 files);
- `update`: what `git update-index -z --index-info` does (a restore's entries, the journal's
  catch-up), without git's start-up (2.5 ms of a 4 ms one-file restore at 1,000 files).

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

import bisect
import contextlib
import hashlib
import os
import stat
import struct
from collections.abc import Callable, Mapping
from pathlib import Path

from cleveragents.adapters.git.index_ctimes import STAT as _STAT
from cleveragents.adapters.git.index_ctimes import may_hold_put_back
from cleveragents.adapters.git.index_tree_cache import TreeCache
from cleveragents.adapters.git.modes import GITLINK_NUMBER as GITLINK
from cleveragents.adapters.git.modes import LINK, object_id
from cleveragents.adapters.git.modes import NUMBERS as MODES
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


# Beyond this, `update` reading and writing the whole index in Python costs more than git
# does (ms, in-process against git: 1.25/2.6 at 1,000 files, 3.9/3.9 at 4,000 and 330 KB,
# 8.6/6.2 at 10,000): git writes it.
IN_PROCESS_MOST = 256 * 1024
STAGE, EXTENDED, LONG_NAME = 0x3000, 0x4000, 0xFFF


def update(index: Path, listing: bytes, hash_name: str) -> bool:
    """Do in-process what `git update-index -z --index-info < listing` does to the index at
    `index` (records `MODE SP OID TAB PATH NUL`, mode 0 removing the path, in order), writing
    the bytes git would write (and writing where git would not: for an absent path removed,
    and see "racily clean" below); False, with nothing written, wherever this does not
    mirror git exactly: then the caller runs git (which may refuse, in its own words). It
    saves git's start-up, 2.5 of the 4 ms a one-file restore took at 1,000 files.

    Mirrored: an index of at most `IN_PROCESS_MOST` bytes and of format 2 or 3, whose
    entries are all at stage 0 and whose one extension, if any, is the cache of trees
    (`TREE`). Each record replaces its path's entry with one that has no file data (as git's
    `make_cache_entry`); a new path takes the place of a file at one of its folders and of
    the entries under it (`--replace`, implied); the cache of trees forgets each folder on a
    record's path, and a folder of its name (`cache_tree_invalidate_path`); format 3 is
    written only while some entry has extended flags. An entry whose file may have changed
    within the timestamp of the index it replaces (git's "racily clean" entries) loses its
    size, so that whatever reads the new index reads that file again: git does that only
    where the file differs, which it reads the file to know, and this never reads one.
    """
    records = _records(listing, hashlib.new(hash_name).digest_size)
    if records is None:
        return False

    def apply(parsed: _Index) -> bool:
        for path, entry in records:
            parsed.apply(path, entry)
        return True

    return _rewrite(index, hash_name, apply, IN_PROCESS_MOST) is True


def forget_changed_since(index: Path, second: int, hash_name: str) -> bool:
    """Make each entry of the index at `index` whose file's status changed at or after
    `second` (its ctime, in whole seconds) lose its size, so that the next `git add` reads
    that file again; False where this index is not one this writes (nothing is written).

    git compares a file's times to the second (built without `USE_NSEC`, as Debian's is): a
    file changed again within the second its entry was taken, to the same size and with its
    mtime put back (`cp -p`, `rsync -a`, `tar x`, `touch -r`), looks unchanged, its ctime
    being the entry's. Its racily-clean check looks at mtimes only: it covers an entry whose
    mtime is as recent as its ctime, which stays as it is. An index no file changed in the
    last seconds, or whose recent files all kept the mtime of their change (as a command's
    writes do), costs a search for three words and is not written: only a file put back
    needs it, and rewriting the index would only make git forget which entries are racy."""
    try:
        data = read_whole(index)
    except OSError:
        return False
    if not may_hold_put_back(data, second):
        return True  # no entry's file was put back that recently: the index stays as it is
    return _rewrite(index, hash_name, lambda parsed: parsed.put_back > 0, None, second) is not False


def _rewrite(
    index: Path,
    hash_name: str,
    change: Callable[[_Index], bool],
    most: int | None,
    changed_since: int = 0,
) -> bool | None:
    """Read the index at `index` (of at most `most` bytes), let `change` change it, and
    write it back under git's lock: True when written, None when `change` left it as it
    was, False where this does not mirror git (another command holds the lock, a format or
    extension only git writes): nothing is written then."""
    lock = index.with_name(f"{index.name}.lock")
    try:  # taken before the index is read, as git takes it
        handle = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    except FileExistsError:
        return False  # another command may be writing the index
    try:
        try:
            written = _new_index(index, hash_name, handle, change, most, changed_since)
        finally:
            os.close(handle)
        if written:
            os.replace(lock, index)
            return True
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(lock)
        raise
    os.unlink(lock)
    return None if written is None else False


def _new_index(
    index: Path,
    hash_name: str,
    handle: int,
    change: Callable[[_Index], bool],
    most: int | None,
    changed_since: int,
) -> bool | None:
    """`_rewrite`'s new index, written to `handle` (False: not one this mirrors; None:
    `change` changed nothing)."""
    hasher = hashlib.new(hash_name)
    digest = hasher.digest_size
    try:
        st = os.stat(index)
        if most is not None and st.st_size > most:
            return False
        data = read_whole(index)
    except OSError:
        return False
    hasher.update(data[:-digest])
    if len(data) < 12 + digest or hasher.digest() != data[-digest:]:
        return False  # git says what is wrong with it
    try:
        parsed = _Index.parse(data, digest, st.st_mtime_ns // 1_000_000_000, changed_since)
    except (IndexError, ValueError, struct.error):  # not as git writes one
        return False
    if parsed is None:
        return False
    if not change(parsed):
        return None
    new = parsed.serialized()
    os.fchmod(handle, stat.S_IMODE(st.st_mode))  # as git made it (umask, shared repository)
    view = memoryview(new + hashlib.new(hash_name, new).digest())
    while view:
        view = view[os.write(handle, view) :]
    return True


def _records(listing: bytes, digest: int) -> list[tuple[bytes, tuple[int, bytes] | None]] | None:
    """The records of `listing` (None where one is not `MODE SP OID TAB PATH`, with a mode
    as git writes it, an id of hex digits and a path git surely takes as it is)."""
    if not listing.endswith(b"\0"):
        return None
    hexadecimal = object_id(digest)
    found: list[tuple[bytes, tuple[int, bytes] | None]] = []
    for record in listing[:-1].split(b"\0"):
        meta, tab, path = record.partition(b"\t")
        mode, space, oid = meta.partition(b" ")
        number = MODES.get(mode)
        if not tab or not space or number is None or not hexadecimal.fullmatch(oid):
            return None
        if not plain_path(path, symlink=number == MODES[LINK.encode()]):
            return None
        found.append((path, None if number == 0 else (number, bytes.fromhex(oid.decode()))))
    return found


def plain_path(path: bytes, symlink: bool) -> bool:
    """Whether git's `verify_path` surely takes `path`: no empty, `.` or `..` component, and
    none that (its bytes above 127 left out, as HFS+ ignores some such characters) starts
    with `.git` or `git~` in any case, which git may refuse as its own directory; for a
    symbolic link, no `~` either (NTFS's short names of `.gitmodules`, as `gitmod~1`)."""
    for part in path.split(b"/"):
        if part in (b"", b".", b".."):
            return False
        folded = bytes(c for c in part if c < 128).lower()
        if folded.startswith((b".git", b"git~")) or (symlink and b"~" in part):
            return False
    return b"\\" not in path


class _Index:
    """An index file's entries (by name, sorted as git sorts them: as bytes) and its cache
    of trees, as far as `update` changes them."""

    def __init__(self, data: bytes, version: int) -> None:
        self.data = data
        self.version = version
        self.names: list[bytes] = []
        self.starts: list[int] = []  # where each entry read starts in `data`, then their end
        # each entry's bytes: the number of an entry read where unchanged, else its own
        self.spans: list[int | bytes] = []
        self.extended: set[int] = set()  # the numbers of entries read with extended flags
        self.trees: TreeCache | None = None
        # how many entries lost their size as changed since `changed_since`, mtime put back
        self.put_back = 0

    @classmethod
    def parse(cls, data: bytes, digest: int, mtime: int, changed_since: int = 0) -> _Index | None:
        """The index in `data`, each entry racily clean as of `mtime` (the index file's, in
        seconds; 0: none) losing its size, and each whose file's status changed at or after
        `changed_since` (its ctime, in seconds; 0: none) with an older mtime (put back, as
        `cp -p` does): git's own check covers a file whose mtime is as recent."""
        if data[:4] != b"DIRC" or data[4:8] not in VERSIONS:
            return None
        parsed = cls(data, data[7])
        names, starts = parsed.names, parsed.starts
        flags_at = 40 + digest
        at, end = 12, len(data) - digest
        stamp = min(mtime, 0xFFFFFFFF).to_bytes(4, "big")  # seconds compare as such bytes do
        since = min(changed_since, 0xFFFFFFFF).to_bytes(4, "big")
        racy = []
        for _ in range(int.from_bytes(data[8:12], "big")):  # the hot loop: kept lean
            flags = data[at + flags_at] << 8 | data[at + flags_at + 1]
            name_at = at + flags_at + 2
            if flags & (STAGE | EXTENDED):
                if flags & STAGE:
                    return None  # a conflict: git would also record how it was resolved
                if parsed.version != 3 or data[name_at : name_at + 2] == b"\0\0":
                    return None  # git would drop an extended word that says nothing
                name_at += 2
                parsed.extended.add(len(starts))
            length = flags & LONG_NAME
            if length == LONG_NAME:
                length = data.index(b"\0", name_at) - name_at
            names.append(data[name_at : name_at + length])
            starts.append(at)
            if (mtime and data[at + 8 : at + 12] >= stamp) or (
                changed_since
                and data[at : at + 4] >= since
                and data[at + 8 : at + 12] < data[at : at + 4]
            ):
                racy.append(len(starts) - 1)
            at += (name_at - at + length + 8) & ~7
        starts.append(at)
        parsed.spans = list(range(len(names)))
        for index in racy:  # racily clean: loses its size (a gitlink's is not looked at)
            _, mode, size = _STAT.unpack_from(data, starts[index])
            if size and mode != GITLINK:
                smudged = bytearray(data[starts[index] : starts[index + 1]])
                smudged[36:40] = bytes(4)
                parsed.spans[index] = bytes(smudged)
                ctime = smudged[0:4]
                if changed_since and ctime >= since and smudged[8:12] < ctime:
                    parsed.put_back += 1
        while at < end:
            signature, length = data[at : at + 4], int.from_bytes(data[at + 4 : at + 8], "big")
            if signature != b"TREE" or parsed.trees is not None:
                return None  # an extension git would change otherwise, or split index
            parsed.trees = TreeCache.parse(data[at + 8 : at + 8 + length], digest)
            if parsed.trees is None:
                return None  # not as git writes it: git says what is wrong
            at += 8 + length
        return parsed if at == end else None

    def apply(self, path: bytes, entry: tuple[int, bytes] | None) -> None:
        """One record, as git's `add_index_entry` (with `--replace`) or, for None,
        `remove_file_from_index` does it."""
        if self.trees is not None:
            self.trees.forget(path)
        names = self.names
        at = bisect.bisect_left(names, path)
        if at < len(names) and names[at] == path:
            self._drop(at, at + 1)
        elif entry is not None:  # what stands in its way: the entries under a folder of its
            # name (sorted from "PATH/" up to "PATH0"), a file at one of its folders
            self._drop(
                bisect.bisect_left(names, path + b"/"), bisect.bisect_left(names, path + b"0")
            )
            folder = path
            while b"/" in folder:
                folder = folder[: folder.rindex(b"/")]
                found = bisect.bisect_left(names, folder)
                if found < len(names) and names[found] == folder:
                    self._drop(found, found + 1)
        if entry is not None:
            at = bisect.bisect_left(names, path)
            names.insert(at, path)
            self.spans.insert(at, _new_entry(path, *entry))

    def _drop(self, start: int, stop: int) -> None:
        if self.extended:
            self.extended.difference_update(s for s in self.spans[start:stop] if isinstance(s, int))
        del self.names[start:stop]
        del self.spans[start:stop]

    def serialized(self) -> bytes:
        """The index file less its checksum."""
        version = 3 if self.extended else 2
        out = [b"DIRC", version.to_bytes(4, "big"), len(self.names).to_bytes(4, "big")]
        data, starts = self.data, self.starts
        first = last = 0  # the entries read, from `first` to before `last`, not yet out
        for span in self.spans:
            if isinstance(span, int) and span == last:
                last += 1
                continue
            out.append(data[starts[first] : starts[last]])
            if isinstance(span, int):
                first, last = span, span + 1
            else:
                out.append(span)
                first = last = 0
        out.append(data[starts[first] : starts[last]])
        if self.trees is not None:
            body = self.trees.serialized()
            out += [b"TREE", len(body).to_bytes(4, "big"), body]
        return b"".join(out)


def _new_entry(path: bytes, mode: int, oid: bytes) -> bytes:
    """An entry with no file data: only the mode among the 40 bytes, the stage 0."""
    body = b"%s%s%s%s%s%s" % (
        bytes(24),
        mode.to_bytes(4, "big"),
        bytes(12),
        oid,
        min(len(path), LONG_NAME).to_bytes(2, "big"),
        path,
    )
    return body + bytes(8 - len(body) % 8)
