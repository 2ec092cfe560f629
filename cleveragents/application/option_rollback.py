"""A failed option's automatic rollback: only what the option itself changed goes back.

A step's options, and local planning's actions, are rolled back while the user may be
editing: what they changed after the step's checkpoint (while the model was answering, or
between the option's commands) is none of the option's and stays. The option's own changes
are its decisions' (`FileRestore.own_changes`: a file action's paths, a command's or a
check's whatever differed just before and just after it); each of those paths goes back to
what the option found there. A path the user changed too goes back as well (to what the
option found at its last change of it), so that the next option starts from the state it is
planned on; the version that stood is in the checkpoint taken just before the rollback,
which the outcome names with the way to read it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cleveragents.application.file_restore import FileRestore
from cleveragents.domain.action import Action, DeleteAction, EditAction, WriteAction
from cleveragents.domain.checkpoint import Checkpoint, SavedFiles
from cleveragents.domain.decision import Decision
from cleveragents.domain.restore_scope import Resolution
from cleveragents.domain.rules import confined_path
from cleveragents.errors import PathRefused
from cleveragents.ports import CheckpointStore

if TYPE_CHECKING:
    from cleveragents.application.plan_recorder import PlanRecorder


@dataclass(frozen=True)
class RolledBack:
    before: Checkpoint  # the working tree just before the rollback, the user's edits in it
    after: Checkpoint  # the tree it left: `to`, with what the user changed since kept
    moved: list[str]  # nested repositories moved aside (`CheckpointStore.restore`)
    notes: list[str]  # the user's files it kept, and those it took, with where they are


def roll_back(
    r: PlanRecorder,
    checkpoints: CheckpointStore,
    files: FileRestore | None,
    own: list[Decision],
    to: Checkpoint,
    put_back: list[SavedFiles],
) -> RolledBack:
    """Undo the changes of `own` (the option's decisions), back to `to` for those paths;
    every other path stays as the user left it. `put_back`: the saved records the restore
    writes back (what no checkpoint holds), but at the paths the user's edits keep."""
    files = files or FileRestore(r.store, checkpoints)
    before = r.fresh("before rolling back")  # the user's edits since: this checkpoint holds them
    plan = files.plan(r.plan, to.tree, before.tree, own, None, False)
    groups = plan.groups
    tree = files.resolve(plan, Resolution.THEIRS).tree
    after = to
    if tree != to.tree:
        after = checkpoints.at_tree(r.plan.id, tree, "files rolled back, your edits kept")
        with r.store.transaction():
            r.store.save_checkpoint(after)
    moved = checkpoints.restore(after, put_back, spare=groups.kept, keeping=r.keeping)
    notes = []
    if groups.kept:
        notes.append("kept as you left them (your edits): " + ", ".join(groups.kept))
    short = before.id[:12]
    for path in groups.conflicts:
        note = f"{path}: changed by you as well, put back as it was before the agent changed it"
        if path in plan.to_target and plan.to_target[path][1].absent:
            notes.append(f"{note} (it stood deleted)")
        else:
            notes.append(
                f"{note}; the version that stood is kept in commit {short} "
                f"(git show {short}:{path})"
            )
    return RolledBack(before, after, moved, notes)


def read_again(r: PlanRecorder, actions: Sequence[Action]) -> Checkpoint | None:
    """The checkpoint before file actions: the last one with the paths they name read again.
    What the user changed there since (while the model answered) is what the actions find,
    not their change: a rollback or correction gives it back. None of them a file action:
    the last checkpoint."""
    paths = set()
    for action in actions:
        if isinstance(action, (WriteAction, EditAction, DeleteAction)):
            try:
                paths.add(confined_path(action.path))
            except PathRefused:
                continue  # the environment refuses the action itself
    if not paths or r.changed is None:  # None: the next checkpoint reads everything anyway
        return r.current
    r.changed |= paths
    return r.checkpoint("before " + "; ".join(a.describe() for a in actions))
