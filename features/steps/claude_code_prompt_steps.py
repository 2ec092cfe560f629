"""Steps for the later prompts of a recorded Claude Code session, sent to the installed hook."""

from __future__ import annotations

from typing import Any

from behave import given, then, when
from steps.claude_code_todo_steps import hook_event, note_entry

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.adapters.storage.sqlite_rows import state_path

# What a prompt may hold that a terminal acts on: an erase, a newline, a bidi override.
TRICKY = "now \x1b[2J make b\nquickly \u202e"


@given("Claude Code writes its session file")
def step_session_file(context: Any) -> None:
    context.transcript = context.tmp / "session.jsonl"
    context.transcript.write_text("")


def _prompt(context: Any, session: str, prompt: str, written_first: bool) -> None:
    if written_first:
        note_entry(context, "user", prompt)
    event = {
        "session_id": session,
        "cwd": str(context.repo),
        "hook_event_name": "UserPromptSubmit",
        "prompt": prompt,
        "transcript_path": str(context.transcript),
    }
    hook = hook_event(context, event)
    assert hook.returncode == 0 and not hook.stderr and not hook.stdout, hook
    if not written_first:
        note_entry(context, "user", prompt)


@when('Claude Code\'s session "{session}" is asked "{prompt}"')
def step_asked(context: Any, session: str, prompt: str) -> None:
    _prompt(context, session, prompt, written_first=False)


@when('Claude Code\'s session "{session}" is asked "{prompt}", its entry written first')
def step_asked_written(context: Any, session: str, prompt: str) -> None:
    _prompt(context, session, prompt, written_first=True)


@when('Claude Code\'s session "{session}" is asked a prompt with terminal controls in it')
def step_asked_tricky(context: Any, session: str) -> None:
    _prompt(context, session, TRICKY, written_first=False)


@then('the correction forks the session at entry "{uuid}" with the guidance "{guidance}"')
def step_correction_forks(context: Any, uuid: str, guidance: str) -> None:
    store = SqliteStore(state_path(GitRepository.discover(context.repo)))
    try:
        plan = store.plan(None)
        newest = max(store.decisions(plan.id), key=lambda d: d.seq)
        assert newest.kind.value == "user_intervention" and newest.actor_state_before, newest
        asked = store.actor_state(newest.actor_state_before).data["claude_code"]
    finally:
        store.close()
    assert (asked.get("fork"), asked.get("fork_at"), asked["guidance"]) == (True, uuid, guidance), (
        asked
    )
