"""The user's direnv, outside any sandbox: `direnv allow` once, then what its prompt hook runs."""

from __future__ import annotations

import os
import shlex
import subprocess
from typing import Any

from behave import given, then, when


def _direnv_env(context: Any) -> dict[str, str]:
    """direnv's allow list and config in a home of the scenario's own, never the real one."""
    home = context.tmp / "direnv-home"
    (home / "data").mkdir(parents=True, exist_ok=True)
    (home / "config").mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DIRENV_")}
    return {
        **env,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
    }


@given("the user has allowed the tree's .envrc with direnv")
def step_direnv_allow(context: Any) -> None:
    subprocess.run(["direnv", "allow", "."], cwd=context.repo, env=_direnv_env(context), check=True)


@when("the user's shell prompt loads the tree's environment with direnv")
def step_direnv_export(context: Any) -> None:
    """What direnv's prompt hook (`eval "$(direnv export bash)"`) runs at the next prompt."""
    context.direnv = subprocess.run(
        ["direnv", "export", "bash"],
        cwd=context.repo,
        env=_direnv_env(context),
        capture_output=True,
        text=True,
        timeout=60,
    )


@then('direnv loaded the tree\'s .envrc, exporting "{name}"')
def step_direnv_loaded(context: Any, name: str) -> None:
    """The allow held: direnv ran the `.envrc` (a blocked one exports nothing)."""
    done = context.direnv
    assert done.returncode == 0, done.stderr
    assert f"export {name}=" in done.stdout, (done.stdout, done.stderr)


@when("the user's allowed .envrc loads files of the tree, and the user's prompt runs")
def step_direnv_property(context: Any) -> None:
    from features.support.direnv_property import check_property
    from features.support.properties import run_property

    run_property(context, "direnv property", check_property, 20)


@when('the user runs "{command}" in the tree\'s environment with direnv')
def step_direnv_exec(context: Any, command: str) -> None:
    """What the user's shell in the tree runs, with the environment direnv loaded there."""
    context.direnv = subprocess.run(
        ["direnv", "exec", ".", *shlex.split(command)],
        cwd=context.repo,
        env=_direnv_env(context),
        capture_output=True,
        text=True,
        timeout=60,
    )


@given('the folder above the tree holds the allowed .envrc "{content}"')
def step_direnv_above(context: Any, content: str) -> None:
    """direnv loads the nearest `.envrc` up from the shell's folder: one above the tree."""
    from features.steps.repo_steps import unescape

    above = context.repo.parent / ".envrc"
    above.write_text(unescape(content))
    subprocess.run(["direnv", "allow", str(above.parent)], env=_direnv_env(context), check=True)
