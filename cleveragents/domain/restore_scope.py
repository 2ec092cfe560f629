"""Which paths a restore puts back, which are the user's and stay, and which conflict.

Three states of the files meet in a restore: the target's checkpoint (where the files go
back to), the plan's last checkpoint (what the agent left) and the working tree now. A path
the restore is asked to put back and that the user has not changed since the agent's last
checkpoint is restored; one the user changed since is a conflict; every other change of the
user's is kept. These are pure set rules, tested in a line each.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from cleveragents.domain.checkpoint import Differences, TreeEntry
from cleveragents.domain.record_paths import GIT_DIR_NAMES
from cleveragents.errors import BadInput


class Scope(StrEnum):
    AGENT = "agent"  # only what the superseded subtree changed
    FULL = "full"  # the whole working tree, the user's edits included


class Resolution(StrEnum):
    ASK = "ask"  # a person decides on a terminal; without one, refuse
    THEIRS = "theirs"  # the checkpoint's version
    MINE = "mine"  # the user's version stays
    MERGE = "merge"  # three-way merge of text, markers where both changed the same lines


@dataclass(frozen=True)
class RestoreScope:
    """A restore's paths in three groups, each sorted."""

    restored: list[str]
    kept: list[str]
    conflicts: list[str]
    # Of `conflicts`, those that are one only by standing in each other's way (a file of the
    # user's where a folder comes back, or under where a file comes back): no text to merge.
    in_the_way: list[str] = field(default_factory=list)
    # Of `kept`, those a pulled plan's restore leaves as they are whatever it restores,
    # each with why (`application/pulled_plans.py`).
    withheld: dict[str, str] = field(default_factory=dict)
    # Not in `kept`: a pulled plan's files no restore writes, that were never in this clone
    # (the sender's, absent here and at the target): nothing of the user's, nothing to do.
    not_written: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, list[str]]:
        shown = {"restored": self.restored, "kept": self.kept, "conflicts": self.conflicts}
        if self.not_written:
            shown["not_written"] = self.not_written
        if self.withheld:
            shown["kept_why"] = [f"{p}: {why}" for p, why in sorted(self.withheld.items())]
        return shown


def classify(
    candidates: Iterable[str],
    differ_from_target: Iterable[str],
    changed_since_agent: Iterable[str],
    *,
    full: bool = False,
    never: Iterable[str] = (),
    entries: Differences | None = None,
) -> RestoreScope:
    """Group a restore's paths.

    `candidates`: what the restore is asked to put back (what the agent changed, or the
    paths a person named); `differ_from_target`: paths whose working-tree state is not the
    target's; `changed_since_agent`: paths the user changed since the agent's last
    checkpoint. `full` takes every differing path, the user's edits included, with no
    conflict (the working tree becomes the target's). `never` (the plan file) is never
    restored, only kept. `entries` (each differing path's entry in the target and now): a
    path restored where something of the user's stands in its way is a conflict with it.
    """
    excluded, differ, mine = set(never), set(differ_from_target), set(changed_since_agent)
    wanted = (differ if full else set(candidates) & differ) - excluded
    blocked = set() if full or entries is None else in_the_way(wanted, entries, mine)
    conflicts = set() if full else (wanted & mine) | blocked
    kept = (mine | (differ & excluded)) - wanted - conflicts
    return RestoreScope(
        sorted(wanted - conflicts), sorted(kept), sorted(conflicts), sorted(blocked)
    )


def in_the_way(wanted: Iterable[str], entries: Differences, mine: Iterable[str]) -> set[str]:
    """The paths a restore writes that something the user made since (`mine`, standing now)
    is in the way of, with those things: a file or link where a folder of the path comes
    back, or anything under where a file comes back. Writing the path would remove them."""
    standing = {q for q in mine if q in entries and not entries[q][1].absent}
    writes = {p for p in wanted if p in entries and not entries[p][0].absent}
    found: set[str] = set()
    for path in writes:
        parts = path.split("/")
        above = {"/".join(parts[:depth]) for depth in range(1, len(parts))} & standing
        if above:
            found |= above | {path}
    for path in standing:
        parts = path.split("/")
        below = {"/".join(parts[:depth]) for depth in range(1, len(parts))} & writes
        if below:
            found |= below | {path}
    return found


