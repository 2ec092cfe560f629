"""The states a stop and a resume leave in the store, for the tree to show."""

from __future__ import annotations

from typing import Any

from behave import given, when

from cleveragents.domain.decision import DecisionStatus
from cleveragents.domain.plan import PlanStatus
from features.steps.checkpoint_steps import services


@given("a stop left decision {cut:d} unfinished and decision {stale:d} interrupted")
def step_stopped(context: Any, cut: int, stale: int) -> None:
    """As a stop leaves a plan (no outcome yet) and `plan resume` marks what it left."""
    store = services(context).store
    plan = store.plan(None)
    found = {d.id: d for d in store.decisions(plan.id)}
    blank = {"ok": None, "outcome": None}
    with store.transaction():
        store.save_decision(found[str(cut)].model_copy(update=blank))
        store.save_decision(
            found[str(stale)].model_copy(update={**blank, "status": DecisionStatus.INTERRUPTED})
        )
        store.save_plan(plan.model_copy(update={"status": PlanStatus.INTERRUPTED}))


@when("the plan is running again")
def step_running(context: Any) -> None:
    store = services(context).store
    store.save_plan(store.plan(None).model_copy(update={"status": PlanStatus.EXECUTING}))
