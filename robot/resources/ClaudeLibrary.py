"""Claude's service stood in for by the behave suite's local Messages API server.

The `agents` command talks to it through the real anthropic SDK (ANTHROPIC_BASE_URL); each
keyword queues what Claude answers next. Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from features.support.messages_server import MessagesServer

KEY = "sk-ant-robot-KEY-must-never-leak-0123456789"


class ClaudeLibrary:
    """One stand-in server per test, started in its setup and stopped in its teardown."""

    ROBOT_LIBRARY_SCOPE = "TEST"

    def __init__(self) -> None:
        self.server: MessagesServer | None = None

    def start_stand_in_claude(self) -> dict[str, str]:
        """Start the server; the environment that points `agents` at it, with a test key."""
        self.server = MessagesServer().start()
        return {
            "ANTHROPIC_API_KEY": KEY,
            "ANTHROPIC_BASE_URL": self.server.url,
            "CLEVERAGENTS_MODEL_RETRIES": "0",
        }

    def stop_stand_in_claude(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    def claude_will_propose_the_plan(self, step: str) -> None:
        plan = {"steps": [{"name": step}], "rationale": "-"}
        self._server().reply_text(json.dumps(plan))  # a structured output: JSON text

    def claude_will_run(self, command: str) -> None:
        self._server().reply_tools(
            [("run_command", {"command": command}), ("finish_step", {"option": "run it"})]
        )

    def claude_will_write_files(self, *paths_and_contents: str) -> None:
        """One `write_file` for each PATH, CONTENT pair, then the step's end."""
        pairs = zip(paths_and_contents[::2], paths_and_contents[1::2], strict=True)
        writes = [("write_file", {"path": path, "content": text}) for path, text in pairs]
        self._server().reply_tools([*writes, ("finish_step", {"option": "write them"})])

    def claude_will_give_up(self) -> None:
        """No other option for the step, and none in the local planning that follows."""
        self._server().reply_tool("give_up", {"reason": "no other way"})
        self._server().reply_text(json.dumps({"distance": 0, "reasoning": "nothing done"}))
        self._server().reply_tool("give_up", {"reason": "no other way"})

    def claude_will_read(self, path: str) -> None:
        self._server().reply_tool("read_file", {"path": path})

    def tool_results_claude_got(self) -> list[str]:
        """What the tools answered, in the last request Claude got, in order."""
        messages = self._server().requests[-1].body["messages"]
        return [
            block["content"]
            for message in messages
            if isinstance(message["content"], list)
            for block in message["content"]
            if block.get("type") == "tool_result"
        ]

    def test_key(self) -> str:
        return KEY

    def _server(self) -> Any:
        assert self.server is not None, "Start Stand In Claude first"
        return self.server
