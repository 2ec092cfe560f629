"""The files a plan's records carry to another machine: a Claude Code plan's session files
(`agents plan push` and `export`); none for other plans."""

from __future__ import annotations

from collections.abc import Callable

from cleveragents.application.claude_code_correction import KIND
from cleveragents.domain.plan import Plan
from cleveragents.ports import PlanStore


def carried(
    store: PlanStore, plan: Plan, files: Callable[[dict[str, str | None]], dict[str, bytes]]
) -> dict[str, bytes]:
    """The session files of `plan`'s decisions, read by `files` (the service's module is
    imported only for a Claude Code plan)."""
    if plan.actor.kind != KIND:
        return {}
    from cleveragents.application.claude_code_service import sessions_of

    return files(sessions_of(store, plan))
