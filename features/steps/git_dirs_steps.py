"""Steps of git_dirs.property.feature: what a command does to `.git` entries is put back."""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.support.properties import run_property


@when("random commands change the .git entries of a working tree")
def step_git_dirs_property(context: Any) -> None:
    from features.support.git_dirs_property import check_property

    run_property(context, "git dirs property", check_property, 10)


@then("every .git is as before or new and harmless, and the canary never ran")
def step_git_dirs_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@given("a working tree with nested repositories, a submodule and odd .git entries")
def step_odd_git_entries(context: Any) -> None:
    from features.support.git_dirs_property import odd_repository

    context.git_dirs = odd_repository(Path(tempfile.mkdtemp(prefix="odd-", dir=context.tmp)))


@given("two seconds have passed since it was made")
def step_two_seconds_passed(context: Any) -> None:
    # Folders whose ctime is older than RECENT are listed once, then only their stat is read.
    time.sleep(2.1)


@when("a command runs `{command}`")
def step_command_on_git_dirs(context: Any, command: str) -> None:
    from features.support.git_dirs_property import run_command

    context.git_dirs_result = run_command(context.git_dirs, command.replace("\\n", "\n"))


@then('what was done after it says "{said}"')
def step_git_dirs_said(context: Any, said: str) -> None:
    done = "; ".join(context.git_dirs_result[0]) or "nothing"
    done = re.sub(r"\b[0-9a-f]{12}\b", "C", done)
    assert done == said, f"said {done!r}, expected {said!r}"


@then("every .git there before is as it was, and a new one is a folder")
def step_git_dirs_as_before(context: Any) -> None:
    """As it was, but for what the command deleted inside a `.git` folder: that runs
    nothing, and stays deleted until undo."""
    said, before, after = context.git_dirs_result
    changed = [path for path, data in before.items() if not _as_it_was(data, after.get(path))]
    assert not changed, (changed, said)
    files = [path for path, data in after.items() if path not in before and isinstance(data, bytes)]
    assert not files, (files, said)


@then("nothing outside the tree was touched")
def step_outside_untouched(context: Any) -> None:
    outside = context.git_dirs.parent / "outside"
    names = sorted(os.listdir(outside))
    assert names == [".git", "mine", "pre-commit.sample"], names
    assert all((outside / n).read_text() == "outside\n" for n in names), names


def _as_it_was(before: Any, now: Any) -> bool:
    if isinstance(before, dict) and isinstance(now, dict):
        return all(before.get(name) == data for name, data in now.items())
    return bool(before == now)
