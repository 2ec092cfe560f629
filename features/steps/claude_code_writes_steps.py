"""Steps of claude_code.settings_writes.feature: Claude Code's own file tools are refused
where Claude Code takes hooks, permissions, commands, skills and agents, and in a `.git`."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import Any

from behave import given, then, when


def _judged(context: Any, tool: str, path: str) -> str | None:
    """What our hook says of the call, with the tree's links found as the hook finds them."""
    from cleveragents.adapters.git.checkpoints import GitCheckpoints
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.domain.tool_effects import setting_written

    root = str(context.claude_root)
    named = path.replace("TREE", root)
    key = "notebook_path" if tool == "NotebookEdit" else "file_path"
    checkpoints = GitCheckpoints(GitRepository.discover(context.claude_root), now)
    return setting_written(
        tool,
        {key: named},
        root,
        os.path.realpath,
        checkpoints.claude_links,
        checkpoints.git_folder,
    )


def now() -> datetime:
    return datetime.now(UTC)


@then('Claude Code\'s "{tool}" of "{path}" is refused, naming it')
def step_setting_refused(context: Any, tool: str, path: str) -> None:
    said = _judged(context, tool, path)
    named = path.replace("TREE", str(context.claude_root))
    assert said is not None, f"{tool} {path} was let through"
    assert said.startswith("Claude Code settings are not written by the model: "), said
    assert named in said and said.endswith("ask the user to change it"), said


@then('Claude Code\'s "{tool}" of "{path}" is refused as git\'s own, naming it')
def step_git_refused(context: Any, tool: str, path: str) -> None:
    said = _judged(context, tool, path)
    named = path.replace("TREE", str(context.claude_root))
    assert said is not None, f"{tool} {path} was let through"
    assert said.startswith("git's own files are not written by the model: "), said
    assert f"{named} is in a .git" in said and said.endswith("ask the user to change it"), said


@given("the user's tree also keeps git directories under other names")
def step_git_directories(context: Any) -> None:
    from features.support.git_folders_property import git_directories

    git_directories(context.claude_root)


@when("Claude Code writes at random paths in and beside git directories of other names")
def step_git_folders_property(context: Any) -> None:
    from features.support.git_folders_property import check
    from features.support.properties import run_property

    run_property(context, "git folders property", check, 30)


@then("each write into one is refused as git's own, and each beside them goes ahead")
def step_git_folders_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@then('Claude Code\'s "{tool}" of "{path}" is refused as in a git directory {why}')
def step_git_dir_refused(context: Any, tool: str, path: str, why: str) -> None:
    said = _judged(context, tool, path)
    named = path.replace("TREE", str(context.claude_root))
    assert said is not None, f"{tool} {path} was let through"
    assert said.startswith("git's own files are not written by the model: "), said
    assert f"{named} is in a git directory {why}" in said, said


@then('Claude Code\'s "{tool}" of "{path}" is refused, shown as "{shown}"')
def step_refused_escaped(context: Any, tool: str, path: str, shown: str) -> None:
    said = _judged(context, tool, path.replace("ESC", "\x1b"))
    assert said is not None, f"{tool} {path} was let through"
    assert f": {shown} is in a .git" in said and "\x1b" not in said, said


@then('Claude Code\'s "{tool}" of "{path}" goes ahead')
def step_setting_let_through(context: Any, tool: str, path: str) -> None:
    said = _judged(context, tool, path)
    assert said is None, said


@when("Claude Code's writes land at random places of a tree with links")
def step_writes_property(context: Any) -> None:
    from features.support.claude_code_writes_property import check_property
    from features.support.properties import run_property

    run_property(context, "claude code writes property", check_property, 200)


@then("every write that lands where Claude Code or git takes settings was refused")
def step_writes_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
