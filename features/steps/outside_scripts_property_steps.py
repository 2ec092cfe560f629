"""Steps of trust.outside_scripts.property.feature (support: outside_scripts_property.py)."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("a user hook runs a random chain of scripts outside the tree")
def step_outside_scripts_property(context: Any) -> None:
    from features.support.outside_scripts_property import check_property
    from features.support.properties import run_property

    run_property(context, "outside scripts property", check_property, 40)


@then("the hook reaches the whole tree when the chain's end runs make or cannot be read")
def step_outside_scripts_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
