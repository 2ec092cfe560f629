"""The home's files that are hard links of files of the working tree (`home_files.py`).

`ln ~/dotfiles/bashrc ~/.bashrc` (no `-s`) makes one file of two names: a sandboxed
command's `echo ... >> bashrc` writes the user's `~/.bashrc`, though no link leads there.
A file of the home that holds more than one name (its startup files by name, git's files in
`$XDG_CONFIG_HOME`, each file the walk lists: `home_walk.py` keeps the device, inode and
count of names of those) on the tree's device may have its other name in the tree. Those
not all of whose names the home holds are looked for in the tree: a walk of its folders
(never into a `.git`, never through a link) that stops once every other name is found, or
at `MOST_TREE` entries: past it, with a name not found, the tree counts whole.

What is found is a host-run file, put back IN PLACE when a command changed it
(`saved_files.write_in_place`): written anew it would be a new file, and the home's name
would keep the command's bytes.

Cost: nothing more when no file of the home has another name (the common case: `lstat`s the
walk does anyway); else a listing of the tree's folders up to the other names, or
`MOST_TREE` entries.
"""

from __future__ import annotations

import os
from pathlib import Path

from cleveragents.domain.reach import printable

MOST_TREE = 100_000  # entries of the tree looked at for the other names, at most


def inode_of(path: str) -> tuple[int, int, int] | None:
    """The device, inode and count of names of the file at `path` (not followed), when
    it is a file of more than one name."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    regular = st.st_mode & 0o170000 == 0o100000
    return (st.st_dev, st.st_ino, st.st_nlink) if regular and st.st_nlink > 1 else None


def hard_links(
    top: Path, hard: list[tuple[str, str, int, int, int]]
) -> tuple[list[tuple[str, str]], str]:
    """The paths of the tree `top` (relative) that are other names of the home's files
    `hard` (name from the home, path, device, inode, count of names), each with the name
    of its home file, and why the tree
    counts whole (more than `MOST_TREE` entries looked at, a name not found), or ""."""
    try:
        device = os.lstat(top).st_dev
    except OSError:
        return [], ""
    left: dict[int, int] = {}  # the names of each inode not in the home
    shown: dict[int, str] = {}
    seen: set[str] = set()  # the home's names, their folders resolved (a home in the tree)
    for name, path, dev, ino, names in hard:
        path = os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))
        if dev != device or path in seen:
            continue
        seen.add(path)
        left[ino] = left.get(ino, names) - 1
        shown.setdefault(ino, name)
    wanted = {ino for ino, count in left.items() if count > 0}
    found: list[tuple[str, str]] = []
    if not wanted:
        return found, ""
    level, looked = [""], 0
    while level and wanted:
        deeper: list[str] = []
        for folder in level:
            try:
                with os.scandir(os.path.join(top, folder)) as listing:
                    entries = list(listing)
            except OSError:
                continue
            for entry in entries:
                if not wanted:
                    break
                looked += 1
                if looked > MOST_TREE:
                    name = shown[min(wanted)]
                    return found, (
                        f"your home's {printable(name)} is a file of more than one name (a "
                        f"hard link), and the tree holds more than {MOST_TREE} entries: not "
                        "all were looked at for its other name"
                    )
                path = f"{folder}/{entry.name}" if folder else entry.name
                if entry.name == ".git" or entry.is_symlink():
                    continue
                if entry.is_dir(follow_symlinks=False):
                    deeper.append(path)
                elif entry.inode() in wanted and entry.is_file(follow_symlinks=False):
                    st = entry.stat(follow_symlinks=False)
                    if st.st_dev == device and os.path.join(top, path) not in seen:
                        found.append((shown[st.st_ino], path))
                        left[st.st_ino] -= 1
                        wanted -= {ino for ino in wanted if left[ino] <= 0}
            if not wanted:
                break
        level = deeper
    return found, ""
