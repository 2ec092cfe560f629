"""Folders' permission bits, which no checkpoint records, noted before a command and put back.

A command's `chmod -R a+rwX .` or `rm -rf private` changes or removes folders whose mode the
user chose (`mkdir -m700 private`); a checkpoint brings a folder back with git's mode (0777
less the umask). Before each command the mode of every folder holding a checkpointed file is
noted (one `lstat` a folder: folders are a small part of a tree's paths); after it, the
folders whose mode changed, and the removed ones whose mode was not git's, are recorded in
the saved files (`SavedFiles.folders`), which undo, a correction and a rollback put back.
The working tree's top folder is one of them (`.`: `chmod 700 .`, `chmod -R go-rwx .`);
it is this clone's own, so it never leaves with a pushed record (`domain/foreign_records.py`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path

from cleveragents.adapters.folder_walk import through_no_link, walk
from cleveragents.adapters.git import checkout
from cleveragents.adapters.git.folder_making import make_folders
from cleveragents.adapters.git.saved_files import git_default_mode, link_on_the_way
from cleveragents.domain.record_paths import TOP_FOLDER
from cleveragents.domain.rules import git_refuses_name

# What a folder's mode may be given back: never a setuid bit (setgid and sticky are a
# folder's own, shared folders hold them).
FOLDER_BITS = 0o3777


def default_mode() -> int:
    """The mode git (and `mkdir`) gives a folder it makes."""
    return git_default_mode(True)


def folder_modes(root: Path, paths: Iterable[str], empty: Iterable[str] = ()) -> dict[str, int]:
    """The permission bits of every folder holding one of `paths` (at any depth), of the
    `empty` folders, and of the top folder."""
    folders: set[str] = {TOP_FOLDER}
    paths = [*paths, *(f"{folder}/" for folder in empty)]
    for path in paths:
        folder = path.rpartition("/")[0]
        while folder and folder not in folders:
            folders.add(folder)
            folder = folder.rpartition("/")[0]
    found: dict[str, int] = {}
    for folder in folders:
        st = checkout.lstat(f"{root}/{folder}")
        if st is not None and stat.S_ISDIR(st.st_mode):
            found[folder] = stat.S_IMODE(st.st_mode)
    return found


def unusual(folders: dict[str, int]) -> dict[str, int]:
    """The folders of `folders` whose mode is not the one git would give them."""
    return {path: perm for path, perm in folders.items() if perm != default_mode()}


def changed(
    root: Path, seen: dict[str, int], opened: Mapping[str, tuple[int, int]] | None = None
) -> dict[str, int]:
    """The folders of `seen` (their modes before a command) whose mode the command changed,
    or that it removed (or replaced) when a restore would not give their mode back: each
    with its mode before. `opened`: folders a walk has opened now (inode, mode before it)."""
    found: dict[str, int] = {}
    default = default_mode()
    for path, perm in seen.items():
        st = checkout.lstat(f"{root}/{path}")
        mode = stat.S_IMODE(st.st_mode) if st is not None else None
        if st is not None and (ino_mode := (opened or {}).get(path)) is not None:
            mode = ino_mode[1] if ino_mode[0] == st.st_ino else mode  # pragma: no cover - root
        same = st is not None and stat.S_ISDIR(st.st_mode) and mode == perm
        if same and perm == default:
            continue  # whatever stands there, a restore gives it this mode
        # A link the command made on the way leads out of this folder: it is gone.
        there = st is not None and stat.S_ISDIR(st.st_mode)
        there = there and link_on_the_way(root, path) is None
        if (there and not same) or (not there and perm != default):
            found[path] = perm
    return found


def put_back(root: Path, folders: dict[str, int]) -> list[str]:
    """Give each folder of `folders` that stands (a real folder, reached through no link)
    its mode, deepest first and the top folder last; the folders whose mode changed."""
    done = []
    clear = through_no_link(root, folders)  # each folder on the ways looked at once
    for path, perm in sorted(folders.items(), key=lambda kept: _order(kept[0])):
        full = os.path.join(root, path)  # no `Path` per folder: its parse reads every name
        if path not in clear or not _folder(full):
            continue
        wanted = perm & FOLDER_BITS
        if stat.S_IMODE(os.lstat(full).st_mode) != wanted:
            os.chmod(full, wanted)
            done.append(path)
    return done


def gone(root: Path, empty: Iterable[str]) -> list[str]:
    """The folders of `empty` (empty before a command) that no longer stand as folders
    reached through no link: `rmdir`, `rm -rf` of what holds them."""
    return [p for p in empty if link_on_the_way(root, p) is not None or not _folder(root / p)]


def make(root: Path, empty: Iterable[str], folders: dict[str, int]) -> list[str]:
    """Make each folder of `empty` where nothing stands, never through a link, with its
    mode in `folders` (no tree holds an empty folder: a restore leaves it out); the made."""
    made = []
    empty = list(empty)
    clear = through_no_link(root, empty)  # what it makes makes no way through a link
    for path in sorted(empty, key=lambda p: p.count("/")):
        full = os.path.join(root, path)
        if os.path.lexists(full) or path not in clear:
            continue
        try:
            make_folders(full)
        except OSError:  # a file on the way (a restore wrote it there): it stands as it is
            continue
        os.chmod(full, folders.get(path, default_mode()) & FOLDER_BITS)
        made.append(path)
    return made


def made(empty: Iterable[str], seen: Collection[str], skip: Callable[[str], bool]) -> list[str]:
    """The folders a command made, of the `empty` folders after it: each with the folders
    holding it up to the first that stood before (`seen`, the look's folders). Those in a
    folder `skip` says was not looked into (over the bound) are left out."""
    found: set[str] = set()
    for path in empty:
        ancestors = [path]
        while "/" in ancestors[-1]:
            ancestors.append(ancestors[-1].rpartition("/")[0])
        if any(skip(folder) for folder in ancestors):
            continue
        for folder in ancestors:
            if folder in seen or folder in found:
                break
            found.add(folder)
    return sorted(found)


def git_kept(root: Path, folder: str) -> bool:
    """Whether `folder` is git's or out of its reach, which a command's made folders leave
    out, as every checkpoint does: a `.git` (a nested repository's own, or one git refuses:
    `.GIT`, `git~1`) or a nested repository (a folder holding `.git`, `git init sub`)."""
    name = folder.rpartition("/")[2]
    return (
        name == ".git"
        or git_refuses_name(name)
        or os.path.lexists(os.path.join(root, folder, ".git"))
    )


def all_emptied(root: Path, folders: Iterable[str], going: Callable[[str], bool]) -> set[str]:
    """Those of `folders` that `emptied` says a restore leaves empty, with one walk of each
    outermost (a command's 1,200 nested folders, each walked apart, were 720,000 listings)."""
    found: set[str] = set()
    top = None
    for path in sorted(set(folders), key=lambda p: p.split("/")):
        if top is not None and path.startswith(f"{top}/"):
            continue  # walked with `top`
        top = path
        if link_on_the_way(root, top) is not None or not _folder(root / top):
            continue  # nor any inside it: each is reached through a link, or is not there
        left: dict[str, bool] = {}  # each folder walked: whether it is left empty
        for at, inside, files in reversed(list(walk(root / top))):
            links = [f for f in inside if os.path.islink(os.path.join(at, f))]
            relative = os.path.relpath(at, root)
            left[relative] = all(going(f"{relative}/{n}") for n in [*files, *links]) and all(
                left.get(f"{relative}/{f}", True) for f in inside if f not in links
            )
        found |= {p for p, empty in left.items() if empty}
    return found & set(folders)


def to_make(root: Path, empty: Iterable[str]) -> list[str]:
    """The folders a making of the `empty` folders makes: each that does not stand, with
    those holding it up to the first that stands (none reached through a link)."""
    found: set[str] = set()
    for path in empty:
        folder = path
        if link_on_the_way(root, folder) is not None:
            continue
        while folder and folder not in found and not os.path.lexists(os.path.join(root, folder)):
            found.add(folder)
            folder = folder.rpartition("/")[0]
    return sorted(found)


def remove_made(root: Path, folders: Iterable[str]) -> list[str]:
    """Remove each folder of `folders` (made by a command) that stands empty, reached
    through no link, deepest first: those removed. One holding anything stays."""
    removed = []
    clear = through_no_link(root, folders)
    for path in sorted(clear, key=lambda p: -p.count("/")):
        full = os.path.join(root, path)  # no `Path` per folder: its parse reads every name
        if not _folder(full):
            continue
        try:
            os.rmdir(full)  # only an empty folder: nothing in it is ever lost
        except OSError:
            continue
        removed.append(path)
    return removed


def filled(root: Path, paths: Iterable[str]) -> dict[str, int]:
    """The folders holding `paths` (files a restore writes) that stand empty now, or hold
    only such a folder (`uploads` of `uploads/2024`: its undo removes both), reached through
    no link, with their modes: the restore fills them."""
    found: dict[str, int] = {}
    for path in paths:
        folder, child = path.rpartition("/")[0], None  # child: the one found in it
        while folder and folder not in found:
            full = root / folder
            if not os.path.lexists(full):  # the restore makes it: the one holding it may be
                folder, child = folder.rpartition("/")[0], folder.rpartition("/")[2]
                continue
            if link_on_the_way(root, folder) is not None or not _folder(full):
                break
            try:
                if [entry.name for entry in os.scandir(full)] not in ([], [child]):
                    break
            except OSError:  # pragma: no cover - the suites run as root, who reads every folder
                break
            found[folder] = stat.S_IMODE(full.lstat().st_mode)
            folder, child = folder.rpartition("/")[0], folder.rpartition("/")[2]
    return found


def _folder(full: str | os.PathLike[str]) -> bool:
    st = checkout.lstat(os.fspath(full))
    return st is not None and stat.S_ISDIR(st.st_mode)


def _order(path: str) -> tuple[bool, int]:
    return path == TOP_FOLDER, -path.count("/")


def now(root: Path, paths: Iterable[str]) -> dict[str, int]:
    """The modes the folders of `paths` have now (those that stand as folders)."""
    found = {}
    for path in through_no_link(root, paths):
        st = checkout.lstat(os.path.join(root, path))
        if st is not None and stat.S_ISDIR(st.st_mode):
            found[path] = stat.S_IMODE(st.st_mode)
    return found
