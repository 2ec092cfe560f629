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


@when('I start "{command}" with Claude and write "{path}" while Claude refines the step')
def step_write_while_thinking(context: Any, command: str, path: str) -> None:
    """The file is written once the request for the step's actions has come in, while the
    reply is held back: after the step's checkpoint, before its command."""
    _write_while(context, command, path, 2)


@when('I start "{command}" with Claude and write "{path}" while Claude answers request {n:d}')
def step_write_while_answering(context: Any, command: str, path: str, n: int) -> None:
    """The file is written once Claude's `n`th request has come in, while its reply is held
    back: between the run's decisions before it and its next one."""
    _write_while(context, command, path, n)


def _write_while(context: Any, command: str, path: str, requests: int) -> None:
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
    while len(server(context).requests) < requests and time.monotonic() < deadline:
        time.sleep(0.05)
    (context.repo / path).write_text("mine\n")
    stdout, stderr = process.communicate(timeout=120)
    context.result = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
