"""Steps of a clone's own ignore rules, for what a pulled plan's restore leaves alone."""

from __future__ import annotations

from typing import Any

from behave import given, then, when

from features.support.properties import run_property


@given('the clone\'s own exclude file ignores "{pattern}"')
def step_clone_excludes(context: Any, pattern: str) -> None:
    """A rule of this clone's alone (`.git/info/exclude`): the sender's tree holds the file."""
    exclude = context.repo / ".git" / "info" / "exclude"
    exclude.parent.mkdir(parents=True, exist_ok=True)
    with exclude.open("a") as rules:
        rules.write(f"\n{pattern}\n")


EXAMPLES = 3  # each makes two clones and runs, pushes, pulls and corrects a plan: ~6 s


@when("random pairs of clones pull and correct a plan whose checkpoints hold random files")
def step_pulled_property(context: Any) -> None:
    from features.support.pulled_restore_property import check_property

    ran = run_property(context, "pulled restore property", check_property, EXAMPLES)
    assert ran is None or ran > 0, "no example ran"


@then("no example wrote a Claude Code setting, a file ignored there, or an untracked file")
def step_pulled_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
