"""Which saved files an undo puts back, which are the user's and stay, and which conflict.

What an operation saved that no checkpoint holds (ignored files, files inside nested
repositories, permission bits) is compared in three states, as the tree's paths are: as
the operation found it (its oldest saved record), as it left it (recorded when it ended)
and as it is now. A path the operation changed and nobody changed since goes back; one
changed since that the operation did not change is the user's and stays; one both changed
is a conflict, settled as any other. Pure rules, tested in a line each.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from cleveragents.domain.restore_scope import RestoreScope

# A path's state: its entry ("<git mode> <blob>", FOLDER, OTHER, BLOCKED; None where
# nothing stands) and its permission bits (regular files and folders, else None).
State = tuple[str | None, int | None]
FOLDER = "folder"
OTHER = "other"  # a FIFO, socket or device: never read
BLOCKED = "blocked"  # a link or file stands where one of its folders was
# A saved record that kept only a path's permission bits (its bytes are in the tree).
BYTES_IN_TREE = "in the tree"


def saved_groups(
    found: Mapping[str, State],
    left: Mapping[str, State],
    now: Mapping[str, State],
    changed_in_tree: Collection[str],
) -> RestoreScope:
    """Group the saved paths of an operation for its undo.

    `found`: each path as the operation found it (BYTES_IN_TREE: only its mode was saved,
    and whether the operation changed its bytes is `changed_in_tree`'s to say); `left`: as
    the operation left it; `now`: as it is. Paths missing from `left` (recorded before
    operations kept their saved files' ends) are not grouped."""
    restored: list[str] = []
    kept: list[str] = []
    conflicts: list[str] = []
    for path, end in left.items():
        before = found.get(path, end)
        if before[0] == BYTES_IN_TREE:
            own = path in changed_in_tree or before[1] != end[1]
        else:
            own = before != end
        since = _since(now.get(path, (None, None)), end)
        if since:
            (conflicts if own else kept).append(path)
        elif own:
            restored.append(path)
    return RestoreScope(sorted(restored), sorted(kept), sorted(conflicts))


def _since(now: State, end: State) -> bool:
    """Whether a path changed since the operation left it. One it left blocked (its file
    stood where one of its folders was) and absent now was not: the blocker was removed."""
    return now != end and not (end[0] == BLOCKED and now == (None, None))


def joined(tree: RestoreScope, saved: RestoreScope) -> RestoreScope:
    """The groups of a restore's tree paths and of its saved paths as one: a path either
    finds in conflict is one; else one either restores is restored."""
    conflicts = set(tree.conflicts) | set(saved.conflicts)
    restored = (set(tree.restored) | set(saved.restored)) - conflicts
    kept = (set(tree.kept) | set(saved.kept)) - conflicts - restored
    return RestoreScope(sorted(restored), sorted(kept), sorted(conflicts))
