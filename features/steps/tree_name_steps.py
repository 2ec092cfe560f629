"""Steps of the property on the names git refuses in a tree."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.steps.safety_steps import _check

EXAMPLES = 40


@when("random names are offered to git and to the rule of names git refuses")
def step_git_names_property(context: Any) -> None:
    from features.support.git_names_property import check_property

    _check(context, "git names property", check_property, EXAMPLES)


@then("git and the rule agree on every name")
def step_git_names_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
