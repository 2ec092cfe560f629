"""Setuid, setgid and sticky bits a command leaves in the working tree, cleared after it.

A sandboxed command runs as the user agents runs as, root in CI and containers: `cp
/usr/bin/bash rootsh && chmod 4755 rootsh` leaves a setuid-root shell in the tree for any
local user. bwrap mounts the tree `nosuid` inside the sandbox (every bind mount it makes
is), which stops the bit from working there but not from being set on the host's file
system. So the tree is listed (one `find`, in C, skipping `.git`) before and after each
command, and every file or folder whose special bits are new is opened without following
links and has them cleared; the command's outcome names what was cleared. Bits the tree
held before the command (a setgid folder of a shared checkout) are left alone.
"""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

from cleveragents.adapters import host_programs

Marked = set[tuple[int, str]]  # (inode, path relative to the tree)
FILE_BITS = stat.S_ISUID | stat.S_ISGID | stat.S_ISVTX
FOLDER_BITS = stat.S_ISUID | stat.S_ISGID


def marked(root: Path) -> Marked:
    """Each file with a setuid, setgid or sticky bit, and each folder with a setuid or
    setgid bit, in the tree at `root` (links are never followed; `.git` is skipped: a
    command cannot write there)."""
    find = host_programs.find("find", root)
    if find is None:  # pragma: no cover - findutils is part of every base system
        return set()
    top = str(root)
    result = subprocess.run(
        [
            find, top, "-path", f"{top}/.git", "-prune", "-o",
            "(", "-type", "f", "-perm", "/7000", "-o", "-type", "d", "-perm", "/6000", ")",
            "-printf", "%i\\t%P\\0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        check=False,
    )  # fmt: skip
    found: Marked = set()
    for record in result.stdout.split(b"\0"):
        inode, tab, path = record.partition(b"\t")
        if tab:
            found.add((int(inode), path.decode("utf-8", "surrogateescape")))
    return found


def clear_new(root: Path, before: Marked) -> list[str]:
    """Clear the special bits of what is marked now and was not `before`; the paths cleared."""
    cleared = []
    for _, path in sorted(marked(root) - before, key=lambda entry: entry[1]):
        if _clear(root / path):
            cleared.append(path)
    return cleared


def _clear(full: Path) -> bool:
    """Drop the special bits of the file or folder at `full`, opened as a path only (no
    read permission needed, a FIFO not opened) without following a link at its end, and
    checked once open."""
    try:
        handle = os.open(full, os.O_PATH | os.O_NOFOLLOW)
    except OSError:  # pragma: no cover - gone since `find` listed it
        return False
    try:
        st = os.fstat(handle)
        bits = FOLDER_BITS if stat.S_ISDIR(st.st_mode) else FILE_BITS
        if not (stat.S_ISDIR(st.st_mode) or stat.S_ISREG(st.st_mode)) or not st.st_mode & bits:
            return False  # pragma: no cover - replaced since `find` listed it
        os.chmod(f"/proc/self/fd/{handle}", stat.S_IMODE(st.st_mode) & ~bits)
        return True
    finally:
        os.close(handle)
