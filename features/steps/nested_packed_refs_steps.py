"""Steps for a nested repository whose packed refs a command broke."""

from __future__ import annotations

import subprocess
from typing import Any

from behave import given, then, when


@given('the nested repository "{name}" keeps its refs packed')
def step_pack_refs(context: Any, name: str) -> None:
    """`git pack-refs --all`: its branch is then read from `.git/packed-refs` alone."""
    from features.steps.repo_steps import git

    git(context, "pack-refs", "--all", cwd=context.repo / name)
    assert (context.repo / name / ".git" / "packed-refs").is_file()


@then('git reads the refs of the nested repository "{name}"')
def step_refs_read(context: Any, name: str) -> None:
    """Its HEAD resolves: the line the command appended is gone again."""
    done = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", "HEAD"],
        cwd=context.repo / name,
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")


@then('the nested repository "{name}" still stands')
def step_still_stands(context: Any, name: str) -> None:
    assert (context.repo / name / ".git").is_dir(), f"{name}/.git is gone"


@when("random breakages of a nested repository's packed refs are checkpointed and undone")
def step_packed_refs_property(context: Any) -> None:
    from features.support.packed_refs_property import check_property
    from features.support.properties import run_property

    ran = run_property(context, "packed refs property", check_property, 8)
    assert ran is None or ran > 0, "no example ran"


@then("each was checkpointed, left out exactly when git cannot read it, and came back whole")
def step_packed_refs_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
