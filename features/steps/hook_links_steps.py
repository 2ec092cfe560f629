"""Hooks installed as links into the tree, and programs the user's git config names there."""

from __future__ import annotations

import os
import shutil
import subprocess
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


@given('a nested repository "{name}" whose hook "{hook}" is a link to its "{target}"')
def step_nested_hook_link(context: Any, name: str, hook: str, target: str) -> None:
    """A repository inside the tree (a vendored checkout) whose own `.git/hooks` links to
    a file of its tree: the user's `git commit` there runs it."""
    from features.steps.repo_steps import git

    nested = context.repo / name
    (nested / target).parent.mkdir(parents=True)
    (nested / target).write_text("#!/bin/sh\nexit 0\n")
    (nested / target).chmod(0o755)
    git(context, "init", "--quiet", cwd=nested)
    git(context, "add", "--all", cwd=nested)
    git(context, "commit", "--quiet", "--no-gpg-sign", "-m", "nested", cwd=nested)
    os.symlink(f"../../{target}", nested / ".git" / "hooks" / hook)


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


@given('the repository\'s git config sets "{key}" to {count:d} nested {form:w} of "{inner}"')
def step_nested_scripts(context: Any, key: str, count: int, form: str, inner: str) -> None:
    """`$(echo $(echo ...))` or `$(( $(( ... )) ))` around `inner`."""
    value = inner
    for _ in range(count):
        value = f"$(echo {value})" if form == "substitutions" else f"$(( {value} ))"
    subprocess.run(["git", "config", key, f"echo {value}"], cwd=context.repo, check=True)


@then('the model\'s write of "{path}" is refused: "{why}"')
def step_model_write_refused(context: Any, path: str, why: str) -> None:
    found = _host_run(context, path)
    assert found == why, f"{path}: {found!r}, expected {why!r}"


@then('the model\'s write of "{path}" is not refused')
def step_model_write_open(context: Any, path: str) -> None:
    found = _host_run(context, path)
    assert found is None, f"{path}: {found!r}"


@given('Claude will write "{path}", then, while I run "{command}", edit the file "{edited}"')
def step_write_user_edit(context: Any, path: str, command: str, edited: str) -> None:
    """Two steps' answers of the model's (a step's actions are carried out once it
    finished proposing them); when `agents` asks for the second step's, the first step's
    write done, the user runs `command` in the tree before the answer goes out: the second
    step's edit is judged after it, the first step's write before it."""
    import subprocess

    from features.steps.claude_steps import server

    stand_in = server(context)
    write = ("write_file", {"path": path, "content": "b\n"})
    stand_in.reply_tools([write, ("finish_step", {"option": "write"})])
    edit = {"path": edited, "find": "exit 0", "replace": "touch /tmp/planted"}
    stand_in.reply_tools([("edit_file", edit), ("finish_step", {"option": "edit"})])
    second = stand_in._replies[-1]
    take = stand_in._next_reply
    env = {**os.environ, **context.env}

    def taken() -> Any:
        reply = take()
        if reply is second:
            assert (context.repo / path).exists(), "asked for the second answer before the write"
            subprocess.run(["sh", "-c", command], cwd=context.repo, env=env, check=True)
        return reply

    stand_in._next_reply = taken  # type: ignore[method-assign]


@given('a nested repository "{name}" holding "{hook}" in "{folder}", no core.hooksPath set')
def step_nested_unset(context: Any, name: str, hook: str, folder: str) -> None:
    from features.steps.host_files_steps import step_nested_hooks
    from features.steps.repo_steps import git

    step_nested_hooks(context, name, folder, hook)
    git(context, "config", "--unset", "core.hooksPath", cwd=context.repo / name)


@given('the repository\'s git config includes "{path}", not there yet')
def step_include_later(context: Any, path: str) -> None:
    from features.steps.repo_steps import git

    git(context, "config", "include.path", path)


@when("the user's git config changes at random between the looks of one agents")
def step_config_listings_property(context: Any) -> None:
    from features.support.config_listings_property import check_property
    from features.support.properties import run_property

    run_property(context, "config listings property", check_property, 10)


@then("every look saw the config as git reads it then")
def step_config_listings_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
