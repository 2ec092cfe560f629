"""PlanDeletion: `agents plan delete`, an operation `agents plan undo` reverses until gc."""

from __future__ import annotations

from cleveragents.application.operation_log import DELETE, OperationLog
from cleveragents.domain.correction import Operation
from cleveragents.domain.plan import Plan
from cleveragents.errors import UnknownPlan
from cleveragents.ports import CheckpointStore, Clock, PlanStore


class PlanDeletion:
    """Marks plans deleted: they leave every command but `plan undo`, `plan ops` and `gc`;
    their rows and checkpoints stay until `agents gc` drops them. The looks its recorded
    session's killed Bash calls left go at once (no session of a deleted plan puts them
    back; undo does not bring them back)."""

    def __init__(
        self,
        store: PlanStore,
        operations: OperationLog,
        clock: Clock,
        checkpoints: CheckpointStore,
    ) -> None:
        self.store = store
        self.operations = operations
        self.clock = clock
        self.checkpoints = checkpoints
        self.looks: dict[str, int] = {}  # held looks dropped, by plan

    def delete(self, refs: list[str], command: str) -> list[tuple[Plan, Operation]]:
        """Delete each plan `refs` name, one operation each; every ref is resolved first,
        so one that names no plan (or a deleted one) changes nothing."""
        plans = list({p.id: p for p in map(self.store.plan, refs)}.values())
        done = []
        for plan in plans:
            with self.operations.operation(
                plan, DELETE, command, check=_not_deleted, files=False
            ) as op:
                current = self.store.plan(plan.id)  # as it is under the lock
                deleted = current.model_copy(update={"deleted_at": self.clock.now()})
                with self.store.transaction():
                    self.store.save_plan(deleted)
                op.summary = (
                    f"deleted plan {plan.id}; `agents plan undo {op.id}` brings it back "
                    "until `agents gc`"
                )
            self.looks[plan.id] = self.checkpoints.drop_plan_looks(plan.id)
            done.append((deleted, op))
        return done


def _not_deleted(plan: Plan) -> None:
    if plan.deleted_at is not None:  # pragma: no cover - deleted by a racing command
        raise UnknownPlan(f"plan {plan.id} is deleted already", hint="see `agents plan ops`")
