"""What a command leaves in the working tree that no checkpoint can hold safely, found by
one walk of the tree before and one after it (`find`, in C, skipping `.git`).

- Setuid, setgid and sticky bits. A sandboxed command runs as the user agents runs as, root
  in CI and containers: `cp /usr/bin/bash rootsh && chmod 4755 rootsh` leaves a setuid-root
  shell for any local user. bwrap mounts the tree `nosuid` inside the sandbox (every bind
  mount it makes is), which stops the bit from working there but not from being set on the
  host's file system. Every folder whose special bits are new after the command, and every
  file with one that the command made or changed (its ctime says so), is opened without
  following links and has them cleared; a folder's bits held before stay.
- Names git refuses in a tree (`d/.GIT`, `git~1`, a `.gitmodules` link,
  `domain.rules.git_refuses_name`): no checkpoint holds what is under them; they are left
  out as ignored files are, and those a command made are gone again after its undo.
- Paths too long for git (`domain.rules.LONGEST_PATH`): git cannot open them, so no
  checkpoint holds them, and undo cannot bring them back.
- FIFOs and Unix sockets: no checkpoint holds them (git skips them); those a command made
  are left out as names git refuses are, so they are gone again after its undo.
- Files with more than one name (hard links), before a command: those with a name outside
  the tree are bound read-only in its sandbox (`domain/hard_links.py`). Nested `.git`
  folders are walked too: `git clone /local/path` links their objects to the source's.
"""

from __future__ import annotations

import os
import stat
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from cleveragents.adapters import host_programs
from cleveragents.domain.hard_links import LinkedName
from cleveragents.domain.rules import LONGEST_PATH, git_refuses_name

FILE_BITS = stat.S_ISUID | stat.S_ISGID | stat.S_ISVTX
FOLDER_BITS = stat.S_ISUID | stat.S_ISGID


@dataclass
class TreeWalk:
    """What one walk of the tree found."""

    marked: set[tuple[int, str]] = field(default_factory=set)  # (inode, path): special bits
    refused: set[str] = field(default_factory=set)  # names git refuses, as paths
    too_long: set[str] = field(default_factory=set)  # paths over LONGEST_PATH bytes
    pipes: set[str] = field(default_factory=set)  # FIFOs and Unix sockets
    sockets: set[str] = field(default_factory=set)  # those of `pipes` that are sockets
    linked: list[LinkedName] = field(default_factory=list)  # files of more than one name
    git_files: list[str] = field(default_factory=list)  # `.git` files and links, not folders


def walk(root: Path, since: int | None = None, links: bool = False) -> TreeWalk:
    """Each folder with a setuid or setgid bit, each path with a name git refuses, each
    path too long for git, and each FIFO and socket, in the tree at `root`; `since` (ns,
    after a command): each file with a setuid, setgid or sticky bit whose inode changed
    since as well. Links are never followed; `.git` is skipped (a command cannot write
    there).

    With `links` (before a sandboxed command), each regular file with more than one name as
    well, for which `find` takes an `lstat` of each file, in C (`benchmarks/command_step.py`). A
    file's special bits are looked at only when the command changed its inode (a create, a
    chmod), which its ctime says."""
    found = TreeWalk()
    find = host_programs.find("find", root)
    if find is None:  # pragma: no cover - findutils is part of every base system
        return found
    top = os.fsencode(root)
    longest = len(top) + 1 + LONGEST_PATH  # find's regex sees the whole path
    files: list[str | bytes] = []
    linked: list[str | bytes] = []
    if since is not None:
        changed = f"@{since // 1_000_000_000}.{since % 1_000_000_000:09d}"
        files = ["-o", "-type", "f", "-perm", "/7000", "-newerct", changed]
    if links:
        linked = [",", "-type", "f", "-links", "+1", "-printf", "H%D %i %n\\t%P\\0"]
    result = subprocess.run(
        [
            find, top, "-regextype", "posix-extended", "-path", top + b"/.git", "-prune",
            "-o", "(",
            "(", "-type", "d", "-perm", "/6000", *files, ")", "-printf", "S%i\\t%P\\0", ",",
            "-iname", "*git*", "-printf", "G%y%P\\0", ",",
            "-regex", f".{{{longest + 1},}}", "-printf", "L%P\\0", ",",
            "(", "-type", "p", "-o", "-type", "s", ")", "-printf", "P%y%P\\0", *linked,
            ")",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "LC_ALL": "C"},  # the regex counts bytes, not characters
        check=False,
    )  # fmt: skip
    for record in result.stdout.split(b"\0"):
        kind, rest = record[:1], record[1:].decode("utf-8", "surrogateescape")
        if kind == b"S":
            inode, _, path = rest.partition("\t")
            found.marked.add((int(inode), path))
        elif kind == b"G":
            name = rest[1:].rpartition("/")[2]
            if git_refuses_name(name, rest[:1] == "l"):
                found.refused.add(rest[1:])
            if name == ".git" and rest[:1] in ("f", "l"):
                found.git_files.append(rest[1:])
        elif kind == b"L":
            found.too_long.add(rest)
        elif kind == b"P":
            found.pipes.add(rest[1:])
            if rest[:1] == "s":
                found.sockets.add(rest[1:])
        elif kind == b"H":
            numbers, _, path = rest.partition("\t")
            device, inode, count = numbers.split()
            found.linked.append(((int(device), int(inode)), int(count), path))
    return found


def clear_new(root: Path, before: TreeWalk, after: TreeWalk) -> list[str]:
    """Clear the special bits of what is marked `after` and was not `before` (a folder's
    held before stays; a file is marked after only when the command changed it); the
    paths cleared."""
    cleared = []
    for _, path in sorted(after.marked - before.marked, key=lambda entry: entry[1]):
        if _clear(root / path):
            cleared.append(path or ".")  # `find` names the top folder ""
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
