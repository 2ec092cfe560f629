"""Steps of the property on Claude Code's Bash in our sandbox (finding 13)."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.steps.safety_steps import _check

EXAMPLES = 2


@when("random allowed Bash calls of Claude Code run in the sandbox")
def step_claude_code_box_property(context: Any) -> None:
    from features.support.claude_code_box_property import check_property

    _check(context, "Claude Code box property", check_property, EXAMPLES)


@then("the user's git state is unchanged and each command ran exactly as written")
def step_claude_code_box_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
