"""Steps of trust.xargs_splice.property.feature (support: xargs_splice_property.py)."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("random xargs lines put their input into code or into an argument")
def step_xargs_splice_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.xargs_splice_property import check_property

    run_property(context, "xargs splice property", check_property, 40)


@then("each that puts it into code is the whole tree, and its interpreter runs it")
def step_xargs_splice_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
