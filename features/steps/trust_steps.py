"""A plan that travels to another clone: its trust settings stay where they were given."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from behave import given, then

from features.steps.cli_steps import run_agents


@given("a clone of the repository that imported the newest plan")
def step_clone_imported(context: Any) -> None:
    """`agents plan export` in the repository, `agents plan import` in a clone of it; from
    then on every step runs in the clone (the first repository is `context.origin`)."""
    plan = json.loads(run_agents(context, "agents plan list --json").stdout)["plans"][-1]["id"]
    bundle = context.tmp / "plan.bundle"
    exported = run_agents(context, f"agents plan export {plan} {bundle}")
    assert exported.returncode == 0, exported.stderr
    clone = context.tmp / "clone"
    subprocess.run(["git", "clone", "-q", str(context.repo), str(clone)], check=True)
    context.origin, context.repo = context.repo, clone
    imported = run_agents(context, f"agents plan import {bundle}")
    assert imported.returncode == 0, imported.stderr
    context.plan_ids = [plan]


@then('nothing was written beside the clone named "{name}"')
def step_nothing_beside(context: Any, name: str) -> None:
    assert not (context.repo.parent / name).exists(), f"{name} was written outside the tree"
