"""Steps of the merge property: a correction with --merge never drops a user line unnamed."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.steps.safety_steps import _check

EXAMPLES = 6


@when("agent and user changes to one file are corrected with --merge in random sequences")
def step_merge_property(context: Any) -> None:
    from features.support.merge_property import check_property

    _check(context, "merge property", check_property, EXAMPLES)


@then("every example kept the user's lines or named the file a conflict left")
def step_merge_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
