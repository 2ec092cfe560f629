"""Streaming for the stand-in Messages API: a message sent as server-sent events.

The events follow the service's order: ``message_start`` (usage so far, no content),
then per content block ``content_block_start``, one or more ``content_block_delta``
(``text_delta`` for text, ``input_json_delta`` carrying the tool input's JSON in pieces)
and ``content_block_stop``; a ``ping`` once the first block started; then
``message_delta`` (stop reason, output tokens) and ``message_stop``.

Claude Code also asks things of its own besides the session's turns (a title for the
session, a check of the key, token counting). :func:`side_answer` says what the stand-in
answers to those, so the scripted replies are spent only on the session's turns.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

PIECE = 24  # characters of text or tool-input JSON per delta event


def events(message: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The (event name, data) pairs that stream `message`, a complete message body."""
    usage = dict(message.get("usage") or {})
    output_tokens = usage.pop("output_tokens", 1)
    start = {**message, "content": [], "stop_reason": None, "stop_sequence": None}
    start["usage"] = {**usage, "output_tokens": 1}
    yield "message_start", {"type": "message_start", "message": start}
    for index, block in enumerate(message.get("content") or []):
        yield from _block(index, block)
    yield (
        "message_delta",
        {
            "type": "message_delta",
            "delta": {
                "stop_reason": message.get("stop_reason"),
                "stop_sequence": message.get("stop_sequence"),
            },
            "usage": {"output_tokens": output_tokens},
        },
    )
    yield "message_stop", {"type": "message_stop"}


def _block(index: int, block: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    kind = block.get("type")
    if kind == "tool_use":
        opened = {**block, "input": {}}
        text, delta = json.dumps(block.get("input") or {}), "input_json_delta"
    else:
        opened = {"type": "text", "text": ""}
        text, delta = str(block.get("text", "")), "text_delta"
    yield (
        "content_block_start",
        {"type": "content_block_start", "index": index, "content_block": opened},
    )
    key = "partial_json" if delta == "input_json_delta" else "text"
    for at in range(0, max(len(text), 1), PIECE):
        piece = {"type": delta, key: text[at : at + PIECE]}
        yield "content_block_delta", {"type": "content_block_delta", "index": index, "delta": piece}
    yield "content_block_stop", {"type": "content_block_stop", "index": index}


def encoded(message: dict[str, Any]) -> bytes:
    """`message` as the bytes of a server-sent event stream."""
    return b"".join(
        f"event: {name}\ndata: {json.dumps(data)}\n\n".encode() for name, data in events(message)
    )


def is_side_request(body: dict[str, Any]) -> bool:
    """Whether a request is one Claude Code makes for itself, not a turn of the session:
    the session's turns offer tools; its titles, summaries and checks do not."""
    return not body.get("tools")


def side_answer(body: dict[str, Any]) -> dict[str, Any]:
    """A short, well-formed text message for a request Claude Code makes for itself."""
    size = math.ceil(len(json.dumps(body.get("messages") or [])) / 4)
    return {
        "id": "msg_side",
        "type": "message",
        "role": "assistant",
        "model": body.get("model"),
        "content": [{"type": "text", "text": "Stand-in session"}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": size, "output_tokens": 3},
    }


def counted_tokens(body: dict[str, Any]) -> dict[str, int]:
    """The answer to ``POST /v1/messages/count_tokens``: one token per four characters."""
    return {"input_tokens": math.ceil(len(json.dumps(body)) / 4)}
