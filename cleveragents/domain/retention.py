"""Retention: which finished plans `agents gc` deletes, by the config's `keep_plans` and
`keep_days`.

Only a plan that is over (completed, failed or cancelled) is ever subject to retention: a
stopped or interrupted plan can still be resumed, a running one is someone's work. A finished
plan is kept when ANY rule keeps it (as restic's `--keep-last` with `--keep-within`): it is
among the `keep_plans` newest plans, or it changed within the last `keep_days` days. No rule
set: nothing is deleted by retention.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from cleveragents.domain.plan import Plan, PlanStatus

FINISHED = (PlanStatus.COMPLETED, PlanStatus.FAILED, PlanStatus.CANCELLED)


@dataclass(frozen=True)
class Retention:
    """How many plans, and how many days of them, `agents gc` keeps (None: no such rule)."""

    keep_plans: int | None = None
    keep_days: float | None = None

    @property
    def configured(self) -> bool:
        return self.keep_plans is not None or self.keep_days is not None


def expired(plans: Sequence[Plan], now: datetime, retention: Retention) -> list[Plan]:
    """The finished, not yet deleted plans no rule of `retention` keeps, oldest first."""
    if not retention.configured:
        return []
    live = sorted((p for p in plans if p.deleted_at is None), key=lambda p: p.created_at)
    newest = set()
    if retention.keep_plans is not None and retention.keep_plans > 0:
        newest = {p.id for p in live[-retention.keep_plans :]}
    recent = None
    if retention.keep_days is not None:
        recent = now - timedelta(days=retention.keep_days)
    return [
        p
        for p in live
        if p.status in FINISHED and p.id not in newest and (recent is None or p.updated_at < recent)
    ]
