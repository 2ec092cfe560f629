"""Steps of `cli.papercuts.feature`: the slips a new user makes, and what they leave."""

from __future__ import annotations

from typing import Any

from behave import given, then, when


@given('an empty folder "{name}" in the repository')
def step_empty_folder(context: Any, name: str) -> None:
    (context.repo / name).mkdir()


@given("another command holds the working tree's lock")
def step_hold_lock(context: Any) -> None:
    """The lock as a writer holds it: flock on the lock file (the holder's record left empty)."""
    import fcntl
    import os

    folder = context.repo / ".git" / "cleveragents" / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / "worktree.lock", os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    context.held_lock = fd
    context.add_cleanup(lambda: _let_go(context))


@when("the other command lets go of the lock")
def step_let_go(context: Any) -> None:
    _let_go(context)


def _let_go(context: Any) -> None:
    import os

    fd = getattr(context, "held_lock", None)
    if fd is not None:
        context.held_lock = None
        os.close(fd)


@then("the plans listed are only the first one")
def step_only_first_listed(context: Any) -> None:
    import json

    plans = [plan["id"] for plan in json.loads(context.result.stdout)["plans"]]
    assert plans == context.plan_ids[:1], plans


@then("the plan shown is the first one")
def step_first_shown(context: Any) -> None:
    import json

    shown = json.loads(context.result.stdout)["id"]
    assert shown == context.plan_ids[0], shown


@when('I run "{command}" with stdout to a pipe nobody reads')
def step_run_unread(context: Any, command: str) -> None:
    """A pipe whose reader left before the first line: every write fails with EPIPE."""
    import os

    from features.steps.cli_steps import run_agents

    reader, writer = os.pipe()
    os.close(reader)
    try:
        run_agents(context, command, stdout=writer)
    finally:
        os.close(writer)


@then("stderr is empty")
def step_stderr_empty(context: Any) -> None:
    assert context.result.stderr == "", context.result.stderr


@when("I run each `agents plan correct` line of the README")
def step_readme_corrections(context: Any) -> None:
    """The README's example lines, as typed: `$ ` and a trailing `# comment` left out."""
    import shlex
    from pathlib import Path

    from features.steps.cli_steps import run_agents

    readme = Path(__file__).resolve().parents[2] / "README.md"
    lines = [
        line.strip().removeprefix("$ ")
        for line in readme.read_text().splitlines()
        if line.strip().removeprefix("$ ").startswith("agents plan correct ")
    ]
    assert lines, "the README shows no `agents plan correct` line"
    context.readme_results = []
    for line in lines:
        words = shlex.split(line, comments=True)
        result = run_agents(context, shlex.join(words))
        context.readme_results.append((line, result))


@then("each was refused only because the repository has no plan yet")
def step_readme_refused_for_no_plan(context: Any) -> None:
    for line, result in context.readme_results:
        assert result.returncode == 2, f"{line}: exit {result.returncode}\n{result.stderr}"
        assert "no plan in this repository yet" in result.stderr, f"{line}:\n{result.stderr}"


PLAN_FILES = {
    "a NUL in a command": "task: t\nsteps:\n  - name: s\n    options:\n      - actions:\n"
    '          - run: "echo \\0 x"\n',
    "a NUL in a check": "task: t\nsteps:\n  - name: s\n    options:\n      - actions:\n"
    '          - run: "true"\n    check:\n      - run: "test \\0"\n',
    "a lone surrogate in a command": "task: t\nsteps:\n  - name: s\n    options:\n"
    '      - actions:\n          - run: "echo \\ud800 x"\n',
    "a lone surrogate in a write's content": "task: t\nsteps:\n  - name: s\n    options:\n"
    '      - actions:\n          - write: a.txt\n            content: "a\\udc80b"\n',
    "a NUL byte in its text": "task: t\x00\nsteps: []\n",
    "a write to a path ending in /": "task: t\nsteps:\n  - name: s\n    options:\n"
    '      - actions:\n          - write: notes/\n            content: "x"\n',
    "a delete of a path ending in /": "task: t\nsteps:\n  - name: s\n    options:\n"
    "      - actions:\n          - delete: README.md/\n",
}


@given('a plan file "{name}" holding {what}')
def step_plan_file_holding(context: Any, name: str, what: str) -> None:
    (context.tmp / name).write_text(PLAN_FILES[what])


@when("I run agents with the guidance of a correction holding the byte 0xff")
def step_guidance_not_utf8(context: Any) -> None:
    import os
    import subprocess

    from features.steps.cli_steps import AGENTS, cwd_of

    command = [bytes(str(AGENTS), "utf-8"), b"plan", b"correct", b"--mode=append", b"-g"]
    context.result = subprocess.run(
        [*command, b"use\xffblue", b"--yes"],
        cwd=cwd_of(context),
        capture_output=True,
        text=True,
        env={**os.environ, **context.env},
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


@given("Claude will run a command holding {what}")
def step_claude_bad_command(context: Any, what: str) -> None:
    from features.steps.claude_steps import server

    command = {"a NUL": "echo \x00 hi", "a lone surrogate": "echo \udcff hi"}[what]
    server(context).reply_tool("run_command", {"command": command})
