"""The rules of Claude Code's tool calls and session files, called directly."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from behave import given, then

from cleveragents.adapters.actors.claude_code.transcript import place_of
from cleveragents.domain.tool_calls import changes_files, tool_outcome, tool_summary


@then('a call of "{tool}" gets a checkpoint: {answer}')
def step_checkpoint(context: Any, tool: str, answer: str) -> None:
    assert changes_files(tool) is (answer == "yes"), tool


@then('the call of "{tool}" with {given} in "{root}" reads "{line}"')
def step_summary(context: Any, tool: str, given: str, root: str, line: str) -> None:
    said = tool_summary(tool, json.loads(given), root)
    assert said == line, said


@then('the call of "Bash" with a 300-character command reads 120 characters ending in "…"')
def step_long(context: Any) -> None:
    said = tool_summary("Bash", {"command": "x" * 300}, "/repo")
    assert len(said) == 120 and said.endswith("…"), said


@then('the call of "{tool}" that answered {response} succeeded: {ok}, "{outcome}"')
def step_outcome(context: Any, tool: str, response: str, ok: str, outcome: str) -> None:
    found = tool_outcome(tool, json.loads(response))
    assert found == (ok == "yes", outcome), found


@given(
    'a session file where the assistant says "{text}" then calls "{tool_id}" after message '
    '"{before}"'
)
def step_session_file(context: Any, text: str, tool_id: str, before: str) -> None:
    folder = tempfile.mkdtemp(prefix="agents-session-")
    context.cleanups.append(lambda: __import__("shutil").rmtree(folder, ignore_errors=True))
    entries = [
        {"type": "user", "uuid": before, "message": {"role": "user", "content": "task"}},
        {
            "type": "assistant",
            "uuid": "u-text",
            "parentUuid": before,
            "message": {"id": "msg_1", "content": [{"type": "text", "text": text}]},
        },
        {
            "type": "assistant",
            "uuid": "u-call",
            "parentUuid": "u-text",
            "message": {"id": "msg_1", "content": [{"type": "tool_use", "id": tool_id}]},
        },
    ]
    lines = [json.dumps(e) for e in entries] + ["[1, 2]", '{"type": "assistant", "uu']
    context.session_file = str(Path(folder) / "session.jsonl")
    Path(context.session_file).write_text("\n".join(lines))


@then(
    'the place of "{tool_id}" is after "{before}", in its own message, with the rationale "{text}"'
)
def step_place(context: Any, tool_id: str, before: str, text: str) -> None:
    place = place_of(context.session_file, tool_id)
    assert (place.before_uuid, place.message_uuid, place.rationale) == ("u-text", "u-call", text), (
        place
    )
    assert before != place.before_uuid  # the words before the call are the message before it


@then('the place of "{tool_id}" is unknown')
def step_unknown(context: Any, tool_id: str) -> None:
    place = place_of(context.session_file, tool_id)
    assert (place.message_uuid, place.before_uuid, place.rationale) == (None, None, ""), place


@then('the place of "{tool_id}" in a missing session file is unknown')
def step_missing(context: Any, tool_id: str) -> None:
    place = place_of(context.session_file + ".gone", tool_id)
    assert place.message_uuid is None and place_of(None, tool_id).message_uuid is None


@then('the call of "{tool}" with {given} in "{root}" has outside effects: "{effect}"')
def step_outside(context: Any, tool: str, given: str, root: str, effect: str) -> None:
    from cleveragents.adapters.command_safety.shell import read_line
    from cleveragents.domain.tool_effects import outside_effects

    tool_input = json.loads(given)
    commands = None
    if tool == "Bash":
        read = read_line(tool_input["command"])
        commands = None if read.unchecked else [c.words for c in read.commands]
    said = outside_effects(tool, tool_input, root, commands)
    assert said == (None if effect == "none" else effect), said
