"""The user's own Claude Code hook running a script file outside the tree, in a real config
folder (`{config}` in a step's text stands for that folder)."""

from __future__ import annotations

import json
from typing import Any

from behave import given


def _placed(context: Any, text: str) -> str:
    """`text` with `{config}` as the config folder and `{repo}` as the repository."""
    text = text.replace("{config}", str(context.claude_config))
    return text.replace("{repo}", str(context.repo))


@given('the user\'s Claude Code settings run "{line}" after each Bash call')
def step_user_hook(context: Any, line: str) -> None:
    hook = {"type": "command", "command": _placed(context, line)}
    settings = {"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [hook]}]}}
    (context.claude_config / "settings.json").write_text(json.dumps(settings))


@given('the user\'s script "{path}" of the config folder holds "{content}"')
def step_user_script(context: Any, path: str, content: str) -> None:
    """A script outside the tree (`\\n` a newline, `\\0` a NUL byte), executable."""
    file = context.claude_config / path
    file.parent.mkdir(parents=True, exist_ok=True)
    text = _placed(context, content).replace("\\n", "\n").replace("\\0", "\0")
    file.write_bytes(text.encode())
    file.chmod(0o755)


@given('the repository\'s hook "{name}" runs "{line}"')
def step_hook_runs(context: Any, name: str, line: str) -> None:
    hook = context.repo / ".git" / "hooks" / name
    hook.write_text(f"#!/bin/sh\n{_placed(context, line)}\n")
    hook.chmod(0o755)


@given('the tree\'s "{path}" runs "{line}", committed')
def step_tree_runs(context: Any, path: str, line: str) -> None:
    from features.steps.repo_steps import commit_all

    (context.repo / path).write_text(f"{_placed(context, line)}\n")
    commit_all(context, f"add {path}")


@given('the user\'s folder "{folder}" of the config folder is first on PATH')
def step_first_on_path(context: Any, folder: str) -> None:
    import os

    path = context.env.get("PATH", os.environ.get("PATH", ""))
    context.env["PATH"] = f"{context.claude_config / folder}:{path}"


@given('the user\'s script "{path}" beside the tree holds "{content}"')
def step_beside_tree(context: Any, path: str, content: str) -> None:
    """A script in a folder beside the tree's (`../sib/fmt.sh` from its top)."""
    file = context.repo.parent / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(_placed(context, content).replace("\\n", "\n"))
    file.chmod(0o755)


@given('the repository\'s git config sets "{key}" to run "{line}"')
def step_git_config_runs(context: Any, key: str, line: str) -> None:
    import subprocess

    value = _placed(context, line)
    subprocess.run(["git", "-C", str(context.repo), "config", key, value], check=True)


@given('the repository\'s git config sets {key} to "{value}"')
def step_config_runs(context: Any, key: str, value: str) -> None:
    """A program setting of the repository's config naming the config folder's scripts."""
    from features.steps.repo_steps import git

    git(context, "config", key, _placed(context, value))


@given('the user\'s Claude Code config ".claude.json" holds "{document}"')
def step_user_claude_json(context: Any, document: str) -> None:
    """The config folder's `.claude.json` (`{repo}` stands for the repository's path), whose
    servers Claude Code starts on the host with no question."""
    text = _placed(context, document).replace("{repo}", str(context.repo))
    (context.claude_config / ".claude.json").write_text(json.dumps(json.loads(text)))
