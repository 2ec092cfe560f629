"""Steps of the property on page drift, changes of screen and page identity."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.steps.safety_steps import _check

EXAMPLES = 50


@when("drift, change of screen and page identity are checked on random pages")
def step_page_drift_property(context: Any) -> None:
    from features.support.page_drift_property import check_property

    _check(context, "page drift property", check_property, EXAMPLES)


@then("similarity is symmetric, is 1 exactly for the same elements, and ignores state and value")
@then("a change of screen is exactly a new URL or other dialogs")
@then("two pages have one identity exactly when the reverter counts them the same page")
def step_page_drift_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
