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


@then('a size of {size:d} bytes reads "{text}"')
def step_size_text(context: Any, size: int, text: str) -> None:
    from cleveragents.domain.command_saves import size_text

    assert size_text(size) == text, size_text(size)


@then('the name "{name}" is shown as "{shown}"')
def step_shown_path(context: Any, name: str, shown: str) -> None:
    from cleveragents.domain.command_saves import shown_path

    raw = name.replace("<ESC>", "\x1b").replace("<NL>", "\n")
    assert shown_path(raw) == shown, shown_path(raw)
