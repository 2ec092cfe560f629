"""The names in each folder of the tree, listed once and kept while the folder's stamp holds.

A tool that looks its config up from each file it checks (eslint, prettier, stylelint)
loads one anywhere below its working folder, so each look before and after a command
walks the tree for those names (`tree_scripts.below`): on a tree of 22,000 files that
took 0.13-0.27 s, twice a look. A folder's names change only with its own stamp (an entry
made, removed or renamed in it changes its mtime and ctime; a folder made or removed, its
parent's), so a listing is kept with the stamp (`stamped_reads.stamp`) of its folder and
read again when that changed, or had changed so recently (`RECENT`) that a change in the
same clock tick would keep it. A look then costs an `lstat` of each folder, and a listing
of each folder changed since: the walk itself is the same (`.git` and `node_modules` not
entered, nor a link to a folder: named, as `os.walk` names it, not followed).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from cleveragents.adapters.git.stamped_reads import Stamp, settled, stamp

NOT_WALKED = frozenset((".git", "node_modules"))


@dataclass(frozen=True)
class Listing:
    """A folder's names (files, folders, links, as `os.walk` gives them, but the folders
    not walked) and the folders the walk enters from it, sorted."""

    stamp: Stamp
    names: frozenset[str]
    entered: tuple[str, ...]


_KEPT: dict[str, dict[str, Listing]] = {}  # by the tree's top: each folder's, by its path


def walked(root: str) -> Iterator[tuple[str, frozenset[str]]]:
    """Each folder the walk of `root` enters (its path from `root`, "" for `root`) with
    its names, top down, folders in sorted order; unchanged folders' listings as kept."""
    kept = _KEPT.get(root, {})
    fresh: dict[str, Listing] = {}
    stack = [""]
    while stack:
        relative = stack.pop()
        full = os.path.join(root, relative) if relative else root
        now = stamp(full, follow=False)
        listing = kept.get(relative)
        if listing is None or listing.stamp != now or now is None:
            listing = _listed(full, now)
            if listing is None:
                continue  # gone or unreadable since its parent was listed: as os.walk does
        if settled([listing.stamp]):  # else listed again at the next look
            fresh[relative] = listing
        yield relative, listing.names
        stack += [os.path.join(relative, f) if relative else f for f in reversed(listing.entered)]
    _KEPT[root] = fresh


def _listed(full: str, now: Stamp) -> Listing | None:
    """The folder `full` listed now (its stamp `now` taken before the listing)."""
    names, entered = set(), []
    try:
        with os.scandir(full) as entries:
            for entry in entries:
                try:
                    folder = entry.is_dir()
                except OSError:
                    folder = False
                if folder and entry.name in NOT_WALKED:
                    continue  # as `below` left them out of the walk, and of its names
                names.add(entry.name)
                if folder and not entry.is_symlink():
                    entered.append(entry.name)
    except OSError:
        return None
    return Listing(now, frozenset(names), tuple(sorted(entered)))
