"""The mounts that keep a sandboxed command's bytes out of what the host runs while it
runs (`domain/host_binds.py`): which places stand, and the bwrap options (the empty files
standing for names not there before: `mount_points.py`)."""

from __future__ import annotations

import functools
import os
import stat
from pathlib import Path

from cleveragents.adapters.command_safety import git_config
from cleveragents.domain.host_binds import (
    CLAUDE_FOLDER,
    LOGIN_NAMES,
    MCP_FILE,
    MOST_HOST_MOUNTS,
    HostBinds,
    by_stake,
    data_words,
    host_places,
    login_stand_in,
    path_like,
    planned,
    unmade,
)
from cleveragents.domain.host_files import HostFolders


def host_binds(
    root: Path, host: HostFolders, most: int = MOST_HOST_MOUNTS, *, mcp: bool = False
) -> HostBinds:
    """What the box binds for `host`'s places in the tree at `root`: a place reached
    through a link (bwrap would bind where it leads) or of another kind (a FIFO) is left
    to the put-back, as is a missing one whose folder does not stand, and a missing login
    bash's own name (`LOGIN_NAMES`) outside a home in the tree: where it is made (a home's),
    it holds what bash reads in its stead (`written`). With `mcp` (a command of Claude
    Code, running on the host meanwhile), a missing `.mcp.json` is made too."""
    places, homes = host_places(host)
    entries: list[str] = []
    for home in homes:  # each dot entry of a home in the tree, and its `bin`
        folder = root / home if home else root
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        dots = [n for n in names if n.startswith(".") and n.lower() != ".git"]
        entries += [f"{home}/{n}" if home else n for n in [*dots, "bin"] if n in names]
    places = by_stake(places, entries, host)
    found: list[tuple[str, bool]] = []  # (place, missing)
    left: list[str] = []
    never = unmade(host, git_config.hidden_key)
    never |= {p for p in data_words(host) if not path_like(p)}  # `notify-send "Task done"`
    written: list[tuple[str, str]] = []
    for place in dict.fromkeys(places):
        st = _lstat(root / place) if _real_way(root, place) else None
        parent, _, name = place.rpartition("/")
        made = name not in LOGIN_NAMES or parent in homes
        if st is None and place not in never and _real_way(root, place) and made:
            found.append((place, True))
            stand_in = login_stand_in(name, functools.partial(_stands, root / parent))
            written += [(place, stand_in)] if stand_in is not None else []
        elif st is not None and (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
            found.append((place, False))
        else:
            left.append(place)
    if mcp and not _lstat(root / MCP_FILE):  # first: Claude Code reads it (attack 22 #12)
        found.insert(0, (MCP_FILE, True))
    binds = planned(found, most)
    written = [(place, text) for place, text in written if place in binds.made]
    claude = [f"{home}/{CLAUDE_FOLDER}" if home else CLAUDE_FOLDER for home in ["", *homes]]
    missing = [p for p in dict.fromkeys(claude) if _real_way(root, p) and not _lstat(root / p)]
    unbound = (*binds.left, *left)
    return HostBinds(binds.folders, binds.kept, binds.made, unbound, tuple(written), tuple(missing))


def options(root: Path, binds: HostBinds, empty: str) -> list[str]:
    """bwrap's options for `binds`, to come right after the tree's own bind (before the
    read-only binds of the git directories, which a folder bound to itself would undo)."""
    found: list[str] = []
    for folder in binds.folders:
        found += ["--bind", f"{root}/{folder}", f"{root}/{folder}"]
    for place in binds.kept:
        found += ["--ro-bind", f"{root}/{place}", f"{root}/{place}"]
    written = dict(binds.written)
    for place in binds.made:  # one holding bytes, itself: the box reads what the host does
        source = f"{root}/{place}" if place in written else empty
        found += ["--ro-bind", source, f"{root}/{place}"]
    for place in binds.made_folders:  # made by `mount_points.made`, unless it could not be
        found += ["--ro-bind-try", f"{root}/{place}", f"{root}/{place}"]
    return found


def _stands(folder: Path, name: str) -> bool:
    return os.path.lexists(folder / name)


def _real_way(root: Path, place: str) -> bool:
    """Whether every folder on the way to `place`, and `place` if it stands, is no link,
    and the folder holding it stands."""
    parts = place.split("/")
    for n in range(1, len(parts) + 1):
        st = _lstat(root.joinpath(*parts[:n]))
        if st is None:
            return n == len(parts)
        if stat.S_ISLNK(st.st_mode) or (n < len(parts) and not stat.S_ISDIR(st.st_mode)):
            return False
    return True


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except OSError:
        return None
