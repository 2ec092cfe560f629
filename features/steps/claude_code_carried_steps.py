"""Claude Code's session files carried to another clone, on a real config folder."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from behave import given, then, when

from cleveragents.adapters.actors.claude_code.carried import place_session, session_files


@given("a Claude Code config folder")
def step_config(context: Any) -> None:
    folder = tempfile.mkdtemp(prefix="claude-config-")
    context.claude_config = Path(folder)
    before = os.environ.get("CLAUDE_CONFIG_DIR")
    os.environ["CLAUDE_CONFIG_DIR"] = folder

    def back() -> None:
        if before is None:
            os.environ.pop("CLAUDE_CONFIG_DIR", None)
        else:
            os.environ["CLAUDE_CONFIG_DIR"] = before
        for path in sorted(Path(folder).rglob("*"), reverse=True):
            path.rmdir() if path.is_dir() else path.unlink()
        os.rmdir(folder)

    context.add_cleanup(back)


@when('the session "{session}" is carried with "{text}" and placed for the tree "{root}"')
def step_place(context: Any, session: str, text: str, root: str) -> None:
    place_session(Path(root), session, {f"{session}.jsonl": text.encode()})


@then('the file "{path}" of the config folder holds "{text}"')
def step_holds(context: Any, path: str, text: str) -> None:
    assert (context.claude_config / path).read_text() == text


@then("the config folder holds no file")
def step_empty(context: Any) -> None:
    found = [p for p in context.claude_config.rglob("*") if p.is_file()]
    assert not found, found


@then('the sessions found for carrying are "{names}"')
def step_found(context: Any, names: str) -> None:
    sessions = {name.removesuffix(".jsonl"): None for name in names.split(", ")}
    assert sorted(session_files(sessions)) == names.split(", ")


@then('the sessions found for carrying, asked for "{session}", are none')
def step_none(context: Any, session: str) -> None:
    assert session_files({session: None}) == {}


@given('a host file "{name}" holding "{text}"')
def step_host_file(context: Any, name: str, text: str) -> None:
    folder = Path(tempfile.mkdtemp(prefix="host-"))
    context.add_cleanup(lambda: (folder / name).unlink() or folder.rmdir())
    (folder / name).write_text(text)
    context.host_file = folder / name


@when('the session "{session}" is said to be at the host file "{name}"')
def step_said_at(context: Any, session: str, name: str) -> None:
    context.carried = session_files({session: str(context.host_file)})


@then("nothing is found for carrying")
def step_nothing_carried(context: Any) -> None:
    assert context.carried == {}, context.carried


@given('the Claude Code config folder also has the file "{path}" holding "{content}"')
def step_config_file(context: Any, path: str, content: str) -> None:
    """The user's own skill, slash command or subagent (`~/.claude/commands/ctx.md`)."""
    from features.steps.repo_steps import unescape

    file = context.claude_config / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(unescape(content))
