"""Steps of claude_code.unread_code.property.feature (support: unread_code_property.py)."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("random code is given on the command line of a hook of the user's own settings")
def step_unread_code_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.unread_code_property import check_property

    run_property(context, "unread code property", check_property, 40)


@then("the whole tree is host-run for the user's, named, and not for the project's")
def step_unread_code_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
