"""The command policy called directly: a line read by the shell adapter, judged by the rule."""

from __future__ import annotations

from typing import Any

from behave import then, when

from cleveragents.adapters.command_safety.shell import read_line
from cleveragents.domain.command_policy import judge
from features.steps.safety_steps import _check

# Characters a feature file cannot show: named in angle brackets, as the attack report did.
UNSEEN = {"<CR>": "\r", "<VT>": "\v", "<FF>": "\f", "<NBSP>": "\xa0", "<ESC>": "\x1b"}
UNSEEN |= {"<LS>": "\u2028", "<LONE>": "\ud800"}


def written(line: str) -> str:
    """The line a feature writes: `\\n` a new line, `\\t` a tab, `<CR>`, `<VT>`... themselves."""
    line = line.replace("\\n", "\n").replace("\\t", "\t")
    for name, char in UNSEEN.items():
        line = line.replace(name, char)
    return line


@when('the line "{line}" is judged against "{patterns}"')
def step_judge(context: Any, line: str, patterns: str) -> None:
    line = written(line)
    context.line = line
    context.judged = judge(line, read_line(line), [p.strip() for p in patterns.split(",")])


@when('the line "" is judged against "{patterns}"')
def step_judge_empty(context: Any, patterns: str) -> None:
    context.line = ""
    context.judged = judge("", read_line(""), [p.strip() for p in patterns.split(",")])


@then("it is allowed")
def step_allowed(context: Any) -> None:
    assert context.judged is None, f"{context.line!r}: {context.judged}"


@then('it is refused: "{reason}"')
def step_refused(context: Any, reason: str) -> None:
    reason = reason.replace("\\n", "\n")
    assert context.judged is not None, f"{context.line!r} was allowed"
    assert reason in context.judged.summary, f"{reason!r} not in {context.judged.summary!r}"


@when("random command lines of allowed and refused commands are judged, and run by bash")
def step_policy_property(context: Any) -> None:
    from features.support.command_policy_property import check_property

    _check(context, "command policy property", check_property, 200)


@then(
    "each was allowed exactly when all its simple commands were, a refusal named each refused "
    "one, and bash ran nothing the check did not see"
)
def step_policy_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("random bash lines are judged, and those allowed run where every program is a canary")
def step_policy_sandbox_property(context: Any) -> None:
    from features.support.policy_sandbox_property import check_property

    _check(context, "policy sandbox property", check_property, 300)


@then("no canary outside the patterns ran, and every argv that ran matches a pattern")
def step_policy_sandbox_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
