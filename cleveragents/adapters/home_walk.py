"""The walk of the user's home for links (`home_files.py`): its dot entries and `~/bin`
(on PATH by Debian's default `.profile`), its other folders on PATH (`~/go/bin`:
`home_ways.home_roots`), folders and all, each walked on its own budget; and for the
files of more than one name there, their inodes (`home_hard.py`).

A developer's home holds caches of hundreds of thousands of entries (`~/.cache/go-build`,
`~/.cargo/registry`, `~/.npm`): one budget for the whole home let them spend it before
`~/.vim/pack/dev/start/plugin`, a link into the tree, was listed. So:
  * the cache and data folders in `SKIPPED` are not walked: programs fill them, a user's
    install links nothing there; the install roots in `INSTALLS` (`~/.nvm/versions`,
    `~/.rustup/toolchains`, `~/.pyenv/versions`) hold what the user links there (`npm
    link` under nvm, `rustup toolchain link`): only the few places of those links are
    listed, not the installs' own files;
  * each root has a budget of its own: a top entry of the home (`.vim`, `.ssh`, `bin`), or
    in the folders of many programs (`CONTAINERS`: `~/.config`, `~/.local`,
    `~/.local/share`) each entry of them (`.config/nvim`, `.local/bin`), so that one big
    program folder cannot hide another's link; and all roots one budget together
    (`MOST_ALL`), each given a first share (`FIRST`) before any is given more, so that a
    home of many big program folders costs a bound, not their count times a root's;
  * a root that is a link to a folder (`~/.vim -> /data/vimfiles`, `~/.config` on a
    synced disk) is walked as the folder it is: its programs follow it;
  * in a root, the places users link their folders in (`LINK_PLACES`: `pack/*/start/*`,
    neovim's `site/pack`, `node_modules`) are looked at first, and a big folder
    (`~/.vim/undo`: more than `BIG` bytes of listing) after the rest of the root;
  * a listing stops reading at the budget (`os.scandir` is lazy): a big folder costs the
    budget, not its size;
  * what was not walked whole is said by root (`cuts`): a tree counts whole past a limit
    only when a link into it was found in a root the walk did not finish
    (`home_files._whole`), not because of an unrelated cache's depth.
"""

from __future__ import annotations

import bisect
import fnmatch
import os
import time
from dataclasses import dataclass, field

Inode = tuple[int, int, int] | None  # a file's device, inode and count of names

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
        ".rustup/downloads",
        ".m2/repository",
        ".gradle/caches",
        ".gradle/wrapper/dists",
        ".conda/pkgs",
        ".thumbnails",
        ".local/share/Trash",
        ".local/share/containers",
        ".local/share/flatpak",
        "go/pkg",
        # mise's records of the configs it trusts and has seen: links to project folders,
        # not a file of the home a program runs (what a trusted config runs is judged by
        # `folder_trusts.py`); walked, every mise user's tree counted whole (attack 23 F13).
        ".local/state/mise/trusted-configs",
        ".local/state/mise/tracked-configs",
    }
)
# The install roots of the home: where a user links a folder of theirs in (relative to the
# root, by level, `*` any name): only these places are listed there.
INSTALLS = {
    ".nvm/versions": (
        ("node", "*", "lib", "node_modules", "*"),
        ("node", "*", "lib", "node_modules", "@*", "*"),
        ("node", "*", "bin", "*"),
    ),
    ".rustup/toolchains": (("*",),),
    ".pyenv/versions": (("*",),),
}
# The places in any root where users link their own folders (vim's and neovim's packages,
# a `node_modules`): looked at first, before the root's other folders spend its budget.
LINK_PLACES = (
    ("pack", "*", "start", "*"),
    ("pack", "*", "opt", "*"),
    ("site", "pack", "*", "start", "*"),
    ("site", "pack", "*", "opt", "*"),
    ("node_modules", "*"),
    ("node_modules", "@*", "*"),
    ("lib", "node_modules", "*"),
    ("lib", "node_modules", "@*", "*"),
)
MOST_ALL = 40000  # entries of all roots together, at most
FIRST = 2000  # entries of each root before any root is given more
BIG = 65536  # bytes of a folder's own size past which it is listed last in its root
# The home's folders of many programs: each entry of them is a root of its own.
CONTAINERS = frozenset({".config", ".local", ".local/share"})
LINK, FOLDER, OTHER, HARD = "link", "folder", "other", "hard"  # HARD: a file of 2+ names
# The listings of the home's folders in this process, by path, with the folder's stat and
# how many entries were read at most: read again only when it changed (an entry made,
# removed or renamed there changes it), when more are asked for, or when it changed in the
# last `FRESH_NS` (a change in the same clock tick may not show).
_listings: dict[str, tuple[tuple[int, int, int], int, list[tuple[str, str, Inode]]]] = {}
FRESH_NS = 2_000_000_000


