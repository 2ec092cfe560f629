"""Steps of a clone's own ignore rules, for what a pulled plan's restore leaves alone."""

from __future__ import annotations

from typing import Any

from behave import given


@given('the clone\'s own exclude file ignores "{pattern}"')
def step_clone_excludes(context: Any, pattern: str) -> None:
    """A rule of this clone's alone (`.git/info/exclude`): the sender's tree holds the file."""
    exclude = context.repo / ".git" / "info" / "exclude"
    exclude.parent.mkdir(parents=True, exist_ok=True)
    with exclude.open("a") as rules:
        rules.write(f"\n{pattern}\n")
