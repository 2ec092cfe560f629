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


@given('the submodule "{name}"\'s hook "{hook}" is a link to the tree\'s "{target}"')
def step_submodule_hook_link(context: Any, name: str, hook: str, target: str) -> None:
    """A submodule's own hook in `.git/modules/NAME/hooks` linked to a file of the top
    tree: the user's `git commit` in the submodule runs it."""
    from features.steps.host_program_steps import step_submodule

    step_submodule(context, name)
    hooks = context.repo / ".git" / "modules" / name / "hooks"
    hooks.mkdir(parents=True, exist_ok=True)
    os.symlink(os.path.relpath(context.repo / target, hooks), hooks / hook)


@given('the repository\'s hook "{hook}" is an absolute link to the tree\'s "{target}"')
def step_absolute_hook_link(context: Any, hook: str, target: str) -> None:
    os.symlink(context.repo / target, context.repo / ".git" / "hooks" / hook)


@when("the user's git config names random command lines, and git runs them")
def step_config_programs_property(context: Any) -> None:
    from features.support.config_programs_property import check_property
    from features.support.properties import run_property

    run_property(context, "config programs property", check_property, 20)


@then("every tree file git ran as a program was refused to the model")
def step_config_programs_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
