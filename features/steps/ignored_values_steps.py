"""Steps of share.ignored_values.feature: a plan that read an ignored file's values is
refused by a real `agents plan push` to a real bare remote."""

from __future__ import annotations

import subprocess
from typing import Any

import yaml
from behave import given, then, when

from features.steps.cli_steps import run_agents
from features.steps.repo_steps import commit_all, git

KEYS = ("wJalrXUtnFEMI-SECRET-123", "sk-live-SECRET-456abcdef", "hunter2-SECRET-555xyz")
KEYS += ("ghp-SECRET-789abc",)
FILES = {
    ".env": f"export AWS_SECRET_ACCESS_KEY={KEYS[0]}\n",
    "secrets.json": f'{{"api_key": "{KEYS[1]}"}}\n',
    ".env.db": f"HOST=db\nDB_PASSWORD={KEYS[2]}\n",
    "secrets/credentials": f"TOKEN: '{KEYS[3]}'\n",
}


@given('a repository keeping a key in each of its ignored files, and a bare remote "{name}"')
def step_keys_and_remote(context: Any, name: str) -> None:
    context.repo.mkdir(parents=True)
    git(context, "init", "--quiet", "--initial-branch=main")
    (context.repo / ".gitignore").write_text(".env\n.env.*\n!.env.bak\nsecrets.json\nsecrets/\n")
    (context.repo / "README.md").write_text("# demo\n")
    commit_all(context, "initial")
    context.remote = context.tmp / "remote.git"
    git(context, "init", "--quiet", "--bare", str(context.remote))
    git(context, "remote", "add", name, str(context.remote))
    for path, text in FILES.items():
        (context.repo / path).parent.mkdir(exist_ok=True)
        (context.repo / path).write_text(text)


@when('a plan runs "{command}" and is pushed to "{remote}"')
@when('a plan runs "{command}" and is pushed to "{remote}" with "{option}"')
def step_run_and_push(context: Any, command: str, remote: str, option: str = "") -> None:
    command = command.replace("\\|", "|")
    step = {"name": "work", "options": [{"actions": [{"run": command}]}]}
    plan = context.tmp / "plan.yaml"
    plan.write_text(yaml.safe_dump({"task": "work", "steps": [step]}, sort_keys=False))
    ran = run_agents(context, f"agents plan run --script {plan} --allow-command '*'")
    assert ran.returncode == 0, ran.stderr
    run_agents(context, f"agents plan push {remote} {option}".strip())


@then('the push is refused, naming "{path}" and "{how}"')
def step_refused(context: Any, path: str, how: str) -> None:
    result = context.result
    assert result.returncode == 3, (result.returncode, result.stderr)
    assert f"what was read of {path}" in result.stderr, result.stderr
    assert how in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


@then("no object of the remote holds a key")
def step_no_key(context: Any) -> None:
    listed = subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch"],
        cwd=context.remote,
        capture_output=True,
        check=True,
    ).stdout
    assert not [k for k in KEYS if k.encode() in listed], "a key reached the remote"
    assert b"ROTATED-9" not in listed
