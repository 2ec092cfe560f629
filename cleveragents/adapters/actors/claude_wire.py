"""The wire to Claude: requests to the Messages API, what they cost, how they end.

One `Wire` per actor. Each request checks the plan's spending limits first (`allowance`),
carries prompt-cache breakpoints, and is counted when answered: input, output, cache
writes and reads, and its price by exact model id. Every `stop_reason` is handled as
what it is: a reply cut at `max_tokens` is asked again once with the most room a
non-streamed request may have, `pause_turn` goes on, `refusal` and a full context window
stop the plan clearly. Every failure of the service is one line (`failure`).

What the exchange records of a duty's first message is its ask alone: the request the
recorder stores before it names the actor state asked with, and the prompt can be built
from it again. Storing the prompt itself would store the whole context once more.
"""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel

from cleveragents.adapters.actors import claude_models
from cleveragents.adapters.actors.claude_models import DEFAULT_MODEL
from cleveragents.adapters.actors.claude_prompt import SYSTEM
from cleveragents.domain.budget import Usage
from cleveragents.domain.text_rules import surrogates_written
from cleveragents.errors import ActorUnavailable

# Room for a reply, in output tokens. A reply cut at its room is asked again, once, with the
# most a request may have without streaming (the SDK's bound: 10 minutes at its rate).
ONE_SHOT_ROOM = 4096
ACTION_ROOM = 8192
MOST_ROOM = 21_000
MAX_TURNS = 12
CACHE = {"type": "ephemeral"}

_warned: set[str] = set()  # deprecated models already warned of, in this process


