"""The rules of `domain.decision_facts`, called directly."""

from __future__ import annotations

import json
from typing import Any

from behave import then, when


def _written(text: str) -> str:
    if text == "LONG":
        return "".join(f"{n}\n" for n in range(1, 13))
    return text.replace("\\n", "\n").replace("\\e", "\x1b").replace("\\u200b", "\u200b")


@when('the text "{text}" is shown')
def step_text(context: Any, text: str) -> None:
    from cleveragents.domain.decision_facts import text_shown

    context.shown = text_shown(_written(text))


@when('the text "" is shown')
def step_empty_text(context: Any) -> None:
    from cleveragents.domain.decision_facts import text_shown

    context.shown = text_shown("")


@then('it reads "{shown}"')
def step_reads(context: Any, shown: str) -> None:
    assert context.shown == shown.replace("\\n", "\n"), repr(context.shown)


@when("the action {action} is shown")
def step_action(context: Any, action: str) -> None:
    from cleveragents.domain.decision_facts import action_rows

    context.rows = action_rows(json.loads(action))


@then('its rows are "{rows}"')
def step_rows(context: Any, rows: str) -> None:
    said = "; ".join(f"{key}={value}" for key, value in context.rows)
    assert said == rows, said
