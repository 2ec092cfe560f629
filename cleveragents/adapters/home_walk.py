"""The walk of the user's home for links (`home_files.py`): its dot entries and `~/bin`
(on PATH by Debian's default `.profile`), folders and all, each walked on its own budget.

A developer's home holds caches of hundreds of thousands of entries (`~/.cache/go-build`,
`~/.cargo/registry`, `~/.npm`): one budget for the whole home let them spend it before
`~/.vim/pack/dev/start/plugin`, a link into the tree, was listed. So:
  * the cache and data folders in `SKIPPED` are not walked: programs fill them, a user's
    install links nothing there;
  * each root has a budget of its own: a top entry of the home (`.vim`, `.ssh`, `bin`), or
    in the folders of many programs (`CONTAINERS`: `~/.config`, `~/.local`,
    `~/.local/share`) each entry of them (`.config/nvim`, `.local/bin`), so that one big
    program folder cannot hide another's link;
  * a listing stops reading at the budget (`os.scandir` is lazy): a big folder costs the
    budget, not its size;
  * what was not walked whole is said by root (`cuts`): a tree counts whole past a limit
    only when a link into it was found in a root the walk did not finish
    (`home_files._whole`), not because of an unrelated cache's depth.
"""

from __future__ import annotations

import os
import time

# The home's folders not walked (relative to the home): caches, package stores, toolchains,
# the trash; what a program writes there for itself, never a user's link.
SKIPPED = frozenset(
    {
        ".cache",
        ".npm",
        ".yarn/cache",
        ".pnpm-store",
        ".bun/install/cache",
        ".cargo/registry",
        ".cargo/git",
        ".rustup/toolchains",
        ".rustup/downloads",
        ".m2/repository",
        ".gradle/caches",
        ".gradle/wrapper/dists",
        ".pyenv/versions",
        ".nvm/versions",
        ".conda/pkgs",
        ".thumbnails",
        ".local/share/Trash",
        ".local/share/containers",
        ".local/share/flatpak",
        "go/pkg",
    }
)
# The home's folders of many programs: each entry of them is a root of its own.
CONTAINERS = frozenset({".config", ".local", ".local/share"})
LINK, FOLDER, OTHER = "link", "folder", "other"
# The listings of the home's folders in this process, by path, with the folder's stat and
# how many entries were read at most: read again only when it changed (an entry made,
# removed or renamed there changes it), when more are asked for, or when it changed in the
# last `FRESH_NS` (a change in the same clock tick may not show).
_listings: dict[str, tuple[tuple[int, int, int], int, list[tuple[str, str]]]] = {}
FRESH_NS = 2_000_000_000


def home_links(home: str, most: int, deepest: int) -> tuple[list[tuple[str, str]], list[str]]:
    """The links in the home's dot entries and `bin`, down to `deepest` levels (name from
    the home, path), and the roots (or containers) not walked to their end: more than
    `most` entries in one, or a folder at the last depth."""
    found: list[tuple[str, str]] = []
    cuts: list[str] = []
    entries, stopped = _entries(home, most)
    cuts += ["."] if stopped else []
    todo = [(name, kind) for name, kind in entries if name.startswith(".") or name == "bin"]
    while todo:
        name, kind = todo.pop(0)
        if kind == LINK:
            found.append((name, f"{home}/{name}"))
        elif kind == FOLDER and name in CONTAINERS:
            inner, stopped = _entries(f"{home}/{name}", most)
            cuts += [name] if stopped else []
            todo += [(f"{name}/{entry}", entry_kind) for entry, entry_kind in inner]
        elif kind == FOLDER and name not in SKIPPED:
            links, cut = _root(home, name, most, deepest)
            found += links
            cuts += [name] if cut else []
    return found, cuts


def _root(home: str, root: str, most: int, deepest: int) -> tuple[list[tuple[str, str]], bool]:
    """The links in the folder `root` of the home, breadth first on a budget of `most`
    entries, and whether the walk stopped before its end."""
    found: list[tuple[str, str]] = []
    left, cut = most, False
    level = [root]
    while level and not cut:
        deeper: list[str] = []
        for folder in level:
            if len(folder.split("/")) >= deepest:
                cut = True
                break
            entries, stopped = _entries(f"{home}/{folder}", left)
            left -= len(entries)
            cut = cut or stopped
            for name, kind in entries:
                path = f"{folder}/{name}"
                if kind == LINK:
                    found.append((path, f"{home}/{path}"))
                elif kind == FOLDER and path not in SKIPPED:
                    deeper.append(path)
            if cut:
                break
        level = deeper
    return found, cut


def _entries(folder: str, most: int) -> tuple[list[tuple[str, str]], bool]:
    """At most `most` entries of `folder` (none when it is no folder), by name, with their
    kinds (never following a link), and whether some were left out: the listing stops
    reading one past `most` (which ones are read then is the file system's order)."""
    most = max(most, 0)
    try:
        st = os.lstat(folder)
        key = (st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        known = _listings.get(folder)
        whole = known is not None and (len(known[2]) <= known[1] or known[1] >= most)
        if known is not None and known[0] == key and whole:
            every = known[2]
        else:
            every = []
            with os.scandir(folder) as listing:
                for entry in listing:
                    every.append((entry.name, _kind(entry)))
                    if len(every) > most:
                        break
            every.sort()
            if time.time_ns() - max(key[0], key[1]) > FRESH_NS:
                _listings[folder] = (key, most, every)
    except OSError:
        return [], False
    return every[:most], len(every) > most


def _kind(entry: os.DirEntry[str]) -> str:
    try:
        if entry.is_symlink():
            return LINK
        return FOLDER if entry.is_dir(follow_symlinks=False) else OTHER
    except OSError:  # pragma: no cover - removed since the listing
        return OTHER
