"""Steps for a nested repository's own config naming or including a file of the tree."""

from __future__ import annotations

from typing import Any

from behave import given


@given('a nested repository "{name}" with a commit')
def step_nested_clone(context: Any, name: str) -> None:
    """A vendored checkout: a repository of its own inside the tree, not a submodule."""
    from features.steps.repo_steps import git

    nested = context.repo / name
    nested.mkdir(parents=True)
    (nested / "l.txt").write_text("library\n")
    git(context, "init", "--quiet", cwd=nested)
    git(context, "add", "--all", cwd=nested)
    git(context, "commit", "--quiet", "--no-gpg-sign", "-m", "nested", cwd=nested)


@given('the nested repository "{name}"\'s git config sets "{key}" to "{value}"')
def step_nested_config(context: Any, name: str, key: str, value: str) -> None:
    """Its own config (`NAME/.git/config`, or a submodule's `.git/modules/NAME/config`)."""
    from features.steps.repo_steps import git

    git(context, "config", key, value, cwd=context.repo / name)


@given('a nested repository "{name}" whose git config sets "{key}" to "{value}"')
def step_nested_clone_config(context: Any, name: str, key: str, value: str) -> None:
    step_nested_clone(context, name)
    step_nested_config(context, name, key, value)
