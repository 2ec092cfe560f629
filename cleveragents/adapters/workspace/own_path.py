"""The folders of agents' own import path in the tree that are not there yet (`<tree>/src`
named by a `.pth` of an editable install, a `PYTHONPATH` entry): what a command makes
there would run in the next `agents` (`sitecustomize.py`).

One whose folder stands is made for the command's time as an empty read-only folder, bound
so in the box (`mount_points.made`, journaled and removed after while still empty, as a
missing `.claude` is): the command cannot make it. What stands there after the command in
the folder the box held the whole time is the host's (the user put it there, through the
same folder) and stays. One the box could not hold (its folder missing, a link on the
way), or whose hold the host ended (`rm -rf src && mkdir src` on the host), may hold the
user's own as well as the command's: it is moved aside to `NAME.kept-N` beside it (no
Python imports from that name), never removed (attack 21 #14), and said so.
"""

from __future__ import annotations

import dataclasses
import os
import stat
from pathlib import Path

from cleveragents.adapters.workspace.pinned import aside
from cleveragents.domain.box_holds import BoxHolds
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.host_binds import HostBinds


def made_in(root: Path, host: HostBinds, missing: list[Path]) -> tuple[HostBinds, list[str]]:
    """`host` with each of `missing` (absolute paths in the tree at `root`) whose folder
    stands, with no link on the way, made an empty read-only folder; those, in the tree."""
    made = [p.relative_to(root).as_posix() for p in missing if _folder_stands(root, p.parent)]
    folders = (*host.made_folders, *(p for p in made if p not in host.made_folders))
    return dataclasses.replace(host, made_folders=folders), made


def put_aside(root: Path, planted: list[Path], held: BoxHolds | None) -> list[str]:
    """Each of `planted` (standing after the command, missing before it) the box did not
    hold the whole command moved aside; what the outcome says of them."""
    said: list[str] = []
    for place in planted:
        name = place.relative_to(root).as_posix()
        if held is not None and name in held.held:
            continue  # the made folder, held read-only throughout: what is in it is the host's
        going = _first_link(root, place) or place
        if not os.path.lexists(going):  # pragma: no cover - a file on the way: nothing below
            continue
        kept = aside(going).relative_to(root).as_posix()
        said.append(
            f"moved {shown_path(going.relative_to(root).as_posix())} aside to "
            f"{shown_path(kept)}: new on agents' own import path during the command, which "
            "the box could not hold (yours or the command's: kept, off the import path)"
        )
    return said


def _folder_stands(root: Path, folder: Path) -> bool:
    """Whether `folder` (in the tree at `root`, or the tree itself) is a real folder, each
    one on the way too."""
    try:
        parts = folder.relative_to(root).parts
    except ValueError:  # pragma: no cover - own_python gives paths in the tree
        return False
    for n in range(len(parts) + 1):
        try:
            if not stat.S_ISDIR(os.lstat(root.joinpath(*parts[:n])).st_mode):
                return False
        except OSError:
            return False
    return True


def _first_link(root: Path, place: Path) -> Path | None:
    """The first link on the way to `place` (it included): what a put-aside takes, never
    what it leads to."""
    folder = root
    for part in place.relative_to(root).parts:
        folder = folder / part
        if folder.is_symlink():
            return folder
        if not folder.is_dir():
            return None
    return None
