"""A correction's guidance recorded as a `user_intervention` decision the plan points at, and
the decisions a revert supersedes marked so."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.correction import Correction
from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import Phase, Plan, PlanStatus
from cleveragents.domain.strategy import ActorContext
from cleveragents.domain.tree import next_decision_id
from cleveragents.ports import PlanStore


def intervene(
    store: PlanStore,
    now: Callable[[], datetime],
    plan: Plan,
    correction: Correction,
    parent: str | None,
    context: ActorContext,
    message_id: int | None,
    files_after: str | None,
    outcome: str,
    asked: dict[str, Any] | None = None,
) -> tuple[Plan, Decision, ActorState]:
    """Record the guidance as a `user_intervention` decision and point the plan at it
    (with what it asks of Claude Code, for its plans)."""
    data = context.as_state() | ({"claude_code": asked} if asked is not None else {})
    state = ActorState(message_id=message_id, data=data)
    key = store.save_actor_state(state)  # unused if what follows fails: harmless
    decisions = store.decisions(plan.id)
    intervention = Decision(
        plan_id=plan.id,
        made_by=store.place,
        id=next_decision_id(decisions),
        seq=max((d.seq for d in decisions), default=0) + 1,
        parent_id=parent,
        kind=DecisionKind.USER_INTERVENTION,
        phase=Phase.STRATEGIZE,
        summary=f"correction {correction.id}: {correction.guidance}",
        ok=True,
        rationale=f"{correction.mode.value} correction",
        outcome=outcome,
        checkpoint_before=correction.safety_checkpoint,
        checkpoint_after=files_after,
        actor_state_before=key,
        created_at=now(),
    )
    correction = correction.model_copy(update={"intervention": intervention.id})
    plan = plan.model_copy(
        update={
            "status": PlanStatus.STRATEGIZING,
            "phase": Phase.STRATEGIZE,
            "outcome": None,
            "exhausted": None,
            "head_decision": intervention.id,
            "actor_state": key,
            "updated_at": now(),
        }
    )
    with store.transaction():
        store.save_decision(intervention)
        store.save_correction(correction)
        store.save_plan(plan)
    return plan, intervention, state


def supersede(store: PlanStore, affected: list[Decision], correction: str) -> None:
    """Mark the decisions a revert sends back as superseded by `correction`, in one go."""
    with store.transaction():
        for d in affected:
            update = {"status": DecisionStatus.SUPERSEDED, "superseded_by": correction}
            store.save_decision(d.model_copy(update=update))
