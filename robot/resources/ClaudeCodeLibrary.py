"""The real Claude Code CLI against the behave suite's stand-in Messages API, streamed.

Each keyword queues what the model answers next in the session Claude Code runs; the
requests Claude Code makes for itself (no tools offered: titles, checks) are answered by
the stand-in without using up the script. Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from robot.libraries.BuiltIn import BuiltIn

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cleveragents.adapters.actors.claude_code.program import find_claude
from cleveragents.errors import BadInput
from features.support.messages_server import MessagesServer

KEY = "sk-ant-robot-claude-code-KEY-0123456789"


class ClaudeCodeLibrary:
    """One stand-in server per test, started in its setup and stopped in its teardown."""

    ROBOT_LIBRARY_SCOPE = "TEST"

    def __init__(self) -> None:
        self.server: MessagesServer | None = None

    def start_stand_in_for_claude_code(self, work: str) -> dict[str, str]:
        """Skip the test when no Claude Code can be found; else start the server and return
        the environment that points Claude Code at it, offline, configured under `work`."""
        try:
            program = find_claude(Path(work))
        except BadInput as missing:
            BuiltIn().skip(f"Claude Code cannot be run here: {missing.message}")
        BuiltIn().log(f"Claude Code {program.version} at {program.path}")
        self.server = MessagesServer(answer_side_requests=True).start()
        return {
            "ANTHROPIC_API_KEY": KEY,
            "ANTHROPIC_BASE_URL": self.server.url,
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CONFIG_DIR": f"{work}/claude-config",
        }

    def stop_stand_in_for_claude_code(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    def claude_code_will_call(self, tool: str, tool_input: str, text: str | None = None) -> None:
        """The next turn calls `tool` with `tool_input` (JSON), after `text` when given."""
        self._server().reply_tools([(tool, json.loads(tool_input))], text=text)

    def claude_code_will_say(self, text: str) -> None:
        """The next turn ends the session with `text`."""
        self._server().reply_text(text)

    def claude_code_will_get_error(self, status: str, error_type: str, message: str) -> None:
        """The next turn is refused by the service, not to be retried."""
        self._server().reply_error(int(status), error_type, message, should_retry=False)

    def tool_results_claude_code_got(self) -> list[str]:
        """What the tools answered, in the last turn's request, in order, as text."""
        messages = self._session_requests()[-1]["messages"]
        return [
            json.dumps(block.get("content"))
            for message in messages
            if isinstance(message["content"], list)
            for block in message["content"]
            if block.get("type") == "tool_result"
        ]

    def keys_claude_code_sent(self) -> list[str]:
        """The `x-api-key` of each request of the session, in order."""
        return [
            r.headers.get("x-api-key", "")
            for r in self._server().requests
            if isinstance(r.body, dict) and r.body.get("tools")
        ]

    def models_claude_code_asked_for(self) -> list[str]:
        """The model of each request of the session, in order."""
        return [str(body.get("model")) for body in self._session_requests()]

    def claude_code_place_of_decision(self, repo: str, decision: str) -> dict[str, Any]:
        """What the plan's store keeps of where decision `decision`'s call sits in its
        session (the newest plan), read from the real SQLite file."""
        from cleveragents.adapters.git.repository import GitRepository
        from cleveragents.adapters.storage.sqlite import SqliteStore
        from cleveragents.adapters.storage.sqlite_rows import state_path

        store = SqliteStore(state_path(GitRepository.discover(Path(repo))))
        try:
            plan = store.plan(None)
            found = next(d for d in store.decisions(plan.id) if d.id == decision)
            assert found.actor_state_before is not None, f"decision {decision} has no state"
            place = dict(store.actor_state(found.actor_state_before).data["claude_code"])
        finally:
            store.close()
        return place

    def transcript_entry_before_call(self, config: str, session: str, tool_use_id: str) -> str:
        """The uuid of the entry before the one holding the call, in the session's file."""
        (found,) = Path(config).glob(f"projects/*/{session}.jsonl")
        for line in found.read_text().splitlines():
            entry = json.loads(line)
            content = (entry.get("message") or {}).get("content")
            if isinstance(content, list) and any(
                b.get("type") == "tool_use" and b.get("id") == tool_use_id for b in content
            ):
                return str(entry["parentUuid"])
        raise AssertionError(f"no call {tool_use_id} in {found}")

    def claude_code_program(self, work: str) -> str:
        """The path of the Claude Code the tests run."""
        return find_claude(Path(work)).path

    def session_file_of(self, config: str, session: str) -> str:
        return session_file(config, session)

    def session_messages_sent(self, turn: str) -> list[Any]:
        """The messages of the session's request number `turn` (from 0), as Claude Code
        sent them, without cache marks."""
        return list(_plain(self._session_requests()[int(turn)]["messages"]))

    def fork_should_continue_before_call(self, forked: str, turn: str, guidance: str) -> list[Any]:
        """The session's request `forked` holds exactly the messages of request `turn` (the
        one answered by the corrected call), the guidance added to its last user message,
        then only Claude Code's own notes (role system); those notes are returned."""
        before = self.session_messages_sent(turn)
        last = before[-1]
        expected = [*before[:-1], {**last, "content": [*last["content"], _said(guidance)]}]
        got = self.session_messages_sent(forked)
        notes = got[len(expected) :]
        if got[: len(expected)] != expected or any(n["role"] != "system" for n in notes):
            import difflib

            shown = difflib.unified_diff(
                json.dumps(expected, indent=1).splitlines(),
                json.dumps(got, indent=1).splitlines(),
                "expected",
                "sent",
                lineterm="",
            )
            raise AssertionError("\n".join(shown))
        return notes

    def test_key(self) -> str:
        return KEY

    def session_turns_sent(self) -> int:
        return len(self._session_requests())

    def scripted_replies_left(self) -> int:
        return int(self._server().pending)

    def _session_requests(self) -> list[dict[str, Any]]:
        return [
            r.body
            for r in self._server().requests
            if isinstance(r.body, dict) and r.body.get("tools")
        ]

    def _server(self) -> MessagesServer:
        assert self.server is not None, "Start Stand In For Claude Code first"
        return self.server


def session_file(config: str, session: str) -> str:
    """The path of Claude Code's file of `session` under its config folder."""
    (found,) = Path(config).glob(f"projects/*/{session}.jsonl")
    return str(found)


def _plain(value: Any) -> Any:
    """`value` without cache_control marks, which Claude Code moves to the newest turn."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if k != "cache_control"}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _said(text: str) -> dict[str, str]:
    return {"type": "text", "text": text}