@dataclass(frozen=True)
class Walk:
    """What the walk found: the links (name from the home, path), the roots not walked to
    their end (`over`: those past a budget), and the files of more than one name (name,
    path, device, inode, names): another name of one may lie in the tree (`home_hard.py`)."""

    links: list[tuple[str, str]]
    cuts: list[str]
    hard: list[tuple[str, str, int, int, int]]
    over: list[str] = field(default_factory=list)  # the cuts past a budget, not a depth


def home_links(
    home: str, most: int, deepest: int, roots: tuple[str, ...] = (), most_all: int = MOST_ALL
) -> Walk:
    """The links in the home's dot entries, `bin` and `roots` (folders of the home on PATH:
    `go/bin`, `node_modules/.bin`), down to `deepest` levels, the roots (or containers) not
    walked to their end (more than `most` entries in one, the budget of all, `most_all`,
    spent, or a folder at the last depth), and the files of more than one name there."""
    walk = Walk([], [], [])
    entries, stopped = _entries(home, most)
    walk.cuts.extend(["."] if stopped else [])
    walk.over.extend(["."] if stopped else [])
    top = "." in roots  # the home itself on PATH: what its top links to runs by name
    todo = [e for e in entries if e[0].startswith(".") or e[0] == "bin" or (top and e[1] != FOLDER)]
    todo += [(root, FOLDER, None) for root in roots if root != "."]
    folders: list[str] = []
    while todo:
        name, kind, inode = todo.pop(0)
        if kind == LINK:
            walk.links.append((name, f"{home}/{name}"))
            kind = FOLDER if _followed(home, f"{home}/{name}") else kind
        if kind == HARD and inode is not None:
            walk.hard.append((name, f"{home}/{name}", *inode))
        elif kind == FOLDER and name in CONTAINERS:
            inner, stopped = _entries(f"{home}/{name}", most)
            walk.cuts.extend([name] if stopped else [])
            walk.over.extend([name] if stopped else [])
            todo += [(f"{name}/{entry}", entry_kind, i) for entry, entry_kind, i in inner]
        elif kind == FOLDER and name not in SKIPPED:
            folders.append(name)
    # Each root on a first share, then those cut on more while the budget of all lasts.
    left = most_all
    walks: dict[str, tuple[Walk, int, str]] = {}
    for name in folders:
        walks[name] = _root(home, name, min(most, FIRST, max(left, 0)), deepest)
        left -= walks[name][1]
    for name in folders:
        spent, cut = walks[name][1:]
        if cut == "count" and left > 0 and most > spent:
            walks[name] = _root(home, name, min(most, spent + left), deepest)
            left -= walks[name][1] - spent
    for name in folders:
        part, _, cut = walks[name]
        walk.links.extend(part.links)
        walk.hard.extend(part.hard)
        walk.cuts.extend([name] if cut else [])
        walk.over.extend([name] if cut == "count" else [])
    return walk


def _followed(home: str, path: str) -> bool:
    """Whether the link `path`, an entry of the home's, leads to a folder to walk as one:
    not the home or a folder holding it (a walk of the home again)."""
    real = os.path.realpath(path)
    holds_home = os.path.realpath(home) == real or os.path.realpath(home).startswith(
        f"{real.rstrip('/')}/"
    )
    return not holds_home and os.path.isdir(real)


def _root(home: str, root: str, most: int, deepest: int) -> tuple[Walk, int, str]:
    """The links (and files of more names) in the folder `root` of the home, breadth first
    on a budget of `most` entries, a folder of more than `BIG` bytes after the rest; how
    many entries were read, and why the walk stopped before its end ("count", "depth") or
    ""."""
    walk = Walk([], [], [])
    listed: dict[str, list[tuple[str, str, Inode]]] = {}  # by the first look at link places
    spent, stopped = _places(home, root, LINK_PLACES, most, walk, listed)
    left, cut = most - spent, "count" if stopped else ""
    recorded = {name for name, _ in walk.links} | {name for name, *_ in walk.hard}
    todo: list[tuple[str, bool]] = [(root, False)]
    later: list[tuple[int, str]] = []
    while (todo or later) and cut != "count":
        if not todo:
            todo = [(folder, True) for _, folder in sorted(later)]
            later = []
        folder, big = todo.pop(0)
        if len(folder.split("/")) >= deepest:
            cut = cut or "depth"
            continue
        if folder in INSTALLS:
            spent, stopped = _places(home, folder, INSTALLS[folder], left, walk, listed)
            left, cut = left - spent, "count" if stopped else cut
            continue
        if folder in listed:  # listed whole at a link place
            entries = listed[folder]
        else:
            try:
                st = os.stat(f"{home}/{folder}")
            except OSError:
                continue
            if st.st_size > BIG and not big and folder != root:
                later.append((st.st_size, folder))
                continue
            entries, stopped = _entries(f"{home}/{folder}", left, st)
            left -= len(entries)
            cut = "count" if stopped else cut
        for name, kind, inode in entries:
            path = f"{folder}/{name}"
            if path in recorded:  # (at a link place)
                continue
            if kind == LINK:
                walk.links.append((path, f"{home}/{path}"))
            elif kind == HARD and inode is not None:
                walk.hard.append((path, f"{home}/{path}", *inode))
            elif kind == FOLDER and path not in SKIPPED:
                todo.append((path, False))
    return walk, most - left, cut


