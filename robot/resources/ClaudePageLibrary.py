"""Claude on a web page, stood in for by the local Messages API server: what it answers
(plan segments whose checks look at the page, page actions as tool calls, distances), and
what it was sent (the system text, the page it read, the guidance)."""

from __future__ import annotations

import json
from typing import Any

from ClaudeLibrary import ClaudeLibrary


class ClaudePageLibrary(ClaudeLibrary):
    """The keywords of `ClaudeLibrary`, and those of a plan on a page."""

    ROBOT_LIBRARY_SCOPE = "TEST"

    def claude_will_propose_the_steps(self, *steps: dict[str, Any]) -> None:
        """A plan segment: each step `{name, checks}`, checks as `{role, name, state}`."""
        self._server().reply_text(json.dumps({"steps": list(steps), "rationale": "-"}))

    def claude_will_act(self, option: str, *actions: dict[str, Any]) -> None:
        """Page actions as tool calls (`{tool: click, role: ..., name: ...}`), then
        finish_step naming the option."""
        calls = [(a["tool"], {k: v for k, v in a.items() if k != "tool"}) for a in actions]
        self._server().reply_tools([*calls, ("finish_step", {"option": option})])

    def claude_will_call(self, *actions: dict[str, Any]) -> None:
        """Page actions as tool calls, without finishing: the next turn hears their answers."""
        calls = [(a["tool"], {k: v for k, v in a.items() if k != "tool"}) for a in actions]
        self._server().reply_tools(calls)

    def claude_will_give_up_the_step(self) -> None:
        self._server().reply_tool("give_up", {"reason": "no other way"})

    def claude_will_estimate_the_distance(self, distance: int | str) -> None:
        answer = {"distance": int(distance), "reasoning": "as the page shows"}
        self._server().reply_text(json.dumps(answer))

    def claude_will_judge_the_drift(self, action: str) -> None:
        """The answer to the drift question: continue, modify or regenerate."""
        answer = {"action": action, "reasoning": "as the page shows"}
        self._server().reply_text(json.dumps(answer))

    def claude_will_be_overloaded(self) -> None:
        """The service answers 529, told not to retry: the run stops, resumable."""
        self._server().reply_error(529, "overloaded_error", "Overloaded", should_retry=False)

    def requests_claude_got(self) -> int:
        return len(self._server().requests)

    def system_text_of_request(self, index: int | str) -> str:
        body = self._server().requests[int(index)].body
        return "".join(block["text"] for block in body["system"])

    def prompt_of_request(self, index: int | str) -> str:
        """The text of the first user message (the task, the guidance, the ask)."""
        content = self._server().requests[int(index)].body["messages"][0]["content"]
        return content if isinstance(content, str) else "".join(b["text"] for b in content)

    def last_user_text_of_request(self, index: int | str) -> str:
        """The text of the last message of request `index` (the user's turn)."""
        content = self._server().requests[int(index)].body["messages"][-1]["content"]
        return content if isinstance(content, str) else "".join(b.get("text", "") for b in content)

    def page_claude_read(self, index: int | str) -> dict[str, Any]:
        """The page in request `index`, as the result of its read_page call."""
        messages = self._server().requests[int(index)].body["messages"]
        calls = {
            block["id"]
            for message in messages
            if message["role"] == "assistant"
            for block in message["content"]
            if block.get("type") == "tool_use" and block.get("name") == "read_page"
        }
        for message in messages:
            for block in message["content"] if isinstance(message["content"], list) else []:
                if block.get("type") == "tool_result" and block["tool_use_id"] in calls:
                    page: dict[str, Any] = json.loads(block["content"])
                    return page
        raise AssertionError(f"request {index} holds no page read")

    def element_read(self, page: dict[str, Any], role: str, name: str) -> dict[str, Any]:
        found = [e for e in page["elements"] if e["role"] == role and e["name"] == name]
        assert found, f"no {role} {name!r} on the page read: {page['elements']}"
        return found[0]
