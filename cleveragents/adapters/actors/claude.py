"""AnthropicActor: Claude as the actor, through the official SDK.

The one-shot duties (a plan, a distance, a drift verdict) ask for a JSON reply through
structured outputs, validated by pydantic; an invalid reply is sent back with the
validation error, twice at most. Refining a step is a short tool loop (tool_choice auto:
the newest models refuse a forced one): the model may read files and list folders,
proposes write/edit/delete/run actions, and ends with finish_step. Nothing is executed
here: the lifecycle takes the actions, with a checkpoint before each. The prompt is built
from the actor's context alone, so after a revert the model sees nothing of the
superseded branch.

The wire (requests, prompt caching, usage, stop reasons, failures) is `claude_wire`;
prices and what each model accepts, `claude_models`; the prompt, `claude_prompt`.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from cleveragents.adapters.actors import claude_models
from cleveragents.adapters.actors import claude_replies as r
from cleveragents.adapters.actors.claude_models import DEFAULT_MODEL
from cleveragents.adapters.actors.claude_prompt import prompt
from cleveragents.adapters.actors.claude_wire import (
    ACTION_ROOM,
    MAX_TURNS,
    ONE_SHOT_ROOM,
    Wire,
    add_turns,
    assistant_turn,
    json_format,
)
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.adapters.workspace.file_reading import read_text
from cleveragents.domain.action import (
    Action,
    ActionOutcome,
    DeleteAction,
    EditAction,
    RunAction,
    WriteAction,
)
from cleveragents.domain.budget import Usage
from cleveragents.domain.strategy import (
    ActorContext,
    DistanceEstimate,
    DriftVerdict,
    StepAttempt,
    Strategy,
)
from cleveragents.errors import ActorUnavailable, BadInput, PathRefused

__all__ = ["DEFAULT_MODEL", "AnthropicActor", "api_key_present"]

VALIDATION_RETRIES = 2

ACTION_TOOLS: r.Tools = {
    "read_file": (r.ReadFile, "Read a text file of the working tree."),
    "list_files": (r.ListFiles, "List the files under a folder of the working tree."),
    "write_file": (r.WriteFile, "Propose writing a whole file."),
    "edit_file": (r.EditFile, "Propose replacing the first occurrence of a text in a file."),
    "delete_file": (r.DeleteFile, "Propose deleting a file."),
    "run_command": (r.RunCommand, "Propose running a shell command in the working tree."),
    **r.STEP_ENDINGS,
}


def api_key_present() -> bool:
    from cleveragents.adapters import held_secrets

    return held_secrets.value("ANTHROPIC_API_KEY") is not None


def _tuned(variable: str, default: float, *, whole: bool) -> float:
    """The number `variable` sets (`default` when unset): a whole number of retries, 0 or
    more, or a timeout of seconds above 0; anything else is bad input, not a crash."""
    given = os.environ.get(variable, "").strip()
    if not given:
        return default
    try:
        number = int(given) if whole else float(given)
    except ValueError:
        number = -1
    if not (0 <= number < math.inf) or (not whole and number == 0):
        from cleveragents.domain.shown_text import visible

        what = "a whole number, 0 or more" if whole else "a number of seconds above 0"
        raise BadInput(
            f"{variable} is '{visible(given, one_line=True)}', not {what}",
            hint=f"set it to {what}, or unset it",
        )
    return number


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
            # Both can be tuned from the environment (tests use a short timeout). The
            # default timeout is the SDK's own for a reply of MOST_ROOM tokens.
            retries = int(_tuned("CLEVERAGENTS_MODEL_RETRIES", max_retries, whole=True))
            timeout = _tuned("CLEVERAGENTS_MODEL_TIMEOUT", timeout, whole=False)
            import anthropic  # after the checks: a bad setting is refused without the SDK

            from cleveragents.adapters.held_secrets import value

            # One credential: the SDK refuses a key and a token given together.
            key = value("ANTHROPIC_API_KEY")
            given = {"api_key": key} if key else {"auth_token": value("ANTHROPIC_AUTH_TOKEN")}
            client = anthropic.Anthropic(max_retries=retries, timeout=timeout, **given)
        self.model = model
        self.wire = Wire(client, model, cache)
        self.files = WorkspaceEnvironment(root, git_dir)

    # what the recorder reads and sets: the wire's

    @property
    def client(self) -> Any:
        return self.wire.client

    @client.setter
    def client(self, client: Any) -> None:
        self.wire.client = client

    @property
    def spent(self) -> Usage:
        return self.wire.spent

    @property
    def exchange(self) -> list[tuple[str, str]]:
        return self.wire.exchange

    @property
    def allowance(self) -> Callable[[Usage], None] | None:
        return self.wire.allowance

    @allowance.setter
    def allowance(self, check: Callable[[Usage], None] | None) -> None:
        self.wire.allowance = check

    # the duties

    def strategize(self, context: ActorContext) -> Strategy:
        ask = "Propose the steps of the next segment of the plan."
        reply: r.PlanReply = self._one_shot(context, "propose_plan", r.PlanReply, ask)
        return reply.strategy()

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
        ask = self._drift_question(similarity)
        reply: r.DriftReply = self._one_shot(context, "assess_drift", r.DriftReply, ask)
        return DriftVerdict(action=reply.action, reasoning=reply.reasoning)

    def _drift_question(self, similarity: float) -> str:
        return (
            f"The working tree drifted from the one the plan was made on "
            f"(similarity {similarity:.2f}). Does the rest of the plan hold?"
        )

    # talking to the model

    def _one_shot(self, context: ActorContext, name: str, shape: type[Any], ask: str) -> Any:
        """A JSON reply of `shape`, validated; an invalid one is sent back with the error.

        Models from before structured outputs are asked for it as a forced tool call.
        """
        messages = self._opening(context, ask)
        structured = claude_models.structured_outputs(self.model)
        for _ in range(VALIDATION_RETRIES + 1):
            if structured:
                reply = self.wire.call(messages, ONE_SHOT_ROOM, output=json_format(shape))
                text = "".join(b.text for b in reply.content if b.type == "text")
                try:
                    return shape.model_validate_json(text)
                except ValidationError as invalid:
                    said = [b for b in reply.content if b.type == "text"]
                    add_turns(messages, _retry(said, None, _brief(invalid, tool=False)))
                continue
            spec = [r.tool(name, shape, ask)]
            reply = self.wire.call(
                messages, ONE_SHOT_ROOM, tools=spec, choice={"type": "tool", "name": name}
            )
            block = next(
                (b for b in reply.content if b.type == "tool_use" and b.name == name), None
            )
            if block is None:
                add_turns(messages, _retry(reply.content, None, f"call the tool {name}"))
                continue
            try:
                return shape.model_validate(block.input)
            except ValidationError as invalid:
                add_turns(messages, _retry([block], block.id, _brief(invalid)))
        raise ActorUnavailable(
            f"the model's reply to {name} was invalid {VALIDATION_RETRIES + 1} times"
        )

    def _actions(self, context: ActorContext, ask: str) -> StepAttempt | None:
        """The tool loop of a step: reads are answered, actions collected until finish_step."""
        messages = self._opening(context, ask)
        offered = self.action_tools()
        tools = [r.tool(name, shape, text) for name, (shape, text) in offered.items()]
        actions: list[Action] = []
        reminded = False
        for _ in range(MAX_TURNS):
            reply = self.wire.call(messages, ACTION_ROOM, tools=tools, choice={"type": "auto"})
            add_turns(messages, [assistant_turn(reply.content)])
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
                shape, _ = offered.get(block.name, (None, ""))
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

    def action_tools(self) -> r.Tools:
        """The tools of a step's tool loop, by name: each one's input shape and purpose."""
        return ACTION_TOOLS

    def _answer(self, request: BaseModel, actions: list[Action]) -> str:
        """Reads are done now, inside the tree; actions are queued for the lifecycle."""
        if isinstance(request, r.ReadFile):
            try:
                return read_text(self.files.resolve(request.path))
            except (PathRefused, OSError) as error:
                return f"cannot read {request.path}: {getattr(error, 'message', error)}"
        if isinstance(request, r.ListFiles):
            return _listing(self.files, request.path)
        actions.append(_action(request))
        return r.QUEUED

    def _opening(self, context: ActorContext, ask: str) -> list[dict[str, Any]]:
        return self.wire.opening(ask, prompt(context, ask))


NO_TOOL_USED = (
    "Answer through the tools: propose the step's actions, then call finish_step; or call give_up."
)


def _result(tool_use_id: str, content: str, error: bool = False) -> dict[str, Any]:
    result = {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}
    return {**result, "is_error": True} if error else result


def _retry(content: Sequence[Any], tool_use_id: str | None, error: str) -> list[dict[str, Any]]:
    said = assistant_turn(content)
    if tool_use_id is None:
        return [said, {"role": "user", "content": error}]
    return [said, {"role": "user", "content": [_result(tool_use_id, error, error=True)]}]


def _brief(error: Exception, tool: bool = True) -> str:
    again = "please call the tool again" if tool else "please answer again with valid JSON"
    return f"invalid input, {again}: {error}"[:2000]


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
