"""Steps for features/claude_code.user_install.rules.feature: the pure rule in one line."""

from __future__ import annotations

import shlex
from typing import Any

from behave import then

from cleveragents.domain import claude_settings
from cleveragents.domain.claude_settings import EVENTS, MARK, with_hooks

PYTHON = "/opt/py/bin/python"
OURS = shlex.join([PYTHON, "-P", "-m", MARK])
POLICY = f"{OURS} --enforce-policy --allow-command 'git status'"


def _one(event: str, command: str, **group: Any) -> dict[str, Any]:
    return {"hooks": {event: [{**group, "hooks": [{"type": "command", "command": command}]}]}}


def _repository(case: str) -> dict[str, Any]:
    if case == "as hooks install writes them":
        return with_hooks({}, OURS)
    if case == "holding commands to a policy":
        return with_hooks({}, POLICY)
    if case == "of ours beside a hook of the user's":
        return with_hooks(_one("PreToolUse", "echo mine", matcher="Bash"), OURS)
    if case == "naming our module in a Stop hook":
        return _one("Stop", f"true {MARK}")
    if case == "of ours for three events only":
        data = with_hooks({}, OURS)
        del data["hooks"][EVENTS[-1]]
        return data
    if case == "of ours for Read calls only":
        data = with_hooks({}, OURS)
        data["hooks"]["PreToolUse"][0]["matcher"] = "Read"
        return data
    if case == "of ours as a prompt hook":
        data = with_hooks({}, OURS)
        data["hooks"]["SessionEnd"][0]["hooks"][0]["type"] = "prompt"
        return data
    commands = {
        "of ours run by another Python": shlex.join(["/tmp/x/python", "-P", "-m", MARK]),
        "of ours with a flag we never write": f"{OURS} --quiet",
        "of ours with an unclosed quote": f"{OURS} '",
    }
    return with_hooks({}, commands[case]) if case in commands else {"hooks": []}


@then('a user install run by "{python}" stands aside for repository settings {case}: {answer}')
def step_stands_aside(context: Any, python: str, case: str, answer: str) -> None:
    found = claude_settings.records_here(_repository(case), [python, "-P", "-m", MARK])
    assert found == (answer == "yes"), f"{case}: {found}"


@then("hooks status says of a user install {user} in a repository {case}: {said}")
def step_status_says(context: Any, user: str, case: str, said: str) -> None:
    users = {
        "as hooks install writes": with_hooks({}, OURS),
        "that is not there": {},
        "with an unclosed quote": with_hooks({}, f"{OURS} '"),
        "with a policy": with_hooks({}, f"{POLICY} --user"),
    }
    found = claude_settings.user_install_here(users[user], _repository(case))
    said = said.strip('"')
    if said == "nothing":
        assert found is None, found
    else:
        assert found is not None and found.startswith(said), found
