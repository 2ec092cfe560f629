"""The retention rule called directly, on plans of given statuses and ages."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from behave import given, then, when

from cleveragents.domain.plan import ActorSpec, Plan, PlanStatus
from cleveragents.domain.retention import Retention, expired

NOW = datetime(2026, 6, 1, tzinfo=UTC)


@given('the plans "{plans}"')
def step_plans(context: Any, plans: str) -> None:
    context.plans = []
    for entry in plans.split(","):
        name, status, days = entry.split()
        when = NOW - timedelta(days=float(days))
        deleted = status == "deleted"
        context.plans.append(
            Plan(
                id=name,
                task=name,
                actor=ActorSpec(kind="scripted"),
                status=PlanStatus.COMPLETED if deleted else PlanStatus(status),
                created_at=when,
                updated_at=when,
                deleted_at=NOW if deleted else None,
            )
        )


@when("retention keeps {keep_plans} plans and {keep_days} days")
def step_retention(context: Any, keep_plans: str, keep_days: str) -> None:
    rule = Retention(
        None if keep_plans == "none" else int(keep_plans),
        None if keep_days == "none" else float(keep_days),
    )
    context.dropped = [p.id for p in expired(context.plans, NOW, rule)]


@then('it drops "{dropped}"')
def step_dropped(context: Any, dropped: str) -> None:
    expected = [name.strip() for name in dropped.split(",") if name.strip()]
    assert context.dropped == expected, f"dropped {context.dropped}, expected {expected}"


@then('it drops ""')
def step_drops_nothing(context: Any) -> None:
    assert context.dropped == [], f"dropped {context.dropped}, expected none"
