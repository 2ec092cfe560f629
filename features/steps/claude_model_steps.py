"""Claude on today's models: stop reasons, failures, accounting, budgets, replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from behave import given, then

from cleveragents.adapters.actors.claude_models import PRICES
from features.steps.claude_steps import answer, commit, plain_text, server
from features.steps.cli_steps import json_value


def _request(context: Any, number: int) -> dict[str, Any]:
    body: dict[str, Any] = server(context).requests[number - 1].body
    return body


@then("no request forced a tool choice")
def step_no_forced(context: Any) -> None:
    requests = server(context).requests
    assert requests
    for logged in requests:
        choice = logged.body.get("tool_choice") or {"type": "auto"}
        assert choice["type"] == "auto", choice


@then('the stand-in refuses a forced tool choice for "{model}" with 400')
def step_stand_in_refuses(context: Any, model: str) -> None:
    import anthropic  # here, not at the top: see messages_server_steps.py

    client = anthropic.Anthropic(api_key="sk-test", base_url=server(context).url, max_retries=0)
    tool = {"name": "t", "description": "t", "input_schema": {"type": "object"}}
    try:
        client.messages.create(
            model=model,
            max_tokens=10,
            messages=[{"role": "user", "content": "hi"}],
            tools=[tool],  # type: ignore[list-item]
            tool_choice={"type": "tool", "name": "t"},
        )
    except anthropic.BadRequestError as refused:
        assert "tool_choice" in str(refused), refused
        return
    raise AssertionError("a forced tool choice was accepted")


@given('Claude will call the tool "{tool}" with the plan "{name}"')
def step_forced_plan(context: Any, tool: str, name: str) -> None:
    server(context).reply_tool(tool, {"steps": [{"name": name}], "rationale": "as a tool"})


@then('request {number:d} forced the tool "{tool}"')
def step_forced(context: Any, number: int, tool: str) -> None:
    assert _request(context, number)["tool_choice"] == {"type": "tool", "name": tool}


@given('Claude will start writing "{path}" and be cut off at max_tokens')
def step_cut(context: Any, path: str) -> None:
    server(context).reply_tools([("write_file", {"path": path})], stop_reason="max_tokens")


@then("request {first:d} had room for {room:d} tokens and request {second:d} for {more:d}")
def step_room(context: Any, first: int, room: int, second: int, more: int) -> None:
    assert _request(context, first)["max_tokens"] == room
    assert _request(context, second)["max_tokens"] == more


@then('no request sent back "{text}"')
def step_not_sent_back(context: Any, text: str) -> None:
    for logged in server(context).requests:
        assert text not in json.dumps(logged.body["messages"]), logged.body["messages"]


def _answered(context: Any) -> dict[str, Any]:
    """What the server answered with a status 200, summed as `plan show` counts it."""
    usages = [u for status, u in server(context).answers if status == 200]
    known = [u for u in usages if u]
    return {
        "api_calls": len(usages),
        "input_tokens": sum(u["input_tokens"] for u in known),
        "output_tokens": sum(u["output_tokens"] for u in known),
        "cache_write_tokens": sum(u.get("cache_creation_input_tokens") or 0 for u in known),
        "cache_read_tokens": sum(u.get("cache_read_input_tokens") or 0 for u in known),
        "usages": known,
    }


@then("the spending the plan shows is what the server answered")
def step_spending(context: Any) -> None:
    answered = _answered(context)
    shown = json_value(context, "usage")
    for key in ("api_calls", "input_tokens", "output_tokens", "cache_write_tokens"):
        assert shown[key] == answered[key], (key, shown, answered)
    assert shown["cache_read_tokens"] == answered["cache_read_tokens"], (shown, answered)


@then(
    "the spending the plan shows is what the server answered, priced at "
    "{inp:g}, {out:g}, {write:g} and {read:g} dollars"
)
def step_spending_priced(context: Any, inp: float, out: float, write: float, read: float) -> None:
    step_spending(context)
    expected = sum(
        u["input_tokens"] * inp
        + u["output_tokens"] * out
        + (u.get("cache_creation_input_tokens") or 0) * write
        + (u.get("cache_read_input_tokens") or 0) * read
        for u in _answered(context)["usages"]
    )
    shown = json_value(context, "usage.cost_usd")
    assert abs(shown - expected / 1e6) < 1e-5, (shown, expected / 1e6)  # rounded per request


@given("Claude will pause its turn")
def step_pause(context: Any) -> None:
    server(context).reply_text("working on it", stop_reason="pause_turn")


@then("request {number:d} ends with the paused turn sent back")
def step_paused_back(context: Any, number: int) -> None:
    last = _request(context, number)["messages"][-1]
    assert last["role"] == "assistant" and "working on it" in plain_text(last["content"]), last


@given('Claude will answer in words "{text}"')
def step_words(context: Any, text: str) -> None:
    server(context).reply_text(text)


@then('request {number:d} reminds Claude to "{text}"')
def step_reminded(context: Any, number: int, text: str) -> None:
    last = _request(context, number)["messages"][-1]
    assert last["role"] == "user" and text in plain_text(last["content"]), last


@given("Claude's service answers with a refusal")
def step_refusal(context: Any) -> None:
    server(context).reply_text("I cannot help with that.", stop_reason="refusal")


@given("Claude's service answers a malformed body")
def step_malformed(context: Any) -> None:
    server(context).reply_raw('{"type": "message", "content": [')


@given("Claude's service answers with the context window full")
def step_context_full(context: Any) -> None:
    server(context).reply_text("", stop_reason="model_context_window_exceeded")


@given('Claude\'s service answers {status:d} "{kind}" saying "{message}"')
def step_error_saying(context: Any, status: int, kind: str, message: str) -> None:
    server(context).reply_error(status, kind, message)


@given('Claude\'s service answers {status:d} "{kind}" {times:d} times saying "{message}"')
def step_errors_saying(context: Any, status: int, kind: str, message: str, times: int) -> None:
    for _ in range(times):
        server(context).reply_error(status, kind, message, retry_after=0.01)


@then('the last request named the model "{model}"')
def step_last_model(context: Any, model: str) -> None:
    assert server(context).requests[-1].body["model"] == model


@given('the file "{path}" is committed with {size:d} characters')
def step_big_file(context: Any, path: str, size: int) -> None:
    line = "the quick brown fox jumps over the lazy dog, again and again\n"
    (context.repo / path).write_text((line * (size // len(line) + 1))[:size])
    commit(context, path)


@given('Claude will read "{path}" {times:d} times, then write "{out}" with "{content}"')
def step_reads_then_write(context: Any, path: str, times: int, out: str, content: str) -> None:
    for _ in range(times):
        server(context).reply_tool("read_file", {"path": path})
    server(context).reply_tools(
        [("write_file", {"path": out, "content": content}), ("finish_step", {"option": "read"})]
    )


@then("request {number:d} read from the prompt cache")
def step_cache_read(context: Any, number: int) -> None:
    status, usage = server(context).answers[number - 1]
    assert status == 200 and usage and usage["cache_read_input_tokens"] > 0, usage


@then('the JSON value "{dotted}" is above {least:d}')
def step_json_above(context: Any, dotted: str, least: int) -> None:
    assert json_value(context, dotted) > least, json_value(context, dotted)


@given("the stand-in forgets the replies it did not give")
def step_forget(context: Any) -> None:
    server(context).forget()


@given('Claude will propose the plan "{name}" with a replan after it')
def step_plan_replan(context: Any, name: str) -> None:
    answer(context, {"steps": [{"name": name}], "replan_after": True})


@then('request {number:d} holds "{present}" and not "{absent}"')
def step_holds_not(context: Any, number: int, present: str, absent: str) -> None:
    text = json.dumps(_request(context, number)["messages"])
    assert present in text and absent not in text, text


@then(
    "a request holds the working tree's path and a duration only as "
    '"{tree}" and "{duration}" in the cassette'
)
def step_cassette_normalised(context: Any, tree: str, duration: str) -> None:
    sent = " ".join(json.dumps(r.body) for r in server(context).requests)
    assert str(context.repo) in sent and "0.012s" in sent, sent  # what went over the wire
    files = sorted(Path(context.tmp, "cassette").glob("*.json"))
    kept = " ".join(json.dumps(json.loads(p.read_text())["request"]) for p in files)
    assert tree in kept and duration in kept, kept[-3000:]
    assert str(context.repo) not in kept and "0.012s" not in kept, kept[-3000:]


@given('the plan "{task}" was run with Claude and stopped')
def step_ran_stopped(context: Any, task: str) -> None:
    from features.steps.claude_steps import claude_env
    from features.steps.cli_steps import run_agents

    result = run_agents(context, f"agents plan run {task!r}", claude_env(context))
    assert result.returncode == 4, result.stderr


@then(
    'request {number:d} sends back one turn of the model holding "{text}" and the call to "{tool}"'
)
def step_one_turn(context: Any, number: int, text: str, tool: str) -> None:
    messages = _request(context, number)["messages"]
    said = [m for m in messages if m["role"] == "assistant"]
    assert len(said) == 1, messages
    blocks = said[0]["content"]
    assert any(b.get("text") == text for b in blocks), blocks
    assert any(b.get("type") == "tool_use" and b.get("name") == tool for b in blocks), blocks


@then("the store holds each turn of the exchange once")
def step_turns_once(context: Any) -> None:
    import sqlite3

    db = sqlite3.connect(context.repo / ".git" / "cleveragents" / "state.db")
    turns = [r[0] for r in db.execute("SELECT content FROM messages WHERE role = 'user'")]
    db.close()
    results = [t for t in turns if "tool_result" in t]
    assert results and len(results) == len(set(results)), turns


@given("Claude will list the files first")
def step_list_first(context: Any) -> None:
    server(context).reply_tool("list_files", {"path": "."})


@given("a model the installed anthropic SDK lists as deprecated")
def step_deprecated_model(context: Any) -> None:
    """The SDK's list changes with its releases: the scenario takes whichever it names."""
    from anthropic.resources.messages import messages

    listed: dict[str, object] = getattr(messages, "DEPRECATED_MODELS", {})
    priced = [m for m in listed if m in PRICES]
    assert priced, f"the installed anthropic SDK lists no deprecated model we price: {listed}"
    context.values = {"deprecated": priced[0], "end_of_life": str(listed[priced[0]])}
