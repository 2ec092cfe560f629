"""Which operation `agents plan undo` takes back, and which it refuses to."""

from __future__ import annotations

from cleveragents.domain.correction import Operation, OperationStatus
from cleveragents.domain.undo import undone_by
from cleveragents.errors import BadInput, ConflictingState
from cleveragents.ports import PlanStore

UNDOABLE = (OperationStatus.DONE, OperationStatus.INTERRUPTED)


def refuse_undone(store: PlanStore, op: Operation) -> None:
    """Refuse (exit 3) to undo again what an undo in force took back: that undo holds
    it, and undoing the undo is what redoes it."""
    by = undone_by(store.operations(op.plan_id)).get(op.id)
    if by is not None:
        raise ConflictingState(
            f"operation {op.id} ({op.kind}) is already undone, by operation {by}",
            hint=f"to redo it, undo the undo: `agents plan undo {by}`",
        )


def target(store: PlanStore, operation_id: int | None) -> Operation:
    """The operation `undo` would take back: `operation_id`, or the newest undoable one."""
    if operation_id is not None:
        op = store.operation(operation_id)
        if op.status is OperationStatus.RUNNING:
            raise ConflictingState(
                f"operation {op.id} is still running (`{op.command}`)",
                hint="undo it once it has ended",
            )
        if op.status not in UNDOABLE:
            raise BadInput(
                f"operation {op.id} was rolled back; there is nothing of it to undo",
                hint="see `agents plan ops`",
            )
        if not made_here(store, op):
            raise BadInput(
                f"operation {op.id} ({op.kind}) was made in another clone, with the plan "
                "pulled from it: it is undone there, then pulled again",
                hint="or correct the plan here with `agents plan correct`",
            )
        refuse_undone(store, op)
        return op
    for op in reversed(store.operations()):
        if op.status is OperationStatus.RUNNING:
            raise ConflictingState(
                f"the newest operation, {op.id} (`{op.command}`), is still running",
                hint="undo once it has ended, or name the operation: `agents plan undo OP`",
            )
        if op.status in UNDOABLE and made_here(store, op):
            return op
    raise BadInput("no operation to undo yet", hint="see `agents plan ops`")


def made_here(store: PlanStore, op: Operation) -> bool:
    """Whether `op` was made in this plan store, not pulled with its plan from another.

    What the records say of where it was made is never trusted: an operation that came
    with them has an id from its home store (`home_id`) whatever its `made_in` says."""
    return op.home_id is None and op.made_in in (None, store.store_id)
