"""What our PreToolUse hook answers Claude Code: let the call through (a Bash call with its
command replaced by our launcher, `updatedInput`), or deny it with the reason Claude Code
shows the model (and, with `stop`, end the session)."""

from __future__ import annotations

from typing import Any

# What the launcher's ask for a boxed command is handed to the run as (never Claude Code's).
BOX_EVENT = "CleveragentsBox"
# What our shell prefix's ask to run a project's command in the sandbox is handed as.
SHELL_EVENT = "CleveragentsShell"
# And its ask before it runs a hook of the user's own on the host: put back what calls changed.
HOST_EVENT = "CleveragentsHost"


def allow(updated: dict[str, Any] | None = None) -> dict[str, Any]:
    """Let the call through; with `updated`, as that input instead of the model's."""
    output: dict[str, Any] = {"hookEventName": "PreToolUse", "permissionDecision": "allow"}
    if updated is not None:
        output["updatedInput"] = updated
    return {"hookSpecificOutput": output}


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
