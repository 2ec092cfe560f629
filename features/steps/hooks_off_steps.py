"""Steps of claude_code.hooks_off.property.feature (features/support/hooks_off_property.py)."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("random Claude Code settings files are read for a switch that turns its hooks off")
def step_settings_property(context: Any) -> None:
    from features.support.hooks_off_property import check_settings
    from features.support.properties import run_property

    run_property(context, "hooks off settings property", check_settings, 30)


@when("random Claude Code output streams are read for the tool calls they made")
def step_streams_property(context: Any) -> None:
    from features.support.hooks_off_property import check_streams
    from features.support.properties import run_property

    run_property(context, "unrecorded calls property", check_streams, 30)


@when("random project hooks with random timeouts are read for how long each line may run")
def step_seconds_property(context: Any) -> None:
    from features.support.hooks_off_property import check_seconds
    from features.support.properties import run_property

    run_property(context, "hook timeouts property", check_seconds, 30)


@then("the file named is the first, in Claude Code's order, that sets one to true")
@then("the calls counted are exactly those of the session that ran and no hook saw")
@then("each line runs as long as its longest hook's timeout, Claude Code's default when none")
def step_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
