"""What a terminal shows of text holding control characters: escapes, never the controls."""

from __future__ import annotations

import codecs
import re
from typing import Any

from behave import given, then, when

from features.steps.claude_steps import step_run_command

# What a terminal acts on rather than shows; a pseudo-terminal ends its lines in \r\n.
# So do the bidi marks and what shows as nothing or breaks a line: LRM, RLM, ALM, the soft
# hyphen, Hangul fillers, zero width space, line and paragraph separators, word joiner,
# invisible operators, deprecated format characters, BOM, annotation marks, musical
# format characters and tag characters.
UNSEEN = (
    "\u00ad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u2028\u2029\u2060-\u2064"
    "\u206a-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\U0001d173-\U0001d17a\U000e0000-\U000e007f"
)
ACTED_ON = re.compile(
    f"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069{UNSEEN}\ud800-\udfff]"
)


def escapes(text: str) -> str:
    """`\\x1b`, `\\r`, `\\u202e` in a feature file, as the characters they name."""
    return codecs.decode(text, "unicode_escape")


@given('Claude will run the command written "{escaped}"')
def step_run_escaped(context: Any, escaped: str) -> None:
    step_run_command(context, escapes(escaped))


@then("neither stdout nor stderr holds a control character but newlines")
def step_no_controls(context: Any) -> None:
    for name in ("stdout", "stderr"):
        text = getattr(context.result, name)
        found = ACTED_ON.findall(text)
        assert not found, f"{name} holds {found!r}:\n{text!r}"


@then('the terminal shows "{text}" literally')
def step_shows_literally(context: Any, text: str) -> None:
    shown = context.result.stdout
    assert text in shown, f"{text!r} not in:\n{shown!r}"


@when("random texts are printed through every way the consoles print")
def step_random_texts(context: Any) -> None:
    """Each example: a text of any characters (controls, bidi, surrogates weighted in) goes
    out as a string, a Text, a table cell, a command's output, a note, an error line and
    a DOT label."""
    import io
    import os
    import sys
    from contextlib import redirect_stderr, redirect_stdout

    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.adapters.render.dot import escaped as dot_label
    from cleveragents.cli import output
    from features.support.properties import property_seed, reproducible

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", 200))
    seed = property_seed()
    print(
        f"shown text property: seed {seed}, {examples} examples; replay with "
        f"CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}",
        file=sys.stderr,
    )
    tricky = st.sampled_from(
        [
            *("\x1b[2K", "\r", "\x9b", "\u202e", "\u2066", "\ud800", "\x7f", "\u200e"),
            *("\u2028", "\u00ad", "\U000e0041", "\u3164", "\u206b"),
        ]
    )
    texts = st.lists(st.one_of(st.text(), tricky), max_size=6).map("".join)
    context.shown = []

    @reproducible(examples, seed)
    @for_every(texts)
    def check(text: str) -> None:
        from rich.text import Text

        shown, errors = io.StringIO(), io.StringIO()
        with redirect_stdout(shown), redirect_stderr(errors):
            output.use_colour("always")  # styles and controls of rich's own stay raw
            output.show(text)
            output.show(Text(text, style="bold"))
            output.key_values([("key", text)])
            output.printed(text)
            output.note(text)
            output.error_line(text)
        output.use_colour("auto")
        styled = strip_styles(shown.getvalue() + errors.getvalue())
        found = ACTED_ON.findall(styled)
        assert not found, f"{text!r} showed {found!r}: {styled!r}"
        label = dot_label(text)  # a DOT picture's label, piped or written to a file
        assert not ACTED_ON.findall(label) and "\n" not in label, f"{text!r}: DOT {label!r}"

    context.property_failure = None
    try:
        check()
    except AssertionError as failure:
        context.property_failure = f"seed {seed}: {failure}"


def strip_styles(text: str) -> str:
    """What rich itself writes: its SGR colour sequences, which are no user text."""
    return re.sub("\x1b\\[[0-9;]*m", "", text)


@then("no example showed a character the terminal acts on")
def step_none_acted_on(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@then('the JSON document on stdout gives the task as "{escaped}"')
def step_json_task(context: Any, escaped: str) -> None:
    import json

    document = json.loads(context.result.stdout)
    task = document["task"] if "task" in document else document["plan"]["task"]
    assert task == escapes(escaped), f"{task!r} != {escapes(escaped)!r}"


@then('stdout is exactly the characters "{escaped}"')
def step_stdout_characters(context: Any, escaped: str) -> None:
    assert context.result.stdout == escapes(escaped), repr(context.result.stdout)


@then('no line of stdout begins with "{text}"')
def step_no_line_begins(context: Any, text: str) -> None:
    """A name holding a newline, printed raw, would start a line of its own (in a table,
    after the cell's indent): escaped, it cannot."""
    lines = context.result.stdout.splitlines()
    assert not any(line.lstrip().startswith(text) for line in lines), context.result.stdout


@given('the plan file "{name}" is copied into a folder named "{folder}" as {{{value}}}')
def step_plan_file_in_folder(context: Any, name: str, folder: str, value: str) -> None:
    """A plan file whose path holds what the folder's name does (`\\n`, an escape): the
    value `{value}` in a command names it."""
    place = context.tmp / escapes(folder)
    place.mkdir()
    (place / name).write_bytes((context.tmp / name).read_bytes())
    context.values = {**getattr(context, "values", {}), value: str(place / name)}
