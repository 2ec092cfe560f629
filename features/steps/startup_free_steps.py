"""Steps of claude_code.startup_free.property.feature (support: startup_free_property.py)."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("Claude Code's shell under agents is run with random arguments")
def step_startup_free_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.startup_free_property import check_property

    run_property(context, "startup-free shell property", check_property, 30)


@then("no start-up file ran, and only the snapshot file named was written, empty")
def step_startup_free_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
