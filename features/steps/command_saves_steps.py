"""Steps of the property on commands that delete or change ignored files and modes."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.steps.safety_steps import _check

EXAMPLES = 30


@when("random commands change ignored files and modes, and the checkpoint before is restored")
def step_command_saves_property(context: Any) -> None:
    from features.support.command_saves_property import check_property

    _check(context, "command saves property", check_property, EXAMPLES)


@then("every path that existed before the command is back, byte for byte, with its mode")
def step_command_saves_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
