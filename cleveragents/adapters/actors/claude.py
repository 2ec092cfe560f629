"""AnthropicActor: Claude as the actor, through the official SDK with tool use.

Every duty is one forced tool call whose input is validated by pydantic; an invalid
reply is sent back with the validation error, twice at most. Refining a step is a short
tool loop: the model may read files and list folders, proposes write/edit/delete/run
actions, and ends with finish_step. Nothing is executed here: the lifecycle takes the
actions, with a checkpoint before each. The prompt is built from the actor's context
alone, so after a revert the model sees nothing of the superseded branch.

What the exchange records of a duty's first message is its ask alone: the request the
recorder stores before it names the actor state asked with, and `prompt(context, ask)`
builds the same text again. Storing the prompt itself would store the whole context (a
long plan's steps and completed steps) once more at every request.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from cleveragents.adapters.actors import claude_replies as r
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

DEFAULT_MODEL = "claude-sonnet-4-5"
MAX_TOKENS = 4096
MAX_TURNS = 12
VALIDATION_RETRIES = 2
# US dollars per million input and output tokens, for the cost shown by `plan show`.
PRICES = {"claude-opus": (15.0, 75.0), "claude-sonnet": (3.0, 15.0), "claude-haiku": (1.0, 5.0)}

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
        timeout: float = 120.0,
    ) -> None:
        if client is None:
            if not api_key_present():
                raise BadInput(
                    "ANTHROPIC_API_KEY is not set",
                    hint="export it, or use the scripted actor with --script",
                )
            import anthropic

            # Both can be tuned from the environment (tests use a short timeout).
            client = anthropic.Anthropic(
                max_retries=int(os.environ.get("CLEVERAGENTS_MODEL_RETRIES", max_retries)),
                timeout=float(os.environ.get("CLEVERAGENTS_MODEL_TIMEOUT", timeout)),
            )
        self.client = client
        self.model = model
        self.files = WorkspaceEnvironment(root, git_dir)
        self.spent = Usage()
        self.exchange: list[tuple[str, str]] = []  # this duty's requests and replies

    # the duties

    def strategize(self, context: ActorContext) -> Strategy:
        reply = self._forced(
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
        reply = self._forced(
            context,
            "estimate_distance",
            r.DistanceReply,
            f"How close is the current step to its goal?\nChecks:\n{results}",
        )
        return DistanceEstimate(distance=reply.distance, reasoning=reply.reasoning)

    def assess_drift(self, context: ActorContext, similarity: float) -> DriftVerdict:
        reply = self._forced(
            context,
            "assess_drift",
            r.DriftReply,
            f"The working tree drifted from the one the plan was made on "
            f"(similarity {similarity:.2f}). Does the rest of the plan hold?",
        )
        return DriftVerdict(action=reply.action, reasoning=reply.reasoning)

    # talking to the model

    def _forced(self, context: ActorContext, tool: str, shape: type[Any], ask: str) -> Any:
        """One tool the model must call; its input validated, retried with the error."""
        messages = self._opening(context, ask)
        spec = [_tool(tool, shape, ask)]
        for _ in range(VALIDATION_RETRIES + 1):
            reply = self._call(messages, spec, {"type": "tool", "name": tool})
            block = next(
                (b for b in reply.content if b.type == "tool_use" and b.name == tool), None
            )
            if block is None:
                error, content = f"call the tool {tool}", reply.content
            else:
                try:
                    return shape.model_validate(block.input)
                except ValidationError as invalid:
                    error, content = _brief(invalid), [block]
            messages += _retry(content, block.id if block else None, error)
        raise ActorUnavailable(
            f"the model's reply to {tool} was invalid {VALIDATION_RETRIES + 1} times"
        )

    def _actions(self, context: ActorContext, ask: str) -> StepAttempt | None:
        """The tool loop of a step: reads are answered, actions collected until finish_step."""
        messages = self._opening(context, ask)
        tools = [_tool(name, shape, text) for name, (shape, text) in ACTION_TOOLS.items()]
        actions: list[Action] = []
        for _ in range(MAX_TURNS):
            reply = self._call(messages, tools, {"type": "any"})
            messages.append({"role": "assistant", "content": [_plain(b) for b in reply.content]})
            results: list[dict[str, Any]] = []
            for block in (b for b in reply.content if b.type == "tool_use"):
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
                answer = self._answer(request, actions)
                results.append(_result(block.id, answer))
            if not results:  # the model stopped talking without finish_step
                return StepAttempt(option="proposal", actions=actions) if actions else None
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
        return [{"role": "user", "content": prompt(context, ask)}]

    def _call(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], choice: dict[str, Any]
    ) -> Any:
        import anthropic

        body = {
            "model": self.model,
            "max_tokens": MAX_TOKENS,
            "system": SYSTEM,
            "messages": messages,
            "tools": tools,
            "tool_choice": choice,
        }
        if len(messages) > 1:  # the opening one is recorded by `_opening`
            self.exchange.append(("user", json.dumps(messages[-1], default=str)))
        try:
            reply = self.client.messages.create(**body)
        except anthropic.APITimeoutError as error:
            raise ActorUnavailable(
                "the model did not answer in time, even after retries",
                hint="`agents plan resume` continues the plan",
            ) from error
        except anthropic.APIStatusError as error:
            raise ActorUnavailable(
                f"the model's service answered {error.status_code} ({_kind(error)}), "
                "even after retries",
                hint="`agents plan resume` continues the plan later",
            ) from error
        except anthropic.APIConnectionError as error:
            raise ActorUnavailable(
                "cannot reach the model's service",
                hint="check the network, then `agents plan resume`",
            ) from error
        self._count(reply)
        self.exchange.append(("assistant", json.dumps([_plain(b) for b in reply.content])))
        return reply

    def _count(self, reply: Any) -> None:
        used_in, used_out = reply.usage.input_tokens, reply.usage.output_tokens
        price = next((p for k, p in PRICES.items() if self.model.startswith(k)), None)
        cost = (used_in * price[0] + used_out * price[1]) / 1e6 if price else 0.0
        self.spent = self.spent.model_copy(
            update={
                "api_calls": self.spent.api_calls + 1,
                "input_tokens": self.spent.input_tokens + used_in,
                "output_tokens": self.spent.output_tokens + used_out,
                "cost_usd": round(self.spent.cost_usd + cost, 6),
            }
        )


SYSTEM = (
    "You are the actor of cleveragents, working on a git working tree through a plan. "
    "Answer only through the tools you are given. Paths are relative to the top of the "
    "working tree. Steps marked done must not be repeated. Follow the user's guidance."
)


def _tool(name: str, shape: type[BaseModel], text: str) -> dict[str, Any]:
    return {"name": name, "description": text, "input_schema": shape.model_json_schema()}


def _plain(block: Any) -> dict[str, Any]:
    data: dict[str, Any] = block.model_dump(mode="json", exclude_none=True)
    return data


def _result(tool_use_id: str, content: str, error: bool = False) -> dict[str, Any]:
    result = {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}
    return {**result, "is_error": True} if error else result


def _retry(content: Sequence[Any], tool_use_id: str | None, error: str) -> list[dict[str, Any]]:
    said = {"role": "assistant", "content": [_plain(b) for b in content]}
    if tool_use_id is None:
        return [said, {"role": "user", "content": error}]
    return [said, {"role": "user", "content": [_result(tool_use_id, error, error=True)]}]


def _brief(error: Exception) -> str:
    return f"invalid input, please call the tool again: {error}"[:2000]


def _kind(error: Any) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        return str(body.get("error", {}).get("type", "error"))
    return "error"


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
