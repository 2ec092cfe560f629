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


@then('the Claude Code {kind} rule "{rule}" makes `{command}` {verdict}')
def step_claude_code_bash_rule(
    context: Any, kind: str, rule: str, command: str, verdict: str
) -> None:
    from cleveragents.adapters.command_safety.shell import read_line
    from cleveragents.domain.claude_bash_rules import bash_specs, refused_by

    why = refused_by(bash_specs([rule]), command, read_line(command), kind)
    assert (why is not None) == (verdict == "refused"), f"{rule} on {command!r}: {why}"
    if why is not None and read_line(command).unchecked is None and "cannot be" not in why:
        assert rule in why, why
