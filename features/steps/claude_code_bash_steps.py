"""Steps of the property on what Claude Code's Bash calls plant (issue 26)."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.steps.safety_steps import _check

EXAMPLES = 3


@when("random Bash calls of Claude Code plant .git and .claude settings")
def step_claude_code_bash_property(context: Any) -> None:
    from features.support.claude_code_bash_property import check_property

    _check(context, "Claude Code Bash property", check_property, EXAMPLES)


@then("nothing they planted is left, and each call's outcome names it")
def step_claude_code_bash_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
