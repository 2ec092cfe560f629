"""Steps of session_reads.property.feature: a Claude Code session that read an ignored
file is found holding it, whatever call read it."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.support.properties import run_property


@when("random sessions read an ignored file among other calls")
def step_session_reads_property(context: Any) -> None:
    from features.support.session_reads_property import check_property

    run_property(context, "session reads property", check_property, 25)


@then("each was found holding it, and none was without the reading call")
def step_session_reads_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
