"""The tool calls Claude Code says it made, read from its stream-json output.

Our PreToolUse hook should see every one of them; one it never saw ran with no policy and
no checkpoint (Claude Code's settings turned the hooks off, or the hook could not run).
A call with no result ran nothing (the session stopped first: a budget, an interrupt), nor
did one Claude Code rejected before any hook (its input did not fit the tool, or no such
tool exists): both are left out.
"""

from __future__ import annotations

from typing import Any

NEVER_RAN = ("InputValidationError", "No such tool available")


class StreamCalls:
    """The ids of the session's own tool calls (a sub-agent's are its own), in order."""

    def __init__(self) -> None:
        self.made: list[str] = []
        self.answered: set[str] = set()
        self.never_ran: set[str] = set()

    def read(self, message: dict[str, Any]) -> None:
        if message.get("parent_tool_use_id") or message.get("type") not in ("assistant", "user"):
            return
        body = message.get("message")
        content = body.get("content") if isinstance(body, dict) else None
        for block in content if isinstance(content, list) else []:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "tool_use" and message["type"] == "assistant":
                self.made.append(str(block.get("id")))
            elif block.get("type") == "tool_result":
                call, said = str(block.get("tool_use_id")), str(block.get("content"))
                self.answered.add(call)
                if block.get("is_error") and any(word in said for word in NEVER_RAN):
                    self.never_ran.add(call)

    def unseen(self, seen: set[str]) -> list[str]:
        """The calls that ran (or may have) without our hook seeing them."""
        ran = self.answered - self.never_ran - seen
        return [c for c in self.made if c in ran]
