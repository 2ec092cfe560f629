"""Steps of the attribution property: whose files are whose across corrections and resumes."""

from __future__ import annotations

from typing import Any

from behave import given, then, when

from features.steps.safety_steps import _check

EXAMPLES = 8
DURING_EXAMPLES = 2


@when("runs, hand edits, corrections, resumes and undos are checked in random sequences")
def step_attribution_property(context: Any) -> None:
    from features.support.attribution_property import check_property

    _check(context, "attribution property", check_property, EXAMPLES)


@then("every example kept the user's files and every undo gave back its tree")
def step_attribution_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("runs with hand edits between their decisions, and their undos, are checked")
def step_undo_during_property(context: Any) -> None:
    from features.support.undo_during_property import check_property

    _check(context, "undo-during-run property", check_property, DURING_EXAMPLES)


@then("every undo took back only what the run's decisions changed")
def step_undo_during_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@given('Claude will take {seconds:d} seconds, then run "{command}"')
def step_slow_command(context: Any, seconds: int, command: str) -> None:
    from features.steps.claude_steps import server

    server(context).reply_tools(
        [("run_command", {"command": command}), ("finish_step", {"option": "run it"})],
        delay=seconds,
    )


@given("Claude will take {seconds:d} seconds, then give up")
def step_slow_give_up(context: Any, seconds: int) -> None:
    from features.steps.claude_steps import server

    server(context).reply_tool("give_up", {"reason": "no other way"}, delay=seconds)


@when('I start "{command}" with Claude and write "{path}" while Claude refines the step')
def step_write_while_thinking(context: Any, command: str, path: str) -> None:
    """The file is written once the request for the step's actions has come in, while the
    reply is held back: after the step's checkpoint, before its command."""
    write_while_thinking(context, command, [path])


@when('I start "{command}" with Claude and write "{path}" while Claude answers request {n:d}')
def step_write_while_answering(context: Any, command: str, path: str, n: int) -> None:
    """The file is written once Claude's `n`th request has come in, while its reply is held
    back: between the run's decisions before it and its next one."""
    write_while_thinking(context, command, [path], n)


@when('I start "{command}" with Claude and, while Claude refines the step, write "{paths}"')
def step_write_each_while_thinking(context: Any, command: str, paths: str) -> None:
    """`paths`: separated by spaces."""
    write_while_thinking(context, command, paths.split())


@given('Claude will take {seconds:d} seconds, then edit "{path}" to "{replace}" and run "{run}"')
def step_slow_edit_and_run(context: Any, seconds: int, path: str, replace: str, run: str) -> None:
    from features.steps.claude_steps import server

    server(context).reply_tools(
        [
            ("edit_file", {"path": path, "find": "mine", "replace": replace}),
            ("run_command", {"command": run}),
            ("finish_step", {"option": "run it"}),
        ],
        delay=seconds,
    )


def write_while_thinking(context: Any, command: str, paths: list[str], asked: int = 2) -> None:
    """Each of `paths` holds "mine\n" once Claude's request `asked` has come in."""
    import os
    import subprocess
    import time

    from features.steps.claude_steps import claude_env, server
    from features.steps.cli_steps import command_line, cwd_of

    process = subprocess.Popen(
        command_line(context, command),
        cwd=cwd_of(context),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        stdin=subprocess.DEVNULL,
        env={**os.environ, **context.env, **claude_env(context)},
    )
    deadline = time.monotonic() + 60
    while len(server(context).requests) < asked and time.monotonic() < deadline:
        time.sleep(0.05)
    for path in paths:
        (context.repo / path).write_text("mine\n")
    stdout, stderr = process.communicate(timeout=120)
    context.result = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


@given('Claude will take the local action "{name}" writing "{path}" with "{content}"')
def step_local_write(context: Any, name: str, path: str, content: str) -> None:
    from features.steps.claude_steps import server

    server(context).reply_tools(
        [
            ("write_file", {"path": path, "content": content}),
            ("finish_step", {"option": name, "alternatives": 0}),
        ]
    )


@given("Claude will take {seconds:d} seconds to estimate the distance at {distance:d}")
def step_slow_distance(context: Any, seconds: int, distance: int) -> None:
    import json

    from features.steps.claude_steps import server

    reply = json.dumps({"distance": distance, "reasoning": "as the checks say"})
    server(context).reply_text(reply, delay=seconds)


@when('I start "{command}" with Claude and write "{path}" once Claude was asked {times:d} times')
def step_write_after_requests(context: Any, command: str, path: str, times: int) -> None:
    write_while_thinking(context, command, [path], times)


@then('the commit stdout names for "{path}" holds it as "{content}"')
def step_named_commit(context: Any, path: str, content: str) -> None:
    import re
    import subprocess

    named = re.search(rf"git show (\w+):{re.escape(path)}\b", context.result.stdout)
    assert named, context.result.stdout
    shown = subprocess.run(
        ["git", "show", f"{named[1]}:{path}"], cwd=context.repo, capture_output=True, check=True
    )
    assert shown.stdout == content.encode().decode("unicode_escape").encode(), shown.stdout
