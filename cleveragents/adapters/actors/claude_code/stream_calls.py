"""The tool calls Claude Code says it made, read from its stream-json output.

Our PreToolUse hook should see every one of them; one it never saw ran with no policy and
no checkpoint (Claude Code's settings turned the hooks off, or the hook could not run).
A call with no result ran nothing (the session stopped first: a budget, an interrupt), nor
did one Claude Code rejected before any hook (its input did not fit the tool, no such tool
exists, its own checks blocked the command: a standalone `sleep`, or the tool's own input
check refused it: an Edit changing nothing, a Write of a file it never read): all are left
out. So is one Claude Code's own permissions refused (its result's `permission_denials`),
some before any hook (a path a deny rule names): each is recorded as refused, with Claude
Code's reason (`RefusedCall`).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from cleveragents.domain.tool_calls import RefusedCall

__all__ = ["RefusedCall", "StreamCalls"]

NEVER_RAN = ("InputValidationError", "No such tool available")
BLOCKED = "<tool_use_error>Blocked: "  # Claude Code's own check refused the input, unrun
# A call a tool's own input check refused before any hook, by its whole result (pinned CLI,
# `validateInput`): the exact text, so no output of a call that ran can pass for it.
# A Write or Edit of a file the session never read (or that changed since it read it) is
# refused so too (attack 18: a Write to a home file the tree links to).
UNREAD = (
    "<tool_use_error>File has not been read yet. Read it first before writing to it."
    "</tool_use_error>",
    "<tool_use_error>File has been modified since read, either by the user or by a linter. "
    "Read it again before attempting to write it.</tool_use_error>",
)
REJECTED = {
    "Edit": ("<tool_use_error>No changes to make: old_string and new_string are exactly the "
             "same.</tool_use_error>", *UNREAD),
    "Write": UNREAD,
    "MultiEdit": UNREAD,
    "NotebookEdit": UNREAD,
}  # fmt: skip
MOST_SAID = 300  # characters of Claude Code's reason kept in an outcome
TAGS = re.compile(r"</?tool_use_error>")


class StreamCalls:
    """The ids of the session's own tool calls (a sub-agent's are its own), in order."""

    def __init__(self) -> None:
        self.made: list[str] = []
        self.tools: dict[str, str] = {}  # each call's tool, by id
        self.answered: set[str] = set()
        self.never_ran: set[str] = set()
        self.errors: dict[str, str] = {}  # what Claude Code said of each failed call

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
                self.tools[str(block.get("id"))] = str(block.get("name"))
            elif block.get("type") == "tool_result":
                call, said = str(block.get("tool_use_id")), _text(block.get("content"))
                self.answered.add(call)
                if block.get("is_error"):
                    self.errors[call] = " ".join(TAGS.sub("", said).split())[:MOST_SAID]
                blocked = said.startswith(BLOCKED)
                if block.get("is_error") and (blocked or any(w in said for w in NEVER_RAN)):
                    self.never_ran.add(call)
                content = block.get("content")
                if block.get("is_error") and content in REJECTED.get(self.tools.get(call, ""), ()):
                    self.never_ran.add(call)

    def unseen(self, seen: set[str], refused: Collection[str] = ()) -> list[str]:
        """The calls that ran (or may have) without our hook seeing them; none Claude
        Code's permissions `refused` (some before any hook: a path a deny rule names)."""
        ran = self.answered - self.never_ran - seen - set(refused)
        return [c for c in self.made if c in ran]


def _text(content: Any) -> str:
    """A tool result's text: a string, or its text blocks joined."""
    if isinstance(content, list):
        return " ".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
    return str(content)
