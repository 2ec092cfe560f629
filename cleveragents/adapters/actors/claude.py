"""AnthropicActor: Claude as the actor, through the official SDK.

The one-shot duties (a plan, a distance, a drift verdict) ask for a JSON reply through
structured outputs, validated by pydantic; an invalid reply is sent back with the
validation error, twice at most. Refining a step is a short tool loop (tool_choice auto:
the newest models refuse a forced one): the model may read files and list folders,
proposes write/edit/delete/run actions, and ends with finish_step. Nothing is executed
here: the lifecycle takes the actions, with a checkpoint before each. The prompt is built
from the actor's context alone, so after a revert the model sees nothing of the
superseded branch.

Every request carries prompt-cache breakpoints (system and tools; the newest message),
so a tool loop pays full price only for what each turn adds. Every answer is counted, its
cache tokens too, and priced by exact model id. Every `stop_reason` is handled as what it
is: a reply cut at `max_tokens` is asked again once with the most room a request may
have, `pause_turn` goes on, `refusal` and a full context window stop the plan clearly.

What the exchange records of a duty's first message is its ask alone: the request the
recorder stores before it names the actor state asked with, and `prompt(context, ask)`
builds the same text again. Storing the prompt itself would store the whole context (a
long plan's steps and completed steps) once more at every request.
"""

from __future__ import annotations

import json
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from cleveragents.adapters.actors import claude_models
from cleveragents.adapters.actors import claude_replies as r
from cleveragents.adapters.actors.claude_models import DEFAULT_MODEL
from cleveragents.adapters.actors.claude_prompt import prompt
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import (
    Action,
    ActionOutcome,
    DeleteAction,
    EditAction,
    RunAction,
    WriteAction,
)
from cleveragents.domain.budget import Usage
from cleveragents.domain.plan import Check
from cleveragents.domain.strategy import (
    ActorContext,
    DistanceEstimate,
    DriftVerdict,
    StepAttempt,
    StepSpec,
    Strategy,
)
from cleveragents.errors import ActorUnavailable, BadInput, PathRefused

__all__ = ["DEFAULT_MODEL", "AnthropicActor", "api_key_present"]

# Room for a reply, in output tokens. A reply cut at its room is asked again, once, with the
# most a request may have without streaming (the SDK's bound: 10 minutes at its rate).
ONE_SHOT_ROOM = 4096
ACTION_ROOM = 8192
MOST_ROOM = 21_000
MAX_TURNS = 12
VALIDATION_RETRIES = 2
CACHE = {"type": "ephemeral"}

ACTION_TOOLS: dict[str, tuple[type[BaseModel], str]] = {
    "read_file": (r.ReadFile, "Read a text file of the working tree."),
    "list_files": (r.ListFiles, "List the files under a folder of the working tree."),
    "write_file": (r.WriteFile, "Propose writing a whole file."),
    "edit_file": (r.EditFile, "Propose replacing the first occurrence of a text in a file."),
    "delete_file": (r.DeleteFile, "Propose deleting a file."),
    "run_command": (r.RunCommand, "Propose running a shell command in the working tree."),
    "finish_step": (r.FinishStep, "End your proposal: the actions proposed so far are it."),
    "give_up": (r.GiveUp, "Say there is no other way to do this step."),
}

_warned: set[str] = set()  # deprecated models already warned of, in this process


def api_key_present() -> bool:
    return bool(os.environ.get("ANTHROPIC_API_KEY"))


