"""Steps of trust.box_holds.property.feature: what the put-back is told the sandbox held
read-only holds no byte of the command's, and the user's saves meanwhile are judged so."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.support.properties import run_property


@when("the user saves host-run files of random trees while a command in the sandbox waits")
def step_box_holds_property(context: Any) -> None:
    from features.support.box_holds_property import check_property

    run_property(context, "box holds property", check_property, 10)


@then("what is judged held holds only the user's bytes, and a file renamed over is replaced")
def step_box_holds_judged(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
