"""Steps of user_ignores.property.feature: a file the user's ignore rules excluded at the
start stays out of every checkpoint, whatever is done to the rules."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.support.properties import run_property


@when("random edits of the ignore rules are each followed by a checkpoint")
def step_user_ignores_property(context: Any) -> None:
    from features.support.user_ignores_property import check_property

    run_property(context, "user ignores property", check_property, 15)


@then("no checkpoint held a file ignored at the start, and every tracked one stayed in")
def step_user_ignores_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
