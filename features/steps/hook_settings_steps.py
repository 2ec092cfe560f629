"""Steps of the property on installing and uninstalling our Claude Code hooks."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.steps.safety_steps import _check

EXAMPLES = 8


@when("random settings files get our hooks installed and uninstalled")
def step_hook_settings_property(context: Any) -> None:
    from features.support.hook_settings_property import check_property

    _check(context, "hook settings property", check_property, EXAMPLES)


@then("every file kept the user's settings and came back byte for byte")
def step_hook_settings_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