class Wire:
    """Requests to the Messages API for one actor, and what they spent."""

    def __init__(self, client: Any, model: str, cache: bool = True) -> None:
        self.client = client
        self.model = model
        self.cache = cache
        self.spent = Usage()
        self.exchange: list[tuple[str, str]] = []  # this duty's requests and replies
        self._recorded = 0  # how many of the duty's messages the exchange holds
        # Set by the recorder: raises BudgetExhausted when a spending limit is reached.
        self.allowance: Callable[[Usage], None] | None = None
        self.system = SYSTEM
        # Sent with every request (a conversation that holds a tool's call must define it).
        self.standing_tools: list[dict[str, Any]] = []
        warn_if_deprecated(model)

    def opening(self, ask: str, prompt: str) -> list[dict[str, Any]]:
        """A duty's first message; the exchange keeps its ask (see the module's docstring)."""
        self.exchange = [("user", json.dumps({"role": "user", "ask": ask}))]
        self._recorded = 1
        return [{"role": "user", "content": prompt}]

    def call(
        self,
        messages: list[dict[str, Any]],
        room: int,
        *,
        tools: list[dict[str, Any]] | None = None,
        choice: dict[str, Any] | None = None,
        output: dict[str, Any] | None = None,
    ) -> Any:
        """One answer the duty can use, whatever `stop_reason` came first (see the module)."""
        for _ in range(MAX_TURNS):
            reply = self._request(messages, room, tools, choice, output)
            stop = reply.stop_reason
            if stop == "max_tokens":
                if room < MOST_ROOM:
                    room = MOST_ROOM  # the cut reply is dropped (and counted): ask again
                    continue
                raise ActorUnavailable(
                    f"the model's reply was cut at its output limit ({room:,} tokens), "
                    "even with the most room a request may have",
                    hint="guide it to smaller actions with `agents plan correct --mode=append`",
                )
            if stop == "pause_turn":  # the service paused a long turn: send it back to go on
                add_turns(messages, [assistant_turn(reply.content)])
                continue
            if stop == "refusal":
                raise ActorUnavailable(
                    "the model declined to go on (stop reason: refusal)",
                    hint="guide it with `agents plan correct --mode=append --guidance ...`",
                )
            if stop == "model_context_window_exceeded":
                raise ActorUnavailable(
                    "the conversation outgrew the model's context window",
                    hint="resuming starts the step again with a fresh conversation",
                )
            return reply
        raise ActorUnavailable(f"the model paused its turn {MAX_TURNS} times in a row")

    def _request(
        self,
        messages: list[dict[str, Any]],
        room: int,
        tools: list[dict[str, Any]] | None,
        choice: dict[str, Any] | None,
        output: dict[str, Any] | None,
    ) -> Any:
        """One request to the service: within budget, cached, counted, its failures said."""
        import anthropic

        if self.allowance is not None:
            self.allowance(self.spent)
        system: list[dict[str, Any]] = [{"type": "text", "text": self.system}]
        named = {t["name"] for t in tools or []}
        standing = [t for t in self.standing_tools if t["name"] not in named]
        if standing:
            choice = choice if tools else {"type": "none"}
            tools = [*(tools or []), *standing]
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": room,
            "system": _cached(system) if self.cache else system,
            "messages": _cached(messages) if self.cache else messages,
        }
        if tools:
            body["tools"] = tools
            body["tool_choice"] = choice
        if output:
            body["output_config"] = {"format": output}
        # What the duty said since its last request (the opening one is recorded by
        # `_opening`; replies are recorded as they come, so only the user's turns here).
        for said in messages[self._recorded :]:
            if said["role"] == "user":
                self.exchange.append(("user", json.dumps(said, default=str)))
        self._recorded = len(messages)
        try:
            reply = self.client.messages.create(**body)
        except anthropic.APIError as error:
            raise _failure(error, self.model) from error
        except json.JSONDecodeError as error:  # answered, but not with JSON
            self.spent = self.spent.plus(Usage(api_calls=1))
            raise ActorUnavailable(MALFORMED, hint=MALFORMED_HINT) from error
        self._count(reply)
        self.exchange.append(("assistant", json.dumps([plain(b) for b in reply.content])))
        return reply

    def _count(self, reply: Any) -> None:
        """Add a reply's usage to what was spent; a reply that cannot be read is a failure."""
        try:
            usage = reply.usage
            used = {
                "input_tokens": int(usage.input_tokens),
                "output_tokens": int(usage.output_tokens),
                "cache_write_tokens": int(usage.cache_creation_input_tokens or 0),
                "cache_read_tokens": int(usage.cache_read_input_tokens or 0),
            }
            well_formed = isinstance(reply.content, list) and all(
                isinstance(b.type, str) for b in reply.content
            )
            reply.stop_reason  # noqa: B018 - read now: a malformed reply fails here, not later
        except (AttributeError, TypeError, ValueError):
            used, well_formed = {}, False
        price = claude_models.cost(
            self.model,
            used.get("input_tokens", 0),
            used.get("output_tokens", 0),
            used.get("cache_write_tokens", 0),
            used.get("cache_read_tokens", 0),
        )
        self.spent = self.spent.plus(Usage(api_calls=1, cost_usd=price, **used))
        if not well_formed:
            raise ActorUnavailable(MALFORMED, hint=MALFORMED_HINT)


MALFORMED = "the model's service answered with a malformed reply"
MALFORMED_HINT = "the service's fault, not the plan's; try again later"
NO_TEXT = {"type": "text", "text": "(no reply)"}


def plain(block: Any) -> dict[str, Any]:
    if isinstance(block, dict):
        return block
    # A lone surrogate (a "\\udcff" escape in its JSON) could be neither sent nor stored.
    data: dict[str, Any] = surrogates_written(block.model_dump(mode="json", exclude_none=True))
    return data


def assistant_turn(content: Sequence[Any]) -> dict[str, Any]:
    """The model's turn as it is sent back; never empty, which the API refuses."""
    return {"role": "assistant", "content": [plain(b) for b in content] or [NO_TEXT]}


def add_turns(messages: list[dict[str, Any]], turns: list[dict[str, Any]]) -> None:
    """Add `turns` to the conversation. The model's turn after a paused one continues it:
    one assistant message, as roles must alternate."""
    for turn in turns:
        last = messages[-1]
        if turn["role"] == last["role"] == "assistant":
            kept = [b for b in last["content"] if b is not NO_TEXT]
            messages[-1] = {**last, "content": kept + turn["content"]}
        else:
            messages.append(turn)


