"""PlanInspection: read-only views of plans and their decision trees."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import Plan
from cleveragents.ports import PlanStore


class PlanInspection:
    """Answers `plan list`, `plan show` and `plan tree` without changing anything."""

    def __init__(self, store: PlanStore) -> None:
        self.store = store

    def plans(self) -> list[Plan]:
        return self.store.plans()

    def tree(self, ref: str | None) -> tuple[Plan, list[Decision]]:
        plan = self.store.plan(ref)
        return plan, self.store.decisions(plan.id)

    def summary(self, ref: str | None) -> dict[str, Any]:
        """A plan with counts of its decisions by kind and by status."""
        plan, decisions = self.tree(ref)
        return {
            **plan.model_dump(mode="json", exclude={"actor"}),
            "actor": plan.actor.kind,
            "actor_source": plan.actor.source,
            "decisions": len(decisions),
            "by_kind": dict(Counter(d.kind.value for d in decisions)),
            "by_status": dict(Counter(d.status.value for d in decisions)),
        }
