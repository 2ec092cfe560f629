"""The links of the tree standing where a folder of a watched place would (attack 23, F30).

A trusted VS Code folder runs `pkg/.vscode/tasks.json` (`**/.vscode/tasks.json`): a command's
`ln -s ../docs/vs pkg/.vscode` beside a `docs/vs/tasks.json` of its own makes that file the
task VS Code runs, while the walk that matches the place by its names (`tree_scripts.below`)
follows no link and finds nothing there. So each link whose path is a folder of a watched
place (`Reach.on_way`: any depth for a `**` place, at the top for one named from it) is
watched itself: one the command made goes after it, one it re-pointed comes back
(`claude_dirs.py`), kept and named like every other place put back.

One that stood already (the user's, committed: `deep/sub/bin -> ../../payload`) stays, and
leads the place to its target: the rest of the place there is a place too (`led`:
`payload/proxy.sh`), put back, held by the box and settled after a kill as the others. A
target outside the tree is the user's.

Cost: an `lstat` of each folder of a place named from the top; for a `**` place, the walk
`below` makes (`folder_listings.walked`: a folder's names read again only where it changed),
with an `lstat` of each entry of its folder's name, and of each entry below the folder a
`pkg/**/x` place spans; `led` walks the same once more for the config programs and the
cwd reads, with a `realpath` of each link found.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from cleveragents.adapters.git.folder_listing import matcher
from cleveragents.adapters.git.folder_listings import walked
from cleveragents.domain.reach import ANY_FOLDERS, Reach, escaped

SPANNED = "\0"  # a name no folder holds: matched only by a `*` or a `**`


def standing(root: Path, reaches: list[Reach]) -> list[str]:
    """The links of the tree `root` standing where a folder of a place of `reaches` would."""
    found: list[str] = []
    deep: list[Reach] = []
    for reach in reaches:
        folders = reach.path.split("/")[:-1]
        if not folders or folders[0] in ("", "~", "..") or set(folders) == {ANY_FOLDERS}:
            continue  # no folder but a leading `**`'s, or outside the tree
        if any(_pattern(part) for part in folders):
            deep.append(reach)
            continue
        for way in ("/".join(folders[:at]) for at in range(1, len(folders) + 1)):
            if os.path.islink(root / way):  # the first: what lies past it is not the tree's
                found.append(way)
                break
    if not deep:
        return found
    named = matcher(tuple({p for r in deep for p in r.path.split("/")[:-1]} - {ANY_FOLDERS}))
    # A `**` after a folder (`pkg/**/x`) spans any name below it: each is looked at.
    spanning = [r for r in deep if ANY_FOLDERS in r.path.split("/")[1:-1]]
    for folder, names in walked(str(root)):
        every = any(r.on_way(f"{folder}/{SPANNED}" if folder else SPANNED) for r in spanning)
        for name in sorted(names if every else filter(named, names)):
            path = f"{folder}/{name}" if folder else name
            if os.path.islink(root / path) and any(r.on_way(path) for r in deep):
                found.append(path)
    return list(dict.fromkeys(found))


def led(root: Path, reaches: list[Reach], *, plain: bool = False) -> list[tuple[Reach, Reach]]:
    """(place, of which reach) for each place of `reaches` where a link standing on its way
    (`standing`) leads in the tree `root`: the rest of the place below the link's target
    (`payload/proxy.sh` for `**/bin/proxy.sh` through a committed `deep/sub/bin ->
    ../../payload`), which the host's program runs through the link while the walk by
    names, following no link, matches nothing there. A target outside the tree (or in a
    `.git`) is not the tree's: none. `plain`: a rest naming one file is a place named as
    is (no launcher: the box binds it read-only)."""
    top = os.path.realpath(root)
    found: list[tuple[Reach, Reach]] = []
    for link in standing(root, reaches):
        real = os.path.realpath(os.path.join(top, link))
        target = os.path.relpath(real, top)
        if (real != top and not real.startswith(f"{top}/")) or ".git" in target.split("/"):
            continue  # outside the tree: the user's
        folder = "" if real == top else f"{target}/"  # the tree's top: the rest from there
        for reach in reaches:
            for rest in reach.beyond(link):
                exact = not reach.unknown and not any(map(_pattern, rest.split("/")))
                if plain and exact:
                    found.append((replace(reach, path=f"{folder}{rest}", launcher=""), reach))
                    continue
                named = escaped(folder) if reach.launcher or reach.unknown else folder
                found.append((replace(reach, path=f"{named}{rest}"), reach))
    return list(dict.fromkeys(found))


def _pattern(part: str) -> bool:
    return part == ANY_FOLDERS or any(c in part for c in "*?[")
