"""What `agents plan decision` and `agents plan log` print of a decision's output."""

from __future__ import annotations

import re
from typing import Any

from behave import then

from cleveragents.domain.command_output import capped, cut_bytes, kept_output
from features.steps.cli_steps import json_value
from features.steps.repo_steps import unescape


@then("stdout ends with the lines:")
def step_stdout_ends_with(context: Any) -> None:
    lines = context.result.stdout.splitlines()
    expected = context.text.splitlines()
    assert lines[-len(expected) :] == expected, context.result.stdout


@then('stdout is exactly "{text}"')
def step_stdout_exactly(context: Any, text: str) -> None:
    assert context.result.stdout == unescape(text), repr(context.result.stdout)


@then("stdout is empty")
def step_stdout_empty(context: Any) -> None:
    assert context.result.stdout == "", repr(context.result.stdout)


@then('the JSON output is "{text}"')
def step_json_output(context: Any, text: str) -> None:
    assert json_value(context, "output") == unescape(text), json_value(context, "output")


@then('the JSON value "{dotted}" is null')
def step_json_null(context: Any, dotted: str) -> None:
    assert json_value(context, dotted) is None, json_value(context, dotted)


@then('stdout is {head:d} y, the line "{line}" and {tail:d} y')
def step_stdout_capped(context: Any, head: int, line: str, tail: int) -> None:
    assert context.result.stdout == "y" * head + "\n" + line + "\n" + "y" * tail, (
        len(context.result.stdout),
        context.result.stdout[head - 5 : head + 120],
    )


def _text(written: str) -> str:
    """The table's text: `\\n`, `\\xff` and `\\ufffd` as what they stand for, and each
    `<cut N of M>` as the line `capped` writes."""
    text = re.sub(
        r"<cut (\d+) of (\d+)>",
        r"[agents: \1 bytes cut here, of \2; the head and the tail are kept]\\n",
        written,
    )
    return text.encode("latin-1").decode("unicode_escape")


@then('"{printed}" capped at {cap:d} bytes is kept as "{kept}", {cut:d} bytes cut')
def step_capped_rule(context: Any, printed: str, cap: int, kept: str, cut: int) -> None:
    raw = _text(printed).encode("latin-1")  # `\xff` as that one byte
    assert capped(raw, cap) == _text(kept), repr(capped(raw, cap))
    assert cut_bytes(capped(raw, cap)) == cut


@then('a decision that ran "{commands}" printing "{outputs}" keeps "{kept}"')
def step_kept_rule(context: Any, commands: str, outputs: str, kept: str) -> None:
    names = [] if commands == "-" else [c.strip() for c in commands.split(",")]
    printed = [] if outputs == "-" else [_text(o.strip(" ")) for o in outputs.split(",")]
    found = kept_output(list(zip(names, printed, strict=True)))
    assert found == (None if kept == "None" else _text(kept)), repr(found)
