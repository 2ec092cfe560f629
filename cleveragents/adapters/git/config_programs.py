"""Programs the user's git config names by a path of the working tree.

A project's setup script may set `diff.json.textconv = ./scripts/conv.sh`, a filter's
`clean`/`smudge`, a `merge.X.driver`, `core.fsmonitor`, `core.sshCommand`, `gpg.program`
or `credential.helper = !./tools/cred`: the user's next `git diff`, `git status` or `git
fetch` runs that tree file on the host, outside any sandbox. So each value of a setting
not known to be harmless (`domain/git_programs.py`), in every config git reads here
(repository, worktree, global, system, includes: `git config --list` follows them, as git
does), is read for the places of the tree it may run (`domain/config_programs.py`: the files
it names, what its launcher finds, a `cd`'s folder, the whole tree when agents cannot tell);
a file named that lies in the tree (as named, relative to the tree's top where git runs
these, and where its links lead), or in one of those places, is a host-run file
(`domain/host_files.py`), and each is watched around a command (`watched_programs`).

Cost: one `git config --list` when a config file changed (`config_listings.py`), not per
look; around a command, a listing of the folders a pattern names, and what those places
hold, read whole (`claude_dirs.py`): a launcher's `node_modules` or venv, or the whole
tree, is costly.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.domain.config_programs import PACKAGE, WHOLE, Reach, program_reach
from cleveragents.domain.git_programs import harmless, harmless_alias

if TYPE_CHECKING:
    from cleveragents.adapters.git.config_listings import ConfigListings
    from cleveragents.adapters.git.repository import GitRepository

# Read by their own code: the hooks folder (`own_config.hooks_named`), includes
# (`tree_includes.py`, which refuses one in the tree).
ELSEWHERE = ("core.hookspath", "include.path")


def config_programs(repo: GitRepository, listings: ConfigListings) -> list[tuple[Reach, str]]:
    """(place in the tree, setting) for each place a setting of the user's git config (as
    `listings` holds it) may run (or names as a file git reads), in the order git lists
    them; a package folder of a Python root whole."""
    listed = listings.entries()
    if listed is None:  # pragma: no cover - a config git cannot read already failed `discover`
        return []
    root = Path(os.path.realpath(repo.root))
    found: dict[Reach, str] = {}
    for key, value in listed:
        if harmless(key) or _read_elsewhere(key, value):
            continue
        for reach in program_reach(key, value):
            for place in _in_tree(root, reach):
                found.setdefault(place, key)
    return list(found.items())


def watched_programs(repo: GitRepository, listings: ConfigListings) -> list[str]:
    """The paths of the tree to watch around a command for `config_programs`: each place
    named, and what a pattern matches now (the whole tree: each entry at its top, `.git`
    left to its own look); a new one is found when the look after the command lists it."""
    paths: list[str] = []
    for reach, _ in config_programs(repo, listings):
        if "*" in reach.path and (reach.launcher or reach.unknown):
            found = (p.relative_to(repo.root).as_posix() for p in repo.root.glob(reach.path))
            paths.extend(p for p in found if ".git" not in p.split("/"))
        else:
            paths.append(reach.path)
    return list(dict.fromkeys(paths))


def _in_tree(root: Path, reach: Reach) -> list[Reach]:
    """`reach` as a place of the tree: named as is and where its links lead, or nothing
    when it lies outside; a `cd` to a folder holding the tree is the whole tree."""
    if reach.launcher or reach.unknown:
        if reach.path.startswith(("/", "~")) and root.is_relative_to(
            os.path.realpath(os.path.expanduser(reach.path))
        ):
            return [replace(reach, path=WHOLE)]
        if reach.path.startswith(("/", "~", "..")):
            return []
        if not reach.path.endswith(PACKAGE):
            return [reach]
        folders = [p.parent.relative_to(root).as_posix() for p in root.glob(reach.path)]
        return [reach, *(replace(reach, path=f) for f in dict.fromkeys(folders))]
    full = root / os.path.expanduser(reach.path)
    found: list[Reach] = []
    for place in (os.path.normpath(full), os.path.realpath(full)):
        inside = os.path.relpath(place, root)
        if inside != "." and Path(inside).parts[0] not in ("..", ".git"):
            found.append(replace(reach, path=Path(inside).as_posix()))
    return found


def _read_elsewhere(key: str, value: str) -> bool:
    """A setting another look takes care of, or an alias naming a harmless git command."""
    if key in ELSEWHERE or (key.startswith("includeif.") and key.endswith(".path")):
        return True
    return key.startswith("alias.") and harmless_alias(value)
