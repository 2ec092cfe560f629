"""The rules of `domain.text_rules`, called directly."""

from __future__ import annotations

import json
from typing import Any

from behave import then, when


@when("the value {value} is checked for storing")
def step_checked(context: Any, value: str) -> None:
    from cleveragents.domain.text_rules import unstorable

    context.answer = unstorable(json.loads(value)) or "storable"


@when("the reply {value} is written for sending back")
def step_written(context: Any, value: str) -> None:
    from cleveragents.domain.text_rules import surrogates_written

    context.written = surrogates_written(json.loads(value))


@then("it is written as {written}")
def step_is(context: Any, written: str) -> None:
    assert context.written == json.loads(written), context.written


@then('"{bad}" is refused as a command, and "{good}" is not')
def step_runnable(context: Any, bad: str, good: str) -> None:
    from cleveragents.domain.text_rules import runnable

    assert runnable(good) == good
    try:
        runnable(bad.replace("\\0", "\x00"))
    except ValueError as refused:
        assert "NUL" in str(refused)
    else:
        raise AssertionError("a NUL passed")


@when("plan files with random texts in every field are read")
def step_plan_file_property(context: Any) -> None:
    from features.steps.safety_steps import _check
    from features.support.plan_file_property import check_property

    _check(context, "plan file property", check_property, 200)


@then("each was read into a plan the store can keep, or refused in one line")
def step_plan_file_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