def _cached(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy of the system blocks or messages, cache breakpoints on their last block.

    The API caches the whole prefix up to a breakpoint (tools, system, then messages) and
    looks for a shorter cached prefix up to 20 blocks back. One breakpoint on the system,
    one on the newest message and one on the user's turn before it (a turn of many tool
    results may be more than 20 blocks) make each turn of a tool loop read what the one
    before wrote: three of the four breakpoints a request may have.
    """
    if not items:
        return items
    if "role" not in items[-1]:  # system blocks
        return [*items[:-1], {**items[-1], "cache_control": CACHE}]
    marked = list(items)
    for at in (len(items) - 3, len(items) - 1):
        if at >= 0 and marked[at]["role"] == "user":
            marked[at] = _breakpoint(marked[at])
    return marked


def _breakpoint(message: dict[str, Any]) -> dict[str, Any]:
    content = message["content"]
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content)
    if not blocks:
        return message
    blocks[-1] = {**blocks[-1], "cache_control": CACHE}
    return {**message, "content": blocks}


def json_format(shape: type[BaseModel]) -> dict[str, Any]:
    """The `output_config.format` that asks for a JSON reply of `shape`."""
    from anthropic import transform_schema

    return {"type": "json_schema", "schema": transform_schema(shape)}


def _failure(error: Exception, model: str) -> ActorUnavailable:
    """What a failed request says, in one line: which failure, and what to do about it."""
    import anthropic

    if isinstance(error, anthropic.APITimeoutError):
        return ActorUnavailable("the model did not answer in time, even after retries")
    if isinstance(error, anthropic.APIConnectionError):
        return ActorUnavailable("cannot reach the model's service", hint="check the network")
    if isinstance(error, anthropic.APIResponseValidationError):
        return ActorUnavailable(MALFORMED, hint=MALFORMED_HINT)
    if not isinstance(error, anthropic.APIStatusError):
        return ActorUnavailable(f"the model's service failed: {_said(str(error))}")
    status, kind, said = error.status_code, *_service_error(error)
    code = f"{status} {kind}"
    if status == 400:
        return ActorUnavailable(f"the model's service refused the request ({code}): {said}")
    if status == 401:
        return ActorUnavailable(
            f"the model's service refused the key ({code}): {said}",
            hint="check ANTHROPIC_API_KEY",
        )
    if status == 403:
        return ActorUnavailable(
            f"the key may not do this ({code}): {said}",
            hint="check the key's workspace and permissions",
        )
    if status == 404:
        return ActorUnavailable(
            f"the model {model!r} was not found ({code}): {said}",
            hint="the models your key can use are listed by GET /v1/models; "
            "resume with --model NAME",
        )
    if status == 429:
        return ActorUnavailable(
            f"the model's service is rate limiting this key ({code}), even after retries"
        )
    return ActorUnavailable(
        f"the model's service answered {status} ({kind}), even after retries: {said}"
    )


def _service_error(error: Any) -> tuple[str, str]:
    """The error type and message the service gave with a status (its body's `error`)."""
    body = getattr(error, "body", None)
    found = body.get("error") if isinstance(body, dict) else None
    if isinstance(found, dict):
        return str(found.get("type") or "error"), _said(str(found.get("message") or ""))
    return "error", _said(str(getattr(error, "message", "") or error))


def _said(text: str) -> str:
    """Text the service said, on one line, not too long."""
    line = " ".join(text.split())
    return line if len(line) <= 300 else line[:297] + "..."


def warn_if_deprecated(model: str) -> None:
    """One line on stderr, once, for a model the SDK lists as deprecated (and not its own
    multi-line warning)."""
    warnings.filterwarnings("ignore", message=r"The model '.*' is deprecated")
    ends = claude_models.end_of_life(model)
    if ends is None or model in _warned:
        return
    _warned.add(model)
    sys.stderr.write(
        f"warning: the model {model} is deprecated and reaches its end of life on {ends}; "
        f"choose a current one with --model (the default is {DEFAULT_MODEL})\n"
    )
