"""The stand-in Messages API streaming to the real SDK, and answering Claude Code's own asks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from behave import given, then, when

from features.steps.messages_server_steps import json_object, stand_in
from features.support.messages_server import MessagesServer

# The SDK is imported where a step uses it: at the top, every behave process paid its
# 1.1 s import (1,500 pydantic classes), also for the many features that never call it.
if TYPE_CHECKING:
    import anthropic


def _client(context: Any) -> anthropic.Anthropic:
    import anthropic

    return anthropic.Anthropic(api_key="sk-test", base_url=stand_in(context).url, max_retries=0)


WIRE_EVENTS = frozenset(
    {
        "message_start",
        "content_block_start",
        "content_block_delta",
        "content_block_stop",
        "message_delta",
        "message_stop",
    }
)


@given("a stand-in Messages API that answers Claude Code's own requests")
def step_start_for_claude_code(context: Any) -> None:
    server = MessagesServer(answer_side_requests=True).start()
    context.messages_server = server
    context.cleanups.append(server.stop)


@given('the stand-in Messages API answers with the text "{text}" and the tool "{name}" with input:')
def step_reply_text_and_tool(context: Any, text: str, name: str) -> None:
    stand_in(context).reply_tools([(name, json_object(context.text))], text=text)


@when("the Anthropic SDK streams a request to the stand-in Messages API")
def step_stream(context: Any) -> None:
    tool = {"name": "Write", "description": "write", "input_schema": {"type": "object"}}
    events: list[str] = []
    with _client(context).messages.stream(
        model="claude-stand-in",
        max_tokens=100,
        tools=[tool],  # type: ignore[list-item]
        messages=[{"role": "user", "content": "write notes"}],
    ) as stream:
        for event in stream:
            # The SDK adds events of its own (`text`, `input_json`); a run of deltas is one.
            repeated = events and event.type == events[-1] == "content_block_delta"
            if event.type in WIRE_EVENTS and not repeated:
                events.append(event.type)
        context.streamed = stream.get_final_message()
    context.stream_events = events


@then("the stream's events are {names}")
def step_events(context: Any, names: str) -> None:
    expected = [n.strip() for n in names.split(",")]
    assert context.stream_events == expected, context.stream_events


@then('the streamed message says "{text}" and calls the tool "{name}" with input:')
def step_streamed_message(context: Any, text: str, name: str) -> None:
    blocks = context.streamed.content
    assert blocks[0].type == "text" and blocks[0].text == text, blocks
    assert blocks[1].type == "tool_use" and blocks[1].name == name, blocks
    assert blocks[1].input == json_object(context.text), blocks[1].input


@then('the streamed message stopped for "{reason}"')
def step_stop_reason(context: Any, reason: str) -> None:
    assert context.streamed.stop_reason == reason, context.streamed.stop_reason


@when("the Anthropic SDK asks the stand-in Messages API without tools")
def step_side_request(context: Any) -> None:
    reply = _client(context).messages.create(
        model="claude-haiku-4-5",
        max_tokens=20,
        messages=[{"role": "user", "content": "a title for this session"}],
    )
    assert reply.content[0].type == "text", reply


@when("the Anthropic SDK counts the tokens of a request to the stand-in Messages API")
def step_count_tokens(context: Any) -> None:
    counted = _client(context).messages.count_tokens(
        model="claude-stand-in", messages=[{"role": "user", "content": "count me"}]
    )
    assert counted.input_tokens > 0, counted


@then("the stand-in Messages API still has {count:d} scripted reply")
def step_pending(context: Any, count: int) -> None:
    assert stand_in(context).pending == count, stand_in(context).pending


@then("the stand-in Messages API logged the paths {paths}")
def step_paths(context: Any, paths: str) -> None:
    logged = [r.path for r in stand_in(context).requests]
    assert logged == [p.strip() for p in paths.split(",")], logged


STREAM_EXAMPLES = 30


@when("random messages are streamed by the stand-in to the real SDK")
def step_stream_property(context: Any) -> None:
    import os
    import sys

    from hypothesis import given as for_all
    from hypothesis import strategies as st

    from features.support.properties import property_seed, reproducible

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", STREAM_EXAMPLES))
    seed = property_seed()
    print(
        f"streamed message property: seed {seed}, {examples} examples; replay with "
        f"CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}",
        file=sys.stderr,
        flush=True,
    )
    scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=40)
    values = st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )
    inputs = st.dictionaries(st.text(min_size=1, max_size=10), values, max_size=5)
    texts = st.text(min_size=1, max_size=120)
    server = stand_in(context)
    client = _client(context)
    tool = {"name": "Write", "description": "write", "input_schema": {"type": "object"}}

    @reproducible(examples, seed)
    @for_all(texts | st.none(), st.lists(inputs, max_size=3), st.integers(1, 5000))
    def holds(text: str | None, calls: list[dict[str, Any]], tokens: int) -> None:
        if text is None and not calls:
            calls = [{}]
        server.reply_tools([("Write", c) for c in calls], text=text, output_tokens=tokens)
        with client.messages.stream(
            model="claude-stand-in",
            max_tokens=100,
            tools=[tool],  # type: ignore[list-item]
            messages=[{"role": "user", "content": "go"}],
        ) as stream:
            got = stream.get_final_message()
        blocks = [b.model_dump(exclude_none=True) for b in got.content]
        wanted = ([{"type": "text", "text": text}] if text is not None else []) + [
            {"type": "tool_use", "name": "Write", "input": c} for c in calls
        ]
        assert len(blocks) == len(wanted), (blocks, wanted)
        for block, want in zip(blocks, wanted, strict=True):
            assert {k: block.get(k) for k in want} == want, (block, want)
        assert got.stop_reason == "tool_use" and got.usage.output_tokens == tokens, got

    holds()
    context.stream_property_held = True


@then("each came back block for block as scripted")
def step_stream_property_held(context: Any) -> None:
    assert context.stream_property_held
