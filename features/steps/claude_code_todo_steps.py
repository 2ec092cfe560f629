"""Steps for Claude Code's to-do list: hook events sent to the installed recording hook."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from behave import given, then, when
from steps.cli_steps import run_agents


@given('the hooks of "agents hooks install claude-code" are installed')
def step_hooks_installed(context: Any) -> None:
    result = run_agents(context, "agents hooks install claude-code")
    assert result.returncode == 0, result.stderr


def _send(
    context: Any, session: str, tool: str, tool_input: dict[str, Any], response: Any = None
) -> None:
    """A PreToolUse then a PostToolUse of one call, as Claude Code sends them to the hook."""
    calls = getattr(context, "tool_calls", 0) + 1
    context.tool_calls = calls
    event = {
        "session_id": session,
        "cwd": str(context.repo),
        "tool_name": tool,
        "tool_input": tool_input,
        "tool_use_id": f"toolu_{calls}",
    }
    if getattr(context, "transcript", None) is not None:
        event["transcript_path"] = str(context.transcript)
        use = {"type": "tool_use", "id": event["tool_use_id"], "name": tool, "input": tool_input}
        note_entry(context, "assistant", [use])
    done = {"tool_response": {} if response is None else response}
    for name, extra in (("PreToolUse", {}), ("PostToolUse", done)):
        hook = hook_event(context, {**event, "hook_event_name": name, **extra})
        assert hook.returncode == 0 and not hook.stderr, hook.stderr
        if tool == "Write" and name == "PreToolUse":  # the call runs between its events
            (context.repo / str(tool_input["file_path"])).write_text("x\n")


def hook_event(context: Any, event: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    """`event` sent to the hook `agents hooks install claude-code` installs, as Claude Code
    runs it (outside any `agents` run: no socket of one in its environment)."""
    return run_hook(json.dumps(event), context.repo)


def run_hook(
    text: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The recording hook's process given `text` on its input in `cwd`, with `env` added to
    an environment that names no `agents` run's socket."""
    whole = {k: v for k, v in os.environ.items() if k != "CLEVERAGENTS_HOOK_SOCKET"}
    return subprocess.run(
        [sys.executable, "-m", "cleveragents.cli.hook_record"],
        input=text,
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**whole, **(env or {})},
        timeout=60,
        check=False,
    )


def note_entry(context: Any, kind: str, content: Any) -> str:
    """One entry appended to the session file the events name; its uuid back."""
    entries = getattr(context, "entries", 0) + 1
    context.entries = entries
    entry = {
        "type": kind,
        "uuid": f"m{entries}",
        "parentUuid": f"m{entries - 1}" if entries > 1 else None,
        "message": {"role": kind, "content": content},
    }
    with context.transcript.open("a") as out:
        out.write(json.dumps(entry) + "\n")
    return str(entry["uuid"])


def _todos(*items: tuple[str, str]) -> dict[str, Any]:
    return {"todos": [{"content": c, "status": s, "activeForm": c} for c, s in items]}


@when('Claude Code\'s session "{session}" calls TodoWrite with "{a}" {s1} and "{b}" {s2}')
def step_todo_write(context: Any, session: str, a: str, s1: str, b: str, s2: str) -> None:
    status = {"in progress": "in_progress", "pending": "pending", "completed": "completed"}
    _send(context, session, "TodoWrite", _todos((a, status[s1]), (b, status[s2])))


@when('Claude Code\'s session "{session}" lists {count:d} to-dos, the {nth:d}th in progress')
def step_todo_long(context: Any, session: str, count: int, nth: int) -> None:
    items = [
        (f"item {i}", "in_progress" if i == nth else "completed" if i < nth else "pending")
        for i in range(1, count + 1)
    ]
    _send(context, session, "TodoWrite", _todos(*items))


@when('Claude Code\'s session "{session}" creates the task "{subject}", given the id "{made}"')
def step_task_create(context: Any, session: str, subject: str, made: str) -> None:
    said = {"subject": subject, "description": f"{subject}, then check it"}
    _send(context, session, "TaskCreate", said, {"task": {"id": made, "subject": subject}})


@when('Claude Code\'s session "{session}" creates the task "{subject}", answered "{words}"')
def step_task_create_words(context: Any, session: str, subject: str, words: str) -> None:
    _send(context, session, "TaskCreate", {"subject": subject}, words)


@when('Claude Code\'s session "{session}" sets task "{task}" {field} "{value}"')
def step_task_update(context: Any, session: str, task: str, field: str, value: str) -> None:
    names = {"to": "status", "subject to": "subject"}
    _send(context, session, "TaskUpdate", {"taskId": task, names[field]: value})


@when('Claude Code\'s session "{session}" lists its tasks')
def step_task_list(context: Any, session: str) -> None:
    _send(context, session, "TaskList", {}, {"tasks": []})


@when('Claude Code\'s session "{session}" writes "{path}"')
def step_write(context: Any, session: str, path: str) -> None:
    _send(context, session, "Write", {"file_path": str(context.repo / path), "content": "x\n"})


def _decision(context: Any, number: int) -> dict[str, Any]:
    document = json.loads(context.result.stdout)
    found = [d for d in document["decisions"] if d["id"] == str(number)]
    assert found, [d["summary"] for d in document["decisions"]]
    return dict(found[0])


@then('decision {number:d} of the tree is a "{kind}" reading "{summary}" on step {step:d}')
def step_decision_on_step(context: Any, number: int, kind: str, summary: str, step: int) -> None:
    decision = _decision(context, number)
    assert (decision["kind"], decision["summary"], decision["step"]) == (kind, summary, step), (
        decision
    )


@then('decision {number:d} of the tree is a "{kind}" reading "{summary}" on no step')
def step_decision_no_step(context: Any, number: int, kind: str, summary: str) -> None:
    decision = _decision(context, number)
    assert (decision["kind"], decision["summary"], decision["step"]) == (kind, summary, None), (
        decision
    )


@then('decision {number:d} of the tree reads at most {width:d} characters ending in "{end}"')
def step_decision_cut(context: Any, number: int, width: int, end: str) -> None:
    summary = _decision(context, number)["summary"]
    assert len(summary) <= width and summary.endswith(end), summary


@then("decision {number:d} of the tree took no checkpoint and did nothing irreversible")
def step_decision_reading(context: Any, number: int) -> None:
    decision = _decision(context, number)
    assert decision["checkpoint_before"] is None, decision
    assert "irreversible" not in decision["action"], decision
