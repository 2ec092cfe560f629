"""Steps of session_values.property.feature: records that show an ignored file's secret,
in any form a command prints it in, are found holding that file."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.support.properties import run_property


@when("random records show a random secret of an ignored file in a random form")
def step_session_values_property(context: Any) -> None:
    from features.support.session_values_property import check_property

    run_property(context, "session values property", check_property, 20)


@then("each was found holding the file, and none was without that output")
def step_session_values_found(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
