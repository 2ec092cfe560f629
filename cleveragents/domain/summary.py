"""What `agents plan show` tells of a plan, from its fields as JSON: the same function whether
they come from the models or straight from the store's rows (`SqliteRows`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cleveragents.domain.trust import described


def plan_summary(
    plan: dict[str, Any],
    kinds: list[str],
    statuses: list[str],
    corrections: list[dict[str, Any]],
    irreversible: list[str] | None = None,
    not_put_back: dict[str, int] | None = None,
) -> dict[str, Any]:
    """The plan's fields with its actor as kind and source, its decisions counted by kind and
    by status (in the order first taken), its corrections, and what its commands may do
    here (`domain/trust.py`), and what a repair could not put back yet (path: its operation).
    """
    return {
        **{key: value for key, value in plan.items() if key != "actor"},
        "actor": plan["actor"]["kind"],
        "actor_source": plan["actor"]["source"],
        "model": plan["actor"].get("model"),
        "actor_version": plan["actor"].get("version"),
        "session": plan["actor"].get("session"),
        "decisions": len(kinds),
        "by_kind": dict(Counter(kinds)),
        "by_status": dict(Counter(statuses)),
        "corrections": corrections,
        "irreversible": irreversible or [],
        "not_put_back": not_put_back or {},
        "trust": described(plan),
    }
