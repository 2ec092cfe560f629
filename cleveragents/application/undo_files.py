"""UndoFiles: which files an undo puts back, which it keeps, and which conflict.

An operation records the working tree before it and when it finished. What it changed is
what differs between the two (of one that recorded decisions, only what they changed: the
user's edits made while it ran, between them, are not its, `operation_work.py`): an undo
puts back only those paths. A path changed since the operation (by the user, or by a later
operation) that the operation did not change stays as it is; one both changed is a
conflict, settled as a correction settles them. With nothing changed since, the tree
becomes exactly the one before the operation, but for the user's edits made while it ran.
What the operation saved that no tree holds (ignored files, modes) follows the same rules,
by the states it recorded of them when it ended.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field, replace

from cleveragents.application.file_restore import FilesPlan, ResolvedFiles, moded, spared
from cleveragents.application.operation_work import operation_work
from cleveragents.domain.checkpoint import GITLINK
from cleveragents.domain.command_saves import left_standing_note, no_commit_note
from cleveragents.domain.correction import Operation
from cleveragents.domain.restore_scope import Resolution, RestoreScope, classify
from cleveragents.domain.saved_states import joined, saved_groups
from cleveragents.ports import CheckpointStore, PlanStore

# Why an undo leaves a path a repair took back (`Operation.held_out`) as it stands.
HELD_OUT = "the killed command's, taken back from where your host runs it: never written back"


@dataclass
class UndoResult:
    """An undo: the operation it took back, its own operation, and its files (None: the
    operation changed none); `whole`: its end was not recorded, so the whole tree went back;
    `put_back`: what it put back that no checkpoint holds (ignored files, modes, folders')."""

    target: Operation
    operation: Operation
    files: FilesPlan | None = None
    resolved: ResolvedFiles | None = None
    whole: bool = False
    put_back: list[str] = field(default_factory=list)


class UndoFiles:
    """Groups an undo's paths from the operation's two checkpoints and the tree now."""

    def __init__(self, store: PlanStore, checkpoints: CheckpointStore) -> None:
        self.store = store
        self.checkpoints = checkpoints

    def left_standing(self, op: Operation) -> list[str]:
        """What the undo of `op` says of the nested repositories it leaves as they stand, as
        the undo's safety checkpoint found them, that the tree before `op` does not hold (one
        it holds had its files saved before the command): those whose refs git could not
        read, and those with no commit (a `git init` whose HEAD names a branch not made yet),
        which no checkpoint holds either (named even when `op` did not make it: no record
        tells a repository made by it from one that stood untouched)."""
        found = self.checkpoints.uncommitted
        if op.files_before is None or not found:
            return []
        held = self.checkpoints.trees.tree_paths(self.store.checkpoint(op.files_before).tree)
        left = [path for path in found if path not in held]
        broken = [path for path in left if path in self.checkpoints.unreadable]
        empty = [path for path in left if path not in broken]
        return [
            *([left_standing_note(broken)] if broken else []),
            *([no_commit_note(empty)] if empty else []),
        ]

    def selective(self, op: Operation) -> bool:
        """Whether an undo of `op` can tell its changes from later ones (its end is known)."""
        return op.files_before is not None and op.files_after is not None

    def plan(self, op: Operation, now: str) -> FilesPlan:
        """The undo of `op` with the working tree at `now` (a tree id)."""
        assert op.files_before is not None and op.files_after is not None
        before = self.store.checkpoint(op.files_before).tree
        end = self.store.checkpoint(op.files_after).tree
        own, to_before, since = self.checkpoints.trees.differences_each(
            [(before, end), (before, now), (end, now)]
        )
        # A nested repository the operation removed or changed is no path a checkpoint can
        # put back (its saved files do, within their bound): named, it would be claimed.
        own = {path: entries for path, entries in own.items() if entries[0].mode != GITLINK}
        # Of an operation that recorded decisions, what they changed: the user's edits made
        # while it ran, between them, are the user's (kept, or a conflict where both changed).
        work = operation_work(self.store, self.checkpoints, op, own)
        during = set() if work is None else work.during & set(to_before)
        own = own if work is None else work.own
        since = {**since, **moded(op.modes_after, own, to_before, since, self.checkpoints)}
        mine = {*since, *during}
        groups = _held(classify(own, to_before, mine, entries=to_before), op.held_out, to_before)
        files = FilesPlan(before, end, now, groups, to_before, since)
        if work is not None:  # a merge undoes each run of its decisions' changes in turn
            files.runs = {path: work.runs[path] for path in own if path in to_before}
        if op.saved and op.saved_after is not None:
            # What it saved that no tree holds (ignored files, modes) is compared as well.
            files.saved = _held(
                saved_groups(
                    self.checkpoints.found_states(op.saved),
                    op.saved_after,
                    self.checkpoints.saved_states(op.saved_after),
                    own,
                ),
                op.held_out,
                op.saved_after,
            )
            files.groups = joined(groups, files.saved)
        held = {*op.held_out} & {*to_before, *(op.saved_after or ())}
        if held:  # said why they stay, as a pulled plan's withheld paths are
            files.groups = replace(files.groups, withheld=dict.fromkeys(sorted(held), HELD_OUT))
        return files

    def end_modes(self, op: Operation, end: str) -> dict[str, int] | None:
        """The permission bits of each regular file `op` created or changed (from its first
        checkpoint to `end`, a tree), as it leaves them; None when it has no first one."""
        if op.files_before is None:
            return None
        before = self.store.checkpoint(op.files_before).tree
        if before == end:
            return {}
        return self.checkpoints.file_modes(self.checkpoints.trees.changed_paths(before, end))

    def preview(self, op: Operation) -> FilesPlan:
        """`plan` against the working tree as it is now, writing nothing a writer uses."""
        return self.plan(op, self.checkpoints.snapshot_tree(op.plan_id, scratch=True))

    def spared(self, files: FilesPlan | None, resolution: Resolution) -> list[str]:
        """The saved paths the undo leaves as they are: the user's, and conflicts unless
        settled with --theirs."""
        return spared(files, resolution)

    def whole(self, files: FilesPlan, resolution: Resolution) -> ResolvedFiles | None:
        """The tree before the operation, when the undo gives it back whole (nothing it
        keeps differs from it): no tree to build."""
        kept = set(files.groups.kept) | (
            set() if resolution is Resolution.THEIRS else set(files.groups.conflicts)
        )
        if kept & set(files.to_target):
            return None
        # A saved file in conflict is never merged: --merge keeps it, and names it.
        saved = files.saved.conflicts if files.saved is not None else []
        return ResolvedFiles(files.target, [], saved if resolution is Resolution.MERGE else [])


def _held(groups: RestoreScope, held: Collection[str], paths: Collection[str]) -> RestoreScope:
    """`groups` with the `held` paths (a repair's, taken back from where the host runs
    them: `Operation.held_out`) of `paths` kept as they stand: no undo writes them back."""
    out = set(held) & set(paths)
    if not out:
        return groups
    return replace(
        groups,
        restored=[p for p in groups.restored if p not in out],
        kept=sorted({*groups.kept, *out}),
        conflicts=[p for p in groups.conflicts if p not in out],
        in_the_way=[p for p in groups.in_the_way if p not in out],
    )
