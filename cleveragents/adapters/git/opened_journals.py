"""The journals of openings (`folder_listing.Opened`): each process that gives a folder (or
a file) of the tree its owner's bits writes first, in a journal of its own in the state
folder, what it gave and what the mode was, so that a run killed before it set them back
has the next opening (the next command's, its settling's) set them back (`set_back_left`),
never one still under way (its PID and start time: `start_time`)."""

from __future__ import annotations

import os
import stat
from collections.abc import Collection, Iterable
from contextlib import suppress
from pathlib import Path

# A journal's record of an entry agents writes in a folder it opened (`Opened.ways`): no
# inode, mode or time (an older agents finds no such inode), the entry's path.
EXPECTED = b"0 0 0 e "


def set_back_left(root: Path, journals: Path) -> None:
    """Each folder or file a run killed while it was opened (`Opened`, its journal in
    `journals`, one per process: not those of a process still alive, by PID and start time)
    left with the bits it gave, still as the opening left it (its inode, mode and change time:
    the user's `chmod u+rwx` since, as a refusal asks, is theirs: review27 R11), given its mode
    back. So is one whose last change since was to what it holds (no `chmod` since), its
    mode still the one given, where what changed since is only what the run noted it would
    write (`_written`: a restore writes into the folder it opened for that, review29 F8)."""
    try:
        journal_list = sorted(journals.glob("*")) if journals.is_dir() else []
    except OSError:  # pragma: no cover - as below: a way this user cannot enter
        journal_list = []  # set back by the next opening that can
    for journal in journal_list:  # pragma: no cover
        named = journal.name.split("-")  # PID, start time, id (an older agents': no time)
        started = named[1] if len(named) == 3 else ""
        if named[0].isdigit() and _alive(int(named[0]), started):
            continue  # another agents of the tree, under way
        with suppress(OSError):
            records, seen = journal.read_bytes().split(b"\0")[:-1], set[bytes]()
            expected = {r[len(EXPECTED) :] for r in records if r.startswith(EXPECTED)}
            for record in reversed(records):  # the last opened first, its last record only
                if record.startswith(EXPECTED):
                    continue
                fields = record.split(b" ", 4 if started else 3)
                inode, mode, given = fields[:3]
                changed, path = (fields[3] if started else b"-"), fields[-1]
                if path in seen:
                    continue
                seen.add(path)
                full = root / os.fsdecode(path) if path else root
                with suppress(OSError, ValueError):
                    now = os.lstat(full)
                    same = (now.st_ino, stat.S_IMODE(now.st_mode)) == (int(inode), int(given))
                    kept = changed in (b"-", str(now.st_ctime_ns).encode())
                    if same and (kept or _written(full, now, changed, expected, path)):
                        os.chmod(full, int(mode))
            journal.unlink()


def expected_records(paths: Iterable[str], opened: Collection[str]) -> bytes:
    """The journal's records of what a run writes or removes at `paths` (read, written or
    removed) in the folders it `opened`: the entry each is, or is made under, there. A run
    killed once it wrote there (the folder's change time not the opening's) has the next
    command set the folder back all the same (`_written`), not one the user wrote into
    since (review29 F8)."""
    entries = dict[str, None]()
    for path in paths:
        parts = path.split("/")
        for n in range(len(parts)):  # each folder on its way, the top's "" first
            if "/".join(parts[:n]) in opened:
                entries["/".join(parts[: n + 1])] = None
    return b"".join(EXPECTED + os.fsencode(entry) + b"\0" for entry in entries)


def _written(  # pragma: no cover - as `set_back_left`
    full: Path, now: os.stat_result, opened: bytes, expected: set[bytes], path: bytes
) -> bool:
    """Whether folder `path`'s last change was to what it holds (an entry made, removed or
    renamed there sets its change and modification times to one instant; a `chmod`, the
    change time alone: the user's `chmod u+rwx` since stays, R11), and each entry made or
    changed there since its opening (`opened`: its change time then) is one `expected`
    (the run's own writes; a file the user made there since: left as it is)."""
    if not stat.S_ISDIR(now.st_mode) or now.st_ctime_ns != now.st_mtime_ns:
        return False
    if not opened.isdigit():
        return False
    within = path + b"/" if path else b""
    with os.scandir(full) as listing:
        for entry in listing:
            if within + os.fsencode(entry.name) in expected:
                continue
            if entry.stat(follow_symlinks=False).st_ctime_ns >= int(opened):
                return False
    return True


def start_time(pid: int) -> str:
    """When process `pid` started (`/proc/PID/stat`'s 22nd field, ticks since boot); "" when
    not known (gone, no `/proc`)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as status:
            fields = status.read().rpartition(b")")[2].split()
    except OSError:
        return ""
    return fields[19].decode() if len(fields) > 19 else ""


def _alive(pid: int, started: str) -> bool:  # pragma: no cover - as `set_back_left`
    """Whether the process that wrote a journal lives: its PID run by a process started at
    `started` (a PID reused by another, as a container's every `agents` may be: dead; review27
    R12); any process of that PID when no start time is known."""
    if started not in ("", "0") and (now := start_time(pid)):
        return now == started
    if pid == os.getpid():
        return True  # its own: an opening under way (one ended took its journal away)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - another user's process
        return True
    return True
