"""Steps of the property on pulled plans' pages (`features/support/pages_property.py`)."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("random pulled plans that open pages are checked before they go on")
def step_pages_property(context: Any) -> None:
    from features.steps.safety_steps import _check
    from features.support.pages_property import check_property

    _check(context, "pulled pages property", check_property, 50)


@then("every page was listed, and none went on without --trust-plan")
def step_pages_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
