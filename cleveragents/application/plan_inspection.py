"""PlanInspection: read-only views of plans, decisions, diffs and operations."""

from __future__ import annotations

from typing import Any

from cleveragents.application.correction_service import resolve_decision
from cleveragents.domain.correction import Correction, Operation
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import Plan
from cleveragents.domain.summary import plan_summary
from cleveragents.domain.tree import taken_since
from cleveragents.errors import BadInput
from cleveragents.ports import CheckpointStore, PlanStore


class PlanInspection:
    """Answers `plan list/show/tree/decision/diff/ops` without changing anything."""

    def __init__(self, store: PlanStore, checkpoints: CheckpointStore) -> None:
        self.store = store
        self.checkpoints = checkpoints

    def plans(self) -> list[Plan]:
        return self.store.plans()

    def tree(
        self, ref: str | None, since: str | None = None
    ) -> tuple[Plan, list[Decision], list[Correction]]:
        """A plan, its decisions (only decision `since` and later, if given), its corrections."""
        plan = self.store.plan(ref)
        decisions = self.store.decisions(plan.id)
        if since is not None:
            _, start = resolve_decision(self.store, plan.id, since)
            decisions = taken_since(decisions, start)
        return plan, decisions, self.store.corrections(plan.id)

    def summary(self, ref: str | None) -> dict[str, Any]:
        """A plan with counts of its decisions by kind and by status, and its corrections."""
        plan, decisions, corrections = self.tree(ref)
        return plan_summary(
            plan.model_dump(mode="json", exclude={"actor": {"script"}}),
            [d.kind.value for d in decisions],
            [d.status.value for d in decisions],
            [c.model_dump(mode="json") for c in corrections],
        )

    def decision(self, plan_ref: str | None, ref: str) -> tuple[Plan, Decision, list[str]]:
        """One decision and the files it changed (between its checkpoints)."""
        plan, decision = resolve_decision(self.store, plan_ref, ref)
        changed: list[str] = []
        if decision.checkpoint_before and decision.checkpoint_after:
            changed = self.checkpoints.changed_paths(
                decision.checkpoint_before, decision.checkpoint_after
            )
        return plan, decision, changed

    def diff(self, plan_ref: str | None, first: str, second: str | None) -> str:
        """The diff from the files at decision `first` to `second`'s (or the working tree)."""
        plan, a = resolve_decision(self.store, plan_ref, first)
        start = self._files_at(a)
        if second is None:
            now = self.checkpoints.snapshot_tree(plan.id, scratch=True)
            return self.checkpoints.patch(start, now)
        _, b = resolve_decision(self.store, plan.id, second)
        return self.checkpoints.patch(start, self._files_at(b))

    def operations(self, plan_ref: str | None) -> list[Operation]:
        plan_id = self.store.plan(plan_ref).id if plan_ref else None
        return self.store.operations(plan_id)

    def _files_at(self, decision: Decision) -> str:
        if decision.checkpoint_before is None:  # pragma: no cover - every decision records one
            raise BadInput(f"decision {decision.id} has no checkpoint")
        return self.store.checkpoint(decision.checkpoint_before).tree
