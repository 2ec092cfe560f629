"""What our PreToolUse hook answers Claude Code: let the call through, or deny it with the
reason Claude Code shows the model (and, with `stop`, end the session)."""

from __future__ import annotations

from typing import Any


def allow() -> dict[str, Any]:
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}


def deny(reason: str, stop: bool = False) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": reason,
        }
    }
    if stop:
        answer.update({"continue": False, "stopReason": reason})
    return answer


def failed(event: Any, reason: str) -> dict[str, Any]:
    """The answer when answering `event` failed: a call is denied, and the session ends."""
    name = event.get("hook_event_name") if isinstance(event, dict) else None
    return (
        deny(reason, stop=True)
        if name == "PreToolUse"
        else {"continue": False, "stopReason": reason}
    )
