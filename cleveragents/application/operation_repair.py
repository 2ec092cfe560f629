"""Settling an operation a killed command left running, so that the settling is undoable.

The user may have edited files since the kill, before the next `agents` command settles
it. A killed correction knows what it wrote: the checkpoints of the decisions it recorded
(the restored files, then each re-executed decision). Only those paths go back to its
safety checkpoint, and only where they are still as its last checkpoint has them; a path
changed after that (by the user since the kill, or by the command it was running) is kept
as it is, and named. An undo or restore killed half-way (or a correction killed before it
recorded a checkpoint) goes back to its safety checkpoint whole: what it changed is not
known. Either way the files as they are then are read into a checkpoint first, and the
settling is an operation of its own (`repair`): `agents plan undo` of it puts the files back
as they were before it, leaving plan state as settled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cleveragents.application.file_restore import ResolvedFiles, _file_paths, _near
from cleveragents.domain.correction import Operation, OperationStatus
from cleveragents.domain.decision import Decision
from cleveragents.domain.shown_text import visible

if TYPE_CHECKING:
    from cleveragents.application.operation_log import OperationLog

REPAIR = "repair"


def settle_killed(log: OperationLog, op: Operation, outcome: str) -> Operation | None:
    """Settle `op`; the `repair` operation that holds the files from before, when the
    settling put files back (None otherwise)."""
    from cleveragents.application.operation_log import RESTARTABLE

    if op.kind == REPAIR:  # killed itself: what it holds stays undoable, whole
        op.summary = "interrupted; undoing it puts the files back as they were before it"
        op.status = OperationStatus.DONE
        op.finished_at = log.clock.now()
        with log.store.transaction():
            log.store.save_operation(op)
        return None
    if op.kind in RESTARTABLE or op.files_before is None:
        log.settle_interrupted(op, outcome)
        return None
    before = log.checkpoints.create(op.plan_id, f"before settling operation {op.id}", None)
    with log.store.transaction():
        log.store.save_checkpoint(before)
        repair = Operation(
            id=log.store.next_operation_id(),
            plan_id=op.plan_id,
            kind=REPAIR,
            command=f"settling operation {op.id} ({op.kind}), which was killed",
            files_before=before.id,
            plan_before=log.store.plan(op.plan_id, deleted=True).model_dump(mode="json"),
            made_in=log.store.store_id,
            created_at=log.clock.now(),
        )
        log.store.save_operation(repair)
    tree, kept = _own_paths_back(log, op, before.tree)
    with log.keeping(repair):  # what the settling replaces that no checkpoint holds
        log.settle_interrupted(op, outcome, tree)
    if kept:
        log.notices.append(
            f"kept as they are, changed after the last checkpoint operation {op.id} "
            f"({op.kind}) recorded (by you, or by the command it was running): "
            + ", ".join(visible(p, one_line=True) for p in kept)
        )
    plan = log.store.plan(op.plan_id, deleted=True)
    repair.plan_before = plan.model_dump(mode="json")  # undoing it changes files only
    repair.decisions_before = {
        d.id: [d.status.value, d.superseded_by] for d in log.store.decisions(op.plan_id)
    }
    repair.summary = f"put the files back as before operation {op.id} ({op.kind})"
    log.record_end(repair, scan=True)
    repair.status = OperationStatus.DONE
    repair.finished_at = log.clock.now()
    with log.store.transaction():
        log.store.save_operation(repair)
    return repair


def _own_paths_back(
    log: OperationLog, op: Operation, now: str
) -> tuple[ResolvedFiles | None, list[str]]:
    """For a killed correction: the tree that puts back only what it wrote (None: the whole
    safety checkpoint), and the paths it keeps as they are, changed after its last
    checkpoint. The paths of a file action it was making count as its own."""
    assert op.files_before is not None
    made = [d for d in log.store.decisions(op.plan_id) if d.id not in op.decisions_before]
    made.sort(key=lambda d: d.seq, reverse=True)
    last = _last_tree(log, made) if op.kind == "correct" else None
    if last is None:
        return None, []
    safety = log.store.checkpoint(op.files_before).tree
    wrote, since, whole = log.checkpoints.differences_each(
        [(safety, last), (last, now), (safety, now)]
    )
    cut = _file_paths(made[0].action) if not made[0].checkpoint_after else None
    ours = {p for p in since if any(_near(p, q) for q in cut or [])}
    back = {p: e[0] for p, e in whole.items() if (p in wrote and p not in since) or p in ours}
    tree = log.checkpoints.edited_tree(now, back)
    return ResolvedFiles(tree, [], []), sorted(set(since) - ours)


def _last_tree(log: OperationLog, made: list[Decision]) -> str | None:
    """The tree of the newest checkpoint of the decisions `made` (newest first)."""
    for decision in made:
        checkpoint = decision.checkpoint_after or decision.checkpoint_before
        if checkpoint:
            return log.store.checkpoint(checkpoint).tree
    return None
