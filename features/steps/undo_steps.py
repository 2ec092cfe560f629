"""Steps of `agents plan undo` after the user's own edits: exact pictures of the working
tree, and a plan store whose operations were recorded before their ends were."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from typing import Any

from behave import given, then

from features.support.tree_state import differences, picture


@given('I remember the working tree as "{name}"')
def step_remember(context: Any, name: str) -> None:
    if not hasattr(context, "pictures"):
        context.pictures = {}
    context.pictures[name] = picture(context.repo)


@then('the working tree is exactly as "{name}"')
def step_exactly(context: Any, name: str) -> None:
    lines = differences(context.pictures[name], picture(context.repo))
    assert not lines, "\n".join(lines)


@given('I delete "{path}"')
def step_delete(context: Any, path: str) -> None:
    (context.repo / path).unlink()


@given('I make "{path}" mode {octal}')
def step_mode(context: Any, path: str, octal: str) -> None:
    os.chmod(context.repo / path, int(octal, 8))


@given('an empty folder "{path}" with mode {octal}')
def step_empty_folder(context: Any, path: str, octal: str) -> None:
    (context.repo / path).mkdir(parents=True)
    os.chmod(context.repo / path, int(octal, 8))


@given('a nested repository "{path}" made by git init')
def step_git_init(context: Any, path: str) -> None:
    """`git init` makes empty folders in its `.git` (`branches`, `refs/tags`, ...)."""
    subprocess.run(["git", "init", "--quiet", str(context.repo / path)], check=True)


@given("the operations were recorded before operations kept their ends")
def step_no_ends(context: Any) -> None:
    """What a store an older cleveragents wrote holds: operations with no `files_after`."""
    state = context.repo / ".git" / "cleveragents" / "state.db"
    with sqlite3.connect(state) as db:
        db.execute("UPDATE operations SET body = json_remove(body, '$.files_after')")
