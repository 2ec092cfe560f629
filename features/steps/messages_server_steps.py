"""The stand-in Messages API: steps to script it, and steps that call it with the real SDK.

Other features use the first group: ``Given a stand-in Messages API`` starts one for the
scenario (stopped afterwards) and points ANTHROPIC_BASE_URL of the commands the scenario runs
at it; the ``answers with`` steps queue its replies in order.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from behave import given, then, when

from features.support.messages_server import MessagesServer

# The SDK is imported where a step uses it: at the top, every behave process paid its
# 1.1 s import (1,500 pydantic classes), also for the many features that never call it.
if TYPE_CHECKING:
    import anthropic

# Short enough that SDK back-off between retries costs almost nothing; the SDK ignores a
# retry-after of 0 (it then backs off 0.5 s, 1 s, ...), so 0 would make scenarios slower.
QUICK_RETRY_AFTER = 0.01

USER_MESSAGE = "Run the tests."


def stand_in(context: Any) -> MessagesServer:
    server = getattr(context, "messages_server", None)
    assert server is not None, "no stand-in Messages API: start one with 'a stand-in Messages API'"
    return server


def json_object(text: str | None) -> dict[str, Any]:
    value = json.loads(text or "")
    assert isinstance(value, dict), f"expected a JSON object, got {value!r}"
    return value


# --- scripting the stand-in (reusable) --------------------------------------------------------


@given("a stand-in Messages API")
def step_start(context: Any) -> None:
    server = MessagesServer().start()
    context.messages_server = server
    context.cleanups.append(server.stop)
    # Commands the scenario runs talk to the stand-in, never to the live service.
    context.env["ANTHROPIC_BASE_URL"] = server.url
    context.env["ANTHROPIC_API_KEY"] = "sk-stand-in"


@given('the stand-in Messages API answers with the tool "{name}" and input:')
def step_reply_tool(context: Any, name: str) -> None:
    stand_in(context).reply_tool(name, json_object(context.text))


@given(
    'the stand-in Messages API answers after {seconds:g} seconds with the tool "{name}" and input:'
)
def step_reply_tool_late(context: Any, seconds: float, name: str) -> None:
    stand_in(context).reply_tool(name, json_object(context.text), delay=seconds)


@given('the stand-in Messages API answers with the text "{text}"')
def step_reply_text(context: Any, text: str) -> None:
    stand_in(context).reply_text(text)


@given('the stand-in Messages API answers with error {status:d} "{error_type}"')
def step_reply_error(context: Any, status: int, error_type: str) -> None:
    stand_in(context).reply_error(
        status,
        error_type,
        f"stand-in server: scripted {status} {error_type}",
        retry_after=QUICK_RETRY_AFTER,
    )


@given('the stand-in Messages API answers with error {status:d} "{error_type}" {count:d} times')
def step_reply_errors(context: Any, status: int, error_type: str, count: int) -> None:
    for _ in range(count):
        step_reply_error(context, status, error_type)


@given(
    'the stand-in Messages API answers with error {status:d} "{error_type}" '
    "that must not be retried"
)
def step_reply_error_final(context: Any, status: int, error_type: str) -> None:
    stand_in(context).reply_error(
        status,
        error_type,
        f"stand-in server: scripted {status} {error_type}",
        should_retry=False,
    )


# --- calling it with the real SDK -----------------------------------------------------------


def ask_for_tool(context: Any, name: str, *, max_retries: int = 0, timeout: float = 10.0) -> None:
    import anthropic

    client = anthropic.Anthropic(
        api_key="sk-test",
        base_url=stand_in(context).url,
        max_retries=max_retries,
        timeout=timeout,
    )
    context.cleanups.append(client.close)
    context.sdk_reply = None
    context.sdk_error = None
    started = time.monotonic()
    try:
        context.sdk_reply = client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=256,
            messages=[{"role": "user", "content": USER_MESSAGE}],
            tools=[
                {
                    "name": name,
                    "description": "Run a shell command in the workspace.",
                    "input_schema": {
                        "type": "object",
                        "properties": {
                            "command": {"type": "string"},
                            "timeout": {"type": "integer"},
                        },
                        "required": ["command"],
                    },
                }
            ],
            tool_choice={"type": "tool", "name": name},
        )
    except anthropic.AnthropicError as error:
        context.sdk_error = error
    context.sdk_seconds = time.monotonic() - started


@when('the Anthropic SDK asks the stand-in Messages API for the tool "{name}"')
def step_ask(context: Any, name: str) -> None:
    ask_for_tool(context, name)


@when(
    'the Anthropic SDK asks the stand-in Messages API for the tool "{name}" '
    "with {retries:d} retries"
)
def step_ask_retrying(context: Any, name: str, retries: int) -> None:
    ask_for_tool(context, name, max_retries=retries)


@when(
    'the Anthropic SDK asks the stand-in Messages API for the tool "{name}" '
    "with a timeout of {seconds:g} seconds"
)
def step_ask_impatient(context: Any, name: str, seconds: float) -> None:
    ask_for_tool(context, name, timeout=seconds)


@then('the SDK\'s reply calls the tool "{name}" with input:')
def step_reply_calls(context: Any, name: str) -> None:
    assert context.sdk_error is None, f"the SDK failed: {context.sdk_error!r}"
    message = context.sdk_reply
    assert message.stop_reason == "tool_use", message
    assert message.role == "assistant" and message.model == "claude-sonnet-4-5", message
    assert message.id.startswith("msg_") and message.usage.input_tokens > 0, message
    [block] = message.content
    assert block.type == "tool_use" and block.id.startswith("toolu_"), block
    assert block.name == name, block
    assert block.input == json_object(context.text), block.input


@then('the SDK call failed with "{error_class}"')
def step_failed(context: Any, error_class: str) -> None:
    import anthropic

    expected = getattr(anthropic, error_class)
    assert isinstance(context.sdk_error, expected), (
        f"expected {error_class}, got {context.sdk_error!r} (reply {context.sdk_reply!r})"
    )


@then('the SDK\'s error has status {status:d} and type "{error_type}"')
def step_error_status(context: Any, status: int, error_type: str) -> None:
    import anthropic

    error = context.sdk_error
    assert isinstance(error, anthropic.APIStatusError), repr(error)
    assert (error.status_code, error.type) == (status, error_type), (error.status_code, error.type)
    assert error.request_id, "the stand-in server gives every answer a request-id"


@then('the SDK\'s error says "{text}"')
def step_error_says(context: Any, text: str) -> None:
    import anthropic

    error = context.sdk_error
    assert isinstance(error, anthropic.APIStatusError), repr(error)
    assert error.api_message == text, error.api_message
    assert text in str(error), str(error)


@then("the SDK gave up within {seconds:g} seconds")
def step_gave_up(context: Any, seconds: float) -> None:
    assert context.sdk_seconds < seconds, f"the SDK took {context.sdk_seconds:.2f} s"


# --- what the stand-in received -------------------------------------------------------------


@then("the stand-in Messages API received {count:d} request")
@then("the stand-in Messages API received {count:d} requests")
def step_received(context: Any, count: int) -> None:
    requests = stand_in(context).requests
    assert len(requests) == count, [(r.method, r.path) for r in requests]
    assert all((r.method, r.path) == ("POST", "/v1/messages") for r in requests), requests


@then("the stand-in Messages API has no scripted reply left")
def step_all_used(context: Any) -> None:
    assert stand_in(context).pending == 0, f"{stand_in(context).pending} replies left"


@then('the stand-in Messages API\'s last request offered the tool "{name}" and forced it')
def step_offered(context: Any, name: str) -> None:
    body = stand_in(context).requests[-1].body
    assert [tool["name"] for tool in body["tools"]] == [name], body["tools"]
    assert body["tools"][0]["input_schema"]["type"] == "object", body["tools"]
    assert body["tool_choice"] == {"type": "tool", "name": name}, body["tool_choice"]


@then('the stand-in Messages API\'s last request holds the user message "{text}"')
def step_holds_message(context: Any, text: str) -> None:
    body = stand_in(context).requests[-1].body
    assert body["messages"] == [{"role": "user", "content": text}], body["messages"]


@then('the stand-in Messages API\'s last request came with the header "{name}"')
def step_header(context: Any, name: str) -> None:
    headers = stand_in(context).requests[-1].headers
    assert headers.get(name.lower()), sorted(headers)


@then('the stand-in Messages API saw the retry counts "{counts}"')
def step_retry_counts(context: Any, counts: str) -> None:
    seen = [r.headers.get("x-stainless-retry-count") for r in stand_in(context).requests]
    assert seen == counts.split(", "), seen


# --- the rules the stand-in checks, and its prompt cache ------------------------------------

CALL = {"type": "tool_use", "id": "toolu_9", "name": "t", "input": {}}
RESULT = {"type": "tool_result", "tool_use_id": "toolu_9", "content": "done"}
MARK = {"type": "ephemeral"}
BROKEN: dict[str, list[dict[str, Any]]] = {
    "two user messages in a row": [
        {"role": "user", "content": "a"},
        {"role": "user", "content": "b"},
    ],
    "a first message from the assistant": [{"role": "assistant", "content": "a"}],
    "a tool call not answered by its result": [
        {"role": "user", "content": "a"},
        {"role": "assistant", "content": [CALL]},
        {"role": "user", "content": "b"},
    ],
    "a tool result that answers no call": [
        {"role": "user", "content": "a"},
        {"role": "assistant", "content": "b"},
        {"role": "user", "content": [RESULT]},
    ],
    "an empty message": [
        {"role": "user", "content": "a"},
        {"role": "assistant", "content": []},
        {"role": "user", "content": "b"},
    ],
    "five cache breakpoints": [
        {
            "role": "user",
            "content": [{"type": "text", "text": str(i), "cache_control": MARK} for i in range(5)],
        }
    ],
}


def _client(context: Any) -> anthropic.Anthropic:
    import anthropic

    client = anthropic.Anthropic(api_key="sk-test", base_url=stand_in(context).url, max_retries=0)
    context.cleanups.append(client.close)
    return client


@when('the Anthropic SDK sends the stand-in Messages API the conversation "{conversation}"')
def step_send_broken(context: Any, conversation: str) -> None:
    import anthropic

    context.sdk_error = None
    try:
        _client(context).messages.create(
            model="claude-sonnet-5-5",
            max_tokens=16,
            messages=BROKEN[conversation],  # type: ignore[arg-type]
        )
    except anthropic.AnthropicError as error:
        context.sdk_error = error


@then('the SDK\'s error mentions "{text}"')
def step_error_mentions(context: Any, text: str) -> None:
    assert text in str(context.sdk_error), context.sdk_error


@then("the stand-in Messages API has {count:d} scripted reply left")
def step_replies_left(context: Any, count: int) -> None:
    assert stand_in(context).pending == count, stand_in(context).pending


@when(
    "the Anthropic SDK sends the stand-in Messages API a long cached prompt twice, "
    "the second time with a question more"
)
def step_cached_twice(context: Any) -> None:
    client = _client(context)
    prompt = {"type": "text", "text": "context " * 2000, "cache_control": MARK}
    first = [{"role": "user", "content": [prompt]}]
    second = [
        {"role": "user", "content": [{k: v for k, v in prompt.items() if k != "cache_control"}]},
        {"role": "assistant", "content": "one"},
        {"role": "user", "content": [{"type": "text", "text": "and?", "cache_control": MARK}]},
    ]
    context.usages = [
        client.messages.create(model="claude-sonnet-5-5", max_tokens=16, messages=m).usage  # type: ignore[arg-type]
        for m in (first, second)
    ]


@then("the first usage wrote the prompt to the cache and read nothing")
def step_first_usage(context: Any) -> None:
    usage = context.usages[0]
    assert usage.cache_creation_input_tokens > 1024 and usage.cache_read_input_tokens == 0, usage


@then("the second usage read the same number of tokens from the cache and wrote the question")
def step_second_usage(context: Any) -> None:
    first, second = context.usages
    assert second.cache_read_input_tokens == first.cache_creation_input_tokens, second
    assert 0 < second.cache_creation_input_tokens < 100 and second.input_tokens == 0, second
