"""Settling an operation a killed command left running, so that the settling is undoable.

A correction, undo or pull killed half-way goes back to its safety checkpoint, whole: what
it had changed is not known. But the user may have edited files since the kill, before the
next `agents` command settles it; those edits would go with it. So the files as they are
then are read into a checkpoint first, and the settling is an operation of its own
(`repair`): `agents plan undo` of it puts the files back as they were before it (the
user's edits and what the killed command had done), leaving plan state as settled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cleveragents.domain.correction import Operation, OperationStatus

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
    with log.keeping(repair):  # what the settling replaces that no checkpoint holds
        log.settle_interrupted(op, outcome)
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
