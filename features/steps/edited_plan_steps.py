"""Steps of the property on edited plan files (`features/support/edited_plan_property.py`)."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("random edits of plan files are checked before a correction")
def step_edited_plan_property(context: Any) -> None:
    from features.steps.safety_steps import _check
    from features.support.edited_plan_property import check_property

    _check(context, "edited plan file property", check_property, 50)


@then("exactly the edits with a new command or a changed action were refused")
def step_edited_plan_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