def agent_work(changes: Iterable[Differences]) -> dict[str, tuple[TreeEntry, TreeEntry]]:
    """What the agent itself did to each path, from its own decisions' changes (oldest
    first): the entry it found before its first change and the one it left after its last.
    A path the user changed between two of its changes was found as the user left it: what
    the agent did before is gone already, and the user's bytes are what comes back.

    A path it left as it found it is none of its work. Nothing else is the agent's: a user
    edit between decisions, or what a correction's safety checkpoint holds, is in no
    decision's own changes.
    """
    found: dict[str, TreeEntry] = {}
    left: dict[str, TreeEntry] = {}
    for change in changes:
        for path, (before, after) in change.items():
            if left.get(path) != before:  # its first change, or the user's since the last
                found[path] = before
            left[path] = after
    return {path: (found[path], left[path]) for path in found if found[path] != left[path]}


def agent_runs(changes: Iterable[Differences]) -> dict[str, list[tuple[TreeEntry, TreeEntry]]]:
    """What the agent did to each path as runs of its own changes (oldest first), one run
    ending where something else (the user) changed the path before the agent's next change:
    undoing the agent's work undoes each run, not what lies between them."""
    runs: dict[str, list[tuple[TreeEntry, TreeEntry]]] = {}
    for change in changes:
        for path, (before, after) in change.items():
            found = runs.setdefault(path, [])
            if found and found[-1][1] == before:
                found[-1] = (found[-1][0], after)
            else:
                found.append((before, after))
    return runs


def touched_by_user(
    work: dict[str, tuple[TreeEntry, TreeEntry]],
    to_found: Differences,
    runs: dict[str, list[tuple[TreeEntry, TreeEntry]]] | None = None,
) -> set[str]:
    """The paths of the agent's `work` the user changed too: since the agent left them, or
    between two of the agent's changes (`runs`: more than one; putting back what the agent
    found would lose the user's bytes, or keep the agent's first changes). `to_found`: for
    each path that differs, its entry as the agent found it (the target's, off its work)
    and its entry now. What the user changed before the agent first changed a path is what
    the agent found: it comes back, and is no conflict."""
    between = {path for path, found in (runs or {}).items() if len(found) > 1}
    return {
        path
        for path, (_, left) in work.items()
        if path in to_found and (to_found[path][1] != left or path in between)
    }


def within(path: str, pathspecs: Iterable[str]) -> bool:
    """Whether `path` is one of `pathspecs` or lies in a folder one of them names."""
    folders = [spec.rstrip("/") for spec in pathspecs]
    return any(path == folder or path.startswith(folder + "/") for folder in folders)


def tree_paths(root: str, cwd: str, paths: Iterable[str]) -> list[str]:
    """Paths a person typed (relative to where they stand, or absolute) as paths from the top
    of the working tree; one outside it, or inside a `.git` (in any case), is refused. `.`
    at the top means every path."""
    found = []
    for typed in paths:
        absolute = posixpath.normpath(posixpath.join(cwd, typed))
        relative = posixpath.relpath(absolute, root)
        if relative == ".." or relative.startswith("../"):
            raise BadInput(
                f"{typed} is outside the working tree {root}",
                hint="name files inside it, relative to where you stand",
            )
        if any(part.lower() in GIT_DIR_NAMES for part in relative.split("/")):
            raise BadInput(
                f"{typed} is inside a git directory (.git): git's own files are no "
                "checkpoint's, and nothing restores them",
                hint="name files of the working tree",
            )
        found.append("" if relative == "." else relative)
    return [] if "" in found else found
