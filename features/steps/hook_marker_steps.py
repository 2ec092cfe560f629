"""Steps for the recording hook's "said once" folder in the temporary folder."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.steps.claude_code_todo_steps import run_hook

NOBODY = 65534


def _folder(context: Any) -> Path:
    return context.tmp / "tmp" / f"cleveragents-hooks-{os.getuid()}"


@given("the hook's marker folder is already there as {made}")
def step_marker_folder_made(context: Any, made: str) -> None:
    folder = _folder(context)
    folder.parent.mkdir()
    context.elsewhere = context.tmp / "elsewhere"
    context.elsewhere.mkdir()
    if made == "a link to another folder":
        folder.symlink_to(context.elsewhere)
        return
    folder.mkdir(mode=0o700)
    if made == "a folder of another user":
        if os.getuid() != 0:
            context.scenario.skip("needs root to make a folder of another user")
            return
        os.chown(folder, NOBODY, NOBODY)
    else:
        folder.chmod(0o777)


@when("the recording hook gets an event it cannot read, twice")
def step_hook_unreadable_twice(context: Any) -> None:
    (context.tmp / "tmp").mkdir(exist_ok=True)
    context.hook_said = []
    for _ in range(2):
        done = run_hook("not an event", context.tmp, {"TMPDIR": str(context.tmp / "tmp")})
        assert done.returncode == 0, done.stderr
        context.hook_said.append(done.stderr)


@then("the hook said its session goes on unrecorded {count:d} time")
@then("the hook said its session goes on unrecorded {count:d} times")
def step_hook_said(context: Any, count: int) -> None:
    said = [s for s in context.hook_said if "this session goes on unrecorded" in s]
    assert len(said) == count, context.hook_said


@then("the hook's marker folder is a folder of mode 0700")
def step_marker_folder_mode(context: Any) -> None:
    found = os.lstat(_folder(context))
    assert stat.S_ISDIR(found.st_mode), found
    assert stat.S_IMODE(found.st_mode) == 0o700, oct(found.st_mode)


@then("nothing was written where the link points")
def step_nothing_elsewhere(context: Any) -> None:
    assert not list(context.elsewhere.iterdir()), list(context.elsewhere.iterdir())
