"""Hooks installed as links into the tree, and programs the user's git config names there."""

from __future__ import annotations

import os
import shutil
from typing import Any

from behave import given, then, when


@given('the repository\'s hooks folder ".git/hooks" is a link to "{target}"')
def step_hooks_folder_link(context: Any, target: str) -> None:
    """The other common setup: the whole `.git/hooks` a link to a folder of the tree."""
    hooks = context.repo / ".git" / "hooks"
    shutil.rmtree(hooks)
    os.symlink(target, hooks)


@when("the user's git config names random command lines, and git runs them")
def step_config_programs_property(context: Any) -> None:
    from features.support.config_programs_property import check_property
    from features.support.properties import run_property

    run_property(context, "config programs property", check_property, 20)


@then("every tree file git ran as a program was refused to the model")
def step_config_programs_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("the user's git config runs launchers, and git runs them over a file the model may write")
def step_config_launchers_property(context: Any) -> None:
    from features.support.config_launchers_property import check_property
    from features.support.properties import run_property

    run_property(context, "config launchers property", check_property, 20)


@then("no file the model may write ran")
def step_config_launchers_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


def _host_run(context: Any, path: str) -> str | None:
    """Why agents refuses the model `path`, as it judges the repository's config now."""
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.adapters.host_folders import host_folders
    from cleveragents.domain.host_files import host_run

    root = context.repo.resolve()
    repo = GitRepository(root=root, git_dir=root / ".git")
    return host_run(path, host_folders(repo))


@then('the model\'s write of "{path}" is refused: "{why}"')
def step_model_write_refused(context: Any, path: str, why: str) -> None:
    found = _host_run(context, path)
    assert found == why, f"{path}: {found!r}, expected {why!r}"


@then('the model\'s write of "{path}" is not refused')
def step_model_write_open(context: Any, path: str) -> None:
    found = _host_run(context, path)
    assert found is None, f"{path}: {found!r}"
