"""Steps of the recent-ctime property: the quick look misses no entry put back."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.steps.safety_steps import _check

EXAMPLES = 300


@when("random indexes are looked at for entries put back")
def step_recent_ctime_property(context: Any) -> None:
    from features.support.recent_ctime_property import check_property

    _check(context, "recent ctime property", check_property, EXAMPLES)


@then("the look found one wherever the parse did")
def step_recent_ctime_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
