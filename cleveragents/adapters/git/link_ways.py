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

A link cannot be bound read-only (a bind mount follows it), nor can its folder be without
taking that folder from the command (the tree's top, most often): the user's own `ln -sfn
tools2 scripts` on the host while the command runs cannot be told from the command's. So
what is said names both, and each link that stood is kept first in a commit the line names
(attack 21, finding 15): the user gets a choice of theirs back with `git show`.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Collection, Iterable
from pathlib import Path, PurePosixPath

from cleveragents.adapters.git.modes import LINK
from cleveragents.adapters.git.saved_files import FileSaver, link_on_the_way
from cleveragents.adapters.git.saved_names import escaped
from cleveragents.domain.command_saves import shown_path

WHY = "a link on the way to what runs on the host"
# A link cannot be bound read-only: who re-pointed it while the command ran is not known.
DURING = "during the command (by the command or on the host)"


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


def put_back(
    root: Path,
    seen: dict[str, str | None],
    keep: Callable[[dict[str, bytes]], str | None] = lambda _: None,
    held: Collection[str] = (),
) -> list[str]:
    """Each link of `seen` (from `ways`) re-pointed or removed during the command, as it
    was, and each folder of it replaced by a link; one line for each. A link cannot be
    bound read-only: the command or the user on the host may have done it, so the line
    says both, and each link that stood is first kept by `keep` (its targets by path, a
    commit made of them back, named in the line): nothing of the user's is lost. One in a
    folder the box held read-only the whole command (`held`, `domain/box_holds.py`) was
    out of the command's reach: what stands there is the host's, left as it is."""
    seen = {way: target for way, target in seen.items() if not _in_held(way, held)}
    stood = {
        way: os.readlink(os.fsencode(root / way))
        for way, target in seen.items()
        if link_on_the_way(root, way) is None and _re_pointed(root / way, target)
    }
    commit = keep(stood) if stood else None
    short = commit[:12] if commit is not None else None
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
                line = f"removed {shown_path(way)}: {WHY}, a link made in its place {DURING}"
                said.append(_kept(line, way, short if way in stood else None))
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
        line = f"put back {shown_path(way)}: {WHY}, {why} {DURING}"
        said.append(_kept(line, way, short if way in stood else None))
    return said


def keeping(
    saver: FileSaver, commit: Callable[[str, str, str], str], plan_id: str
) -> Callable[[dict[str, bytes]], str]:
    """What keeps links for `put_back`: a commit on the plan's saved ref (`commit`: plan,
    tree, message) holding each link (its target, by path in the tree)."""

    def keep(links: dict[str, bytes]) -> str:
        blobs = [saver.objects.blob(target) for target in links.values()]
        tree = saver.tree_of([(path, LINK, blob) for path, blob in zip(links, blobs, strict=True)])
        return commit(plan_id, tree, "cleveragents removed links: on the way to what runs")

    return keep


def _in_held(way: str, held: Collection[str]) -> bool:
    """Whether `way` lies inside one of the folders `held` (a place is a folder when a way
    lies in it: a link's folder bound read-only, which the link cannot be)."""
    return any(way.startswith(f"{place}/") for place in held if place not in ("", "."))


def _re_pointed(full: Path, target: str | None) -> bool:
    """Whether a link stands at `full` where the look saw a folder (`target` None) or a
    link to another target."""
    try:
        return stat.S_ISLNK(os.lstat(full).st_mode) and (
            target is None or os.readlink(full) != target
        )
    except OSError:
        return False


def _kept(line: str, way: str, commit: str | None) -> str:
    if commit is None:
        return line
    shown = shown_path(escaped(way))  # as the commit's tree holds it
    return f"{line}; the link that stood is kept in commit {commit} (git show {commit}:{shown})"
