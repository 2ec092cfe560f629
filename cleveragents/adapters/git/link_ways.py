"""Links on the way to what runs on the host: a command that re-points one is undone.

A hook that runs `scripts/check.sh` where `scripts -> tools` is a committed link runs
whatever `scripts` leads to when git runs it. The look before a command watches the file
where the link leads (`tools/check.sh`), not the link: `ln -sfn alt scripts` changes no
watched file, yet the next `git commit` runs `alt/check.sh`, which an earlier command wrote
while nothing ran it. So the look also reads each link on the way to a place git, a hook or
a Claude Code setting runs (`OwnConfig.behind`), and a hooks folder that is itself a link;
after the command each one is as the look saw it again: re-pointed or removed, the link the
look read comes back (a folder or file the command put there instead is left to the watch of
the places behind it, which removes what is new there).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from cleveragents.adapters.git.saved_files import link_on_the_way
from cleveragents.domain.command_saves import shown_path

WHY = "a link on the way to what runs on the host"


def ways(root: Path, places: Iterable[str]) -> dict[str, str | None]:
    """The folders and links of the tree `root` on the way to each of `places` (relative
    paths, the place itself too) up to the first link, each with what the link holds (None:
    a folder). What lies beyond a link is its target, a place of its own."""
    found: dict[str, str | None] = {}
    for place in places:
        parts = PurePosixPath(place).parts
        if not parts or parts[0] in ("/", "..", "."):
            continue
        for depth in range(1, len(parts) + 1):
            way = "/".join(parts[:depth])
            try:
                st = os.lstat(root / way)
                if stat.S_ISLNK(st.st_mode):
                    found[way] = os.readlink(root / way)
                    break
            except OSError:
                break
            if not stat.S_ISDIR(st.st_mode):
                break
            found[way] = None
    return {way: target for way, target in found.items() if _behind_link(way, found)}


def _behind_link(way: str, found: dict[str, str | None]) -> bool:
    """Whether `way` matters: a link, or a folder on the way to one."""
    return found[way] is not None or any(
        target is not None and other.startswith(f"{way}/") for other, target in found.items()
    )


def put_back(root: Path, seen: dict[str, str | None]) -> list[str]:
    """Each link of `seen` (from `ways`) that a command re-pointed or removed, as it was,
    and each folder of it a command replaced by a link; one line for each."""
    said: list[str] = []
    for way, target in sorted(seen.items(), key=lambda item: item[0].count("/")):
        full = root / way
        if link_on_the_way(root, way) is not None:
            continue  # a folder on its way is no folder now: said of that folder
        try:
            st: os.stat_result | None = os.lstat(full)
        except OSError:
            st = None
        if target is None:  # a folder: a link in its place goes, a folder comes back
            if st is not None and stat.S_ISLNK(st.st_mode):
                full.unlink()
                full.mkdir()
                said.append(f"removed {shown_path(way)}: {WHY}, a link the command made")
            continue
        if st is not None and stat.S_ISLNK(st.st_mode):
            if os.readlink(full) == target:
                continue
            full.unlink()
            why = "re-pointed"
        elif st is None and full.parent.is_dir():
            why = "removed"
        else:
            continue  # a folder or file in its place: nothing lies behind it as before
        os.symlink(target, full)
        said.append(f"put back {shown_path(way)}: {WHY}, {why} by the command")
    return said