def links_in(base: str, folder: str, most: int, deepest: int) -> tuple[list[str], bool]:
    """The links (relative to `base`) in the folder `folder` of `base`, breadth first on a
    budget of `most` entries down to `deepest` levels, and whether some were not looked at."""
    walk, _, cut = _root(base, folder, most, deepest)
    return [name for name, _ in walk.links], bool(cut)


def _places(
    home: str,
    root: str,
    shapes: tuple[tuple[str, ...], ...],
    most: int,
    walk: Walk,
    listed: dict[str, list[tuple[str, str, Inode]]],
) -> tuple[int, bool]:
    """The links (and files of more names) at the places `shapes` name in the folder `root`
    of the home (each a path below it, `*` any name), added to `walk`; each folder listed
    kept in `listed`; how many entries were read (each folder's once, at most `most`), and
    whether some were left out."""
    left, cut = most, False
    for shape in shapes:
        level = [root]
        for at, part in enumerate(shape):
            deeper: list[str] = []
            for folder in level:
                if folder not in listed:
                    listed[folder], stopped = _entries(f"{home}/{folder}", left)
                    left, cut = left - len(listed[folder]), cut or stopped
                for name, kind, inode in _matching(listed[folder], part):
                    path, last = f"{folder}/{name}", at == len(shape) - 1
                    if kind == LINK and last:
                        walk.links.append((path, f"{home}/{path}"))
                    elif kind == HARD and inode is not None and last:
                        walk.hard.append((path, f"{home}/{path}", *inode))
                    elif kind == FOLDER:
                        deeper.append(path)
            level = deeper
    return most - left, cut


def _matching(entries: list[tuple[str, str, Inode]], part: str) -> list[tuple[str, str, Inode]]:
    """The entries (sorted by name) whose names `part` matches: a name, `*` or a pattern."""
    if part == "*":
        return entries
    if not any(c in part for c in "*?["):  # a name: found by bisection, not a match of each
        at = bisect.bisect_left(entries, (part,))
        return entries[at : at + 1] if at < len(entries) and entries[at][0] == part else []
    return [e for e in entries if fnmatch.fnmatchcase(e[0], part)]


def _entries(
    folder: str, most: int, st: os.stat_result | None = None
) -> tuple[list[tuple[str, str, Inode]], bool]:
    """At most `most` entries of `folder` (none when it is no folder), by name, with their
    kinds (never following a link) and, for a file of more than one name, its inode; and
    whether some were left out: the listing stops reading one past `most` (which ones are
    read then is the file system's order). `st`: the folder's `stat`, when known (a root
    that is a link: the folder's, not the link's)."""
    most = max(most, 0)
    try:
        st = os.stat(folder) if st is None else st
        key = (st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        known = _listings.get(folder)
        whole = known is not None and (len(known[2]) <= known[1] or known[1] >= most)
        if known is not None and known[0] == key and whole:
            every = known[2]
        else:
            every = []
            with os.scandir(folder) as listing:
                for entry in listing:
                    every.append((entry.name, *_kind(entry)))
                    if len(every) > most:
                        break
            every.sort()
            if time.time_ns() - max(key[0], key[1]) > FRESH_NS:
                _listings[folder] = (key, most, every)
    except OSError:
        return [], False
    return every[:most], len(every) > most


def _kind(entry: os.DirEntry[str]) -> tuple[str, Inode]:
    """The kind of `entry`, and its inode when it is a file of more than one name (an
    `lstat`: the listing gives no count of names)."""
    try:
        if entry.is_symlink():
            return LINK, None
        if entry.is_dir(follow_symlinks=False):
            return FOLDER, None
        st = entry.stat(follow_symlinks=False)
        if entry.is_file(follow_symlinks=False) and st.st_nlink > 1:
            return HARD, (st.st_dev, st.st_ino, st.st_nlink)
        return OTHER, None
    except OSError:  # pragma: no cover - removed since the listing
        return OTHER, None
