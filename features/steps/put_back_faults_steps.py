"""A put-back after a command failing on one place: the others still go."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

from behave import given, step, then, when

FAULT = Path(__file__).resolve().parent.parent / "support" / "put_back_fault"
PLACES = {
    "the nested .git folders": "cleveragents.adapters.git.git_dirs:GitDirs.put_back",
    ".claude folders, folders on PATH": "cleveragents.adapters.git.claude_dirs:ClaudeDirs.put_back",
    ".git": "cleveragents.adapters.git.own_git_dir:OwnGitDir.put_back",
    "a saved record": "cleveragents.adapters.git.saved_files:FileSaver.put_back",
    "sub/.claude/settings.json": "cleveragents.adapters.git.claude_dirs:ClaudeDirs._write_back",
    "git config": "cleveragents.adapters.git.own_config:OwnConfig.put_back",
}


@given('the put-back of "{place}" fails with an I/O error')
def step_put_back_fails(context: Any, place: str) -> None:
    """The `agents` the scenario execs (`@agents_exec`) loads `put_back_fault/sitecustomize.py`."""
    path = context.env.get("PYTHONPATH", os.environ.get("PYTHONPATH", ""))
    context.env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(FAULT), path]))
    context.env["AGENTS_FAULT"] = PLACES[place]


@given('"{fault}" fails with an I/O error too')
def step_also_fails(context: Any, fault: str) -> None:
    """A second fault in the same `agents` (`module:Class.method if TEXT`): what makes a
    failed put-back's place inert fails too."""
    context.env["AGENTS_FAULT"] += f";{fault}"


@step('the put-back of the saved record of "{path}" fails with an I/O error')
def step_saved_record_fails(context: Any, path: str) -> None:
    """One record of many a restore puts back fails (`FileSaver.put_back` of a record
    naming `path`): the `agents` the scenario execs next loads the fault."""
    step_put_back_fails(context, "a saved record")
    context.env["AGENTS_FAULT_WHEN"] = repr(path)  # not a path it ends: `x/local.sh`


@step("the put-back faults no more")
def step_no_fault(context: Any) -> None:
    """The `agents` the scenario execs next runs without the injected fault."""
    for name in ("AGENTS_FAULT", "AGENTS_FAULT_WHEN"):
        context.env.pop(name, None)


@then('the user\'s git, at the top and in "{nested}", runs nothing the command planted')
def step_git_runs_none(context: Any, nested: str) -> None:
    """The user's own `git status` at the top (the tree's PATH folder first: a planted `git`
    there would answer) and `git commit` in the nested repository (its hooks run)."""
    from features.steps.repo_steps import IDENTITY

    env = {
        k: v for k, v in {**os.environ, **context.env, **IDENTITY}.items() if k != "AGENTS_FAULT"
    }
    runs = [
        (context.repo, ["git", "status", "--short"]),
        (
            context.repo / nested,
            ["git", "commit", "-q", "--allow-empty", "--no-gpg-sign", "-m", "u"],
        ),
    ]
    for cwd, command in runs:
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{command}: {done.stderr}"
    marks = [
        p
        for p in (context.repo / "planted-ran", context.repo / nested / "planted-ran")
        if p.exists()
    ]
    assert not marks, f"the command's programs ran: {marks}"


@when("random put-backs fail after a command that planted random host-run files")
def step_put_back_failures_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.put_back_failures_property import check_property

    run_property(context, "put-back failures property", check_property, 8)


@then("no planted file stands live, each failed place is named, and what went is kept")
def step_put_back_failures_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("random put-backs of a failed settle record fail again while I write some paths")
def step_settle_retry_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.settle_retry_property import check_property

    run_property(context, "settle retry property", check_property, 6)


@then("no planted hook stands live, what I wrote stays, and the rest comes back once")
def step_settle_retry_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