class AnthropicActor:
    """Claude behind the Actor port. The key comes from ANTHROPIC_API_KEY and is never kept."""

    name = "anthropic"

    def __init__(
        self,
        model: str,
        root: Path,
        git_dir: Path,
        *,
        client: Any = None,
        max_retries: int = 2,
        timeout: float = 600.0,
        cache: bool = True,
    ) -> None:
        if client is None:
            if not api_key_present():
                raise BadInput(
                    "ANTHROPIC_API_KEY is not set",
                    hint="export it, or use the scripted actor with --script",
                )
            import anthropic

            # Both can be tuned from the environment (tests use a short timeout). The
            # default timeout is the SDK's own for a reply of MOST_ROOM tokens.
            client = anthropic.Anthropic(
                max_retries=int(os.environ.get("CLEVERAGENTS_MODEL_RETRIES", max_retries)),
                timeout=float(os.environ.get("CLEVERAGENTS_MODEL_TIMEOUT", timeout)),
            )
        self.client = client
        self.model = model
        self.cache = cache
        self.files = WorkspaceEnvironment(root, git_dir)
        self.spent = Usage()
        self.exchange: list[tuple[str, str]] = []  # this duty's requests and replies
        self._recorded = 0  # how many of the duty's messages the exchange holds
        # Set by the recorder: raises BudgetExhausted when a spending limit is reached.
        self.allowance: Callable[[Usage], None] | None = None
        _warn_if_deprecated(model)

    # the duties

    def strategize(self, context: ActorContext) -> Strategy:
        reply = self._one_shot(
            context,
            "propose_plan",
            r.PlanReply,
            "Propose the steps of the next segment of the plan.",
        )
        steps = [
            StepSpec(name=s.name, checks=[Check(run=c) for c in s.checks]) for s in reply.steps
        ]
        return Strategy(
            steps=steps,
            replan_after=reply.replan_after,
            rationale=reply.rationale,
            goal=[Check(run=c) for c in reply.goal],
        )

    def refine(self, context: ActorContext) -> StepAttempt | None:
        return self._actions(context, "Propose the actions of the current step.")

    def propose_local(self, context: ActorContext) -> StepAttempt | None:
        return self._actions(
            context,
            "Every option of the current step failed. Propose ONE "
            "small local action that brings the step closer to its goal.",
        )

    def propose_revert(self, context: ActorContext, action: str) -> StepAttempt | None:
        return self._actions(
            context,
            f"The local action {action} has effects no restore of "
            "files undoes. Propose actions that undo them, or give_up.",
        )

    def estimate_distance(
        self, context: ActorContext, checks: Sequence[ActionOutcome]
    ) -> DistanceEstimate:
        results = "\n".join(f"- {c.summary}: {c.output.strip()[-300:]}" for c in checks)
        reply = self._one_shot(
            context,
            "estimate_distance",
            r.DistanceReply,
            f"How close is the current step to its goal?\nChecks:\n{results}",
        )
        return DistanceEstimate(distance=reply.distance, reasoning=reply.reasoning)

    def assess_drift(self, context: ActorContext, similarity: float) -> DriftVerdict:
        reply = self._one_shot(
            context,
            "assess_drift",
            r.DriftReply,
            f"The working tree drifted from the one the plan was made on "
            f"(similarity {similarity:.2f}). Does the rest of the plan hold?",
        )
        return DriftVerdict(action=reply.action, reasoning=reply.reasoning)

    # talking to the model

    def _one_shot(self, context: ActorContext, name: str, shape: type[Any], ask: str) -> Any:
        """A JSON reply of `shape`, validated; an invalid one is sent back with the error.

        Models from before structured outputs are asked for it as a forced tool call.
        """
        messages = self._opening(context, ask)
        structured = claude_models.structured_outputs(self.model)
        for _ in range(VALIDATION_RETRIES + 1):
            if structured:
                reply = self._call(messages, ONE_SHOT_ROOM, output=_json_format(shape))
                text = "".join(b.text for b in reply.content if b.type == "text")
                try:
                    return shape.model_validate_json(text)
                except ValidationError as invalid:
                    said = [b for b in reply.content if b.type == "text"]
                    _continue(messages, _retry(said, None, _brief(invalid, tool=False)))
                continue
            spec = [_tool(name, shape, ask)]
            reply = self._call(
                messages, ONE_SHOT_ROOM, tools=spec, choice={"type": "tool", "name": name}
            )
            block = next(
                (b for b in reply.content if b.type == "tool_use" and b.name == name), None
            )
            if block is None:
                _continue(messages, _retry(reply.content, None, f"call the tool {name}"))
                continue
            try:
                return shape.model_validate(block.input)
            except ValidationError as invalid:
                _continue(messages, _retry([block], block.id, _brief(invalid)))
        raise ActorUnavailable(
            f"the model's reply to {name} was invalid {VALIDATION_RETRIES + 1} times"
        )

    def _actions(self, context: ActorContext, ask: str) -> StepAttempt | None:
        """The tool loop of a step: reads are answered, actions collected until finish_step."""
        messages = self._opening(context, ask)
        tools = [_tool(name, shape, text) for name, (shape, text) in ACTION_TOOLS.items()]
        actions: list[Action] = []
        reminded = False
        for _ in range(MAX_TURNS):
            reply = self._call(messages, ACTION_ROOM, tools=tools, choice={"type": "auto"})
            _continue(messages, [_assistant(reply.content)])
            uses = [b for b in reply.content if b.type == "tool_use"]
            if not uses:  # the model answered in words, without finish_step
                if actions:
                    return StepAttempt(option="proposal", actions=actions)
                if reminded:
                    return None
                reminded = True
                messages.append({"role": "user", "content": NO_TOOL_USED})
                continue
            results: list[dict[str, Any]] = []
            for block in uses:
                shape, _ = ACTION_TOOLS.get(block.name, (None, ""))
                try:
                    if shape is None:
                        raise ValueError(f"there is no tool {block.name}")
                    request = shape.model_validate(block.input)
                except (ValidationError, ValueError) as invalid:
                    results.append(_result(block.id, _brief(invalid), error=True))
                    continue
                if isinstance(request, r.FinishStep):
                    return StepAttempt(
                        option=request.option,
                        actions=actions,
                        rationale=request.rationale,
                        alternatives=request.alternatives,
                    )
                if isinstance(request, r.GiveUp):
                    return None
                results.append(_result(block.id, self._answer(request, actions)))
            messages.append({"role": "user", "content": results})
        raise ActorUnavailable(f"the model did not finish its proposal in {MAX_TURNS} turns")

    def _answer(self, request: BaseModel, actions: list[Action]) -> str:
        """Reads are done now, inside the tree; actions are queued for the lifecycle."""
        if isinstance(request, r.ReadFile):
            try:
                return self.files.resolve(request.path).read_text(errors="replace")[:20000]
            except (PathRefused, OSError) as error:
                return f"cannot read {request.path}: {getattr(error, 'message', error)}"
        if isinstance(request, r.ListFiles):
            return _listing(self.files, request.path)
        actions.append(_action(request))
        return "queued; it runs after finish_step, with a checkpoint before it"

    def _opening(self, context: ActorContext, ask: str) -> list[dict[str, Any]]:
        """A duty's first message; the exchange keeps its ask (see the module's docstring)."""
        self.exchange = [("user", json.dumps({"role": "user", "ask": ask}))]
        self._recorded = 1
        return [{"role": "user", "content": prompt(context, ask)}]

    def _call(
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
                _continue(messages, [_assistant(reply.content)])
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
        system: list[dict[str, Any]] = [{"type": "text", "text": SYSTEM}]
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
        self.exchange.append(("assistant", json.dumps([_plain(b) for b in reply.content])))
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
_NO_TEXT = {"type": "text", "text": "(no reply)"}
NO_TOOL_USED = (
    "Answer through the tools: propose the step's actions, then call finish_step; or call give_up."
)

SYSTEM = (
    "You are the actor of cleveragents, working on a git working tree through a plan. "
    "Answer only through the tools you are given, or with the JSON you are asked for. "
    "Paths are relative to the top of the working tree. Steps marked done must not be "
    "repeated. Follow the user's guidance."
)


def _tool(name: str, shape: type[BaseModel], text: str) -> dict[str, Any]:
    return {"name": name, "description": text, "input_schema": shape.model_json_schema()}


def _plain(block: Any) -> dict[str, Any]:
    if isinstance(block, dict):
        return block
    data: dict[str, Any] = block.model_dump(mode="json", exclude_none=True)
    return data


def _result(tool_use_id: str, content: str, error: bool = False) -> dict[str, Any]:
    result = {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}
    return {**result, "is_error": True} if error else result


def _assistant(content: Sequence[Any]) -> dict[str, Any]:
    """The model's turn as it is sent back; never empty, which the API refuses."""
    return {"role": "assistant", "content": [_plain(b) for b in content] or [_NO_TEXT]}


def _continue(messages: list[dict[str, Any]], turns: list[dict[str, Any]]) -> None:
    """Add `turns` to the conversation. The model's turn after a paused one continues it:
    one assistant message, as roles must alternate."""
    for turn in turns:
        last = messages[-1]
        if turn["role"] == last["role"] == "assistant":
            kept = [b for b in last["content"] if b is not _NO_TEXT]
            messages[-1] = {**last, "content": kept + turn["content"]}
        else:
            messages.append(turn)


def _retry(content: Sequence[Any], tool_use_id: str | None, error: str) -> list[dict[str, Any]]:
    said = _assistant(content)
    if tool_use_id is None:
        return [said, {"role": "user", "content": error}]
    return [said, {"role": "user", "content": [_result(tool_use_id, error, error=True)]}]


def _brief(error: Exception, tool: bool = True) -> str:
    again = "please call the tool again" if tool else "please answer again with valid JSON"
    return f"invalid input, {again}: {error}"[:2000]


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


def _json_format(shape: type[BaseModel]) -> dict[str, Any]:
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


def _warn_if_deprecated(model: str) -> None:
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


def _action(request: BaseModel) -> Action:
    if isinstance(request, r.WriteFile):
        return WriteAction(path=request.path, content=request.content)
    if isinstance(request, r.EditFile):
        return EditAction(path=request.path, find=request.find, replace=request.replace)
    if isinstance(request, r.DeleteFile):
        return DeleteAction(path=request.path)
    assert isinstance(request, r.RunCommand)
    return RunAction(
        command=request.command, timeout=request.timeout, irreversible=request.irreversible
    )


def _listing(files: WorkspaceEnvironment, folder: str) -> str:
    try:
        base = files.root if folder in ("", ".") else files.resolve(folder)
    except PathRefused as refused:
        return f"cannot list {folder}: {refused.message}"
    found = []
    for path in sorted(base.rglob("*")):
        rel = path.relative_to(files.root).as_posix()
        if rel == ".git" or rel.startswith(".git/") or not path.is_file():
            continue
        found.append(rel)
        if len(found) == 300:
            found.append("... more files not listed")
            break
    return "\n".join(found) or "(no files)"
