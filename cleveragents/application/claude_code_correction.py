"""What a correction of a Claude Code plan asks of Claude Code: which session gets the
guidance, and whether it is first forked just before the target's tool call.

The ask is stored in the correction's `user_intervention` decision (its actor state), so
`agents plan resume` carries out a correction recorded with `--no-execute` the same way.
"""

from __future__ import annotations

from typing import Any, Protocol

from cleveragents.domain.checkpoint import Keeping
from cleveragents.domain.correction import Restore
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import Plan
from cleveragents.errors import BadInput

KIND = "claude-code"
# What Claude Code is told when the correction gives no guidance of its own.
REDO = "Do this part of the task again, differently."


class CodingCorrection(Protocol):
    """Claude Code carrying out a recorded correction (`ClaudeCodeService.correct`)."""

    def correct(
        self, plan: Plan, intervention: Decision, keeping: Keeping
    ) -> tuple[Plan, list[str]]: ...
    def ready(self) -> None: ...


def asked_of_claude_code(
    plan: Plan,
    target: Decision | None,
    target_state: dict[str, Any],
    guidance: str,
    restore: Restore,
) -> dict[str, Any] | None:
    """None for other actors. A revert of the context forks the target's session at the
    message just before its call; files only, or an append (`target` None), go on in
    the plan's latest session."""
    if plan.actor.kind != KIND:
        return None
    said = guidance if guidance.strip() else REDO  # as the user wrote it, not trimmed
    if target is None or restore is Restore.FILES:
        return {"session_id": plan.actor.session, "guidance": said}
    place = target_state.get("claude_code") or {}
    if not place.get("before_uuid"):
        raise BadInput(
            f"decision {target.id} is no tool call of a Claude Code session: there is no "
            "message before it to fork the session at",
            hint="correct one of its tool calls, or use --restore files to keep the session",
        )
    return {
        "session_id": place["session_id"],
        "fork": True,
        "fork_at": place["before_uuid"],
        "guidance": said,
    }
