"""Steps of the property that a command's new git setting removes only what it wrote."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("random commands set git settings naming my committed files and change some")
def step_new_setting_property(context: Any) -> None:
    from features.support.new_setting_property import check_property
    from features.support.properties import run_property

    run_property(context, "new setting property", check_property, 10)


@then("only what the command made or changed there is removed, and it is kept")
def step_new_setting_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
