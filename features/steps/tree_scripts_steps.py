"""Steps of `trust.tree_scripts.feature`: what a script a setting names runs, and
`%(prefix)/` in the paths git reads."""

from __future__ import annotations

import os
import subprocess
from typing import Any

from behave import given, then, when


def git_prefix(context: Any) -> str:
    """git's own `%(prefix)/` as it expands it here (`/usr/` for a Debian git)."""
    done = subprocess.run(
        ["git", "-c", "probe.path=%(prefix)/", "config", "--type=path", "--get", "probe.path"],
        cwd=context.repo,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.rstrip("\n")


@given('the repository\'s git config sets "{key}" to the tree\'s "{path}" through %(prefix)')
def step_prefix_config(context: Any, key: str, path: str) -> None:
    """`%(prefix)/../..` up to `/`, then the tree's absolute path: git reads the tree's
    file; a reader taking `%(prefix)` as a plain folder name reads another."""
    prefix = os.path.realpath(git_prefix(context))
    ups = "/".join([".."] * len([p for p in prefix.split("/") if p]))
    tree = os.path.realpath(context.repo).lstrip("/")
    value = "/".join(part for part in ("%(prefix)", ups, tree, path) if part)
    subprocess.run(["git", "config", key, value], cwd=context.repo, check=True)
    named = subprocess.run(
        ["git", "config", "--type=path", "--get", key],
        cwd=context.repo,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.rstrip("\n")
    assert os.path.normpath(named) == os.path.join(os.path.realpath(context.repo), path), named


@when("my git config's script runs random tree scripts, and git runs it")
def step_tree_scripts_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.tree_scripts_property import check_property

    run_property(context, "tree scripts property", check_property, 15)


@when("my git config's script starts random tree scripts, and git runs it")
def step_script_calls_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.script_calls_property import check_property

    run_property(context, "script calls property", check_property, 10)


@when("my hook runs mypy with a random config naming a plugin, and the user commits")
def step_tool_conventions_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.tool_conventions_property import check_property

    run_property(context, "tool conventions property", check_property, 4)


@then("every tree script that ran was refused to the model, and no other file")
def step_tree_scripts_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@given('a plain file "{path}" containing "{content}" committed')
def step_plain_file(context: Any, path: str, content: str) -> None:
    """A file no one may run itself (mode 644): only an interpreter reads it."""
    from features.steps.repo_steps import commit_all, unescape

    target = context.repo / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(unescape(content))
    target.chmod(0o644)
    commit_all(context, f"add {path}")


@when("my git config's script evaluates a random data file, and git runs it")
def step_data_loads_property(context: Any) -> None:
    from features.support.data_loads_property import check_property
    from features.support.properties import run_property

    run_property(context, "data loads property", check_property, 6)


@then("every data file that ran was refused to the model, and no other file")
def step_data_loads_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("my tree holds a venv at a random place, not on PATH")
def step_tree_venvs_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.tree_venvs_property import check_property

    run_property(context, "tree venvs property", check_property, 8)


@then("every file of the venv is refused to the model, and no file beside it")
def step_tree_venvs_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("my hook runs a random tool agents has no table for, and the user commits")
def step_hook_tools_property(context: Any) -> None:
    from features.support.hook_tools_property import check_property
    from features.support.properties import run_property

    run_property(context, "hook tools property", check_property, 6)


@then("every config that tool loaded was refused to the model")
def step_hook_tools_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
