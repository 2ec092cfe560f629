"""Steps of trust.code_spellings.property.feature (support: code_spellings_property.py)."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("random spellings of code are given on a user hook's line")
def step_code_spellings_property(context: Any) -> None:
    from features.support.code_spellings_property import check_property
    from features.support.properties import run_property

    run_property(context, "code spellings property", check_property, 40)


@then("each is read as code, as the interpreter runs it")
def step_code_spellings_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
