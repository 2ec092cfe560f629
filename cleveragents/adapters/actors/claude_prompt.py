"""The prompt Claude is given: built from the actor's context alone (seeds 002, 004)."""

from __future__ import annotations

from cleveragents.domain.strategy import ActorContext

SYSTEM = (
    "You are the actor of cleveragents, working on a git working tree through a plan. "
    "Answer only through the tools you are given, or with the JSON you are asked for. "
    "Paths are relative to the top of the working tree. Steps marked done must not be "
    "repeated. Follow the user's guidance."
)


def prompt(context: ActorContext, ask: str) -> str:
    """What the model is told: the task, the plan, what is done, guidance, and the ask."""
    lines = [f"Task: {context.task}"]
    if context.guidance:
        lines += ["", "Guidance from the user (follow it):", *[f"- {g}" for g in context.guidance]]
    if context.completed_steps:
        lines += [
            "",
            "Completed steps (already done, DO NOT REPEAT):",
            *[f"- {s}" for s in context.completed_steps],
        ]
    if context.steps:
        lines += ["", "Current plan:", *[f"{i + 1}. {s.name}" for i, s in enumerate(context.steps)]]
    current = _current(context) if context.step_index is not None else ""
    if current:
        lines += ["", f"Current step: {current}"]
    if context.tried_options:
        lines += ["", "Options already tried for this step: " + ", ".join(context.tried_options)]
    if context.last_failure:
        lines += ["", "The last attempt failed:", context.last_failure[-2000:]]
    elif context.completed_steps:
        lines += ["", "The previous step succeeded; the goal is not yet met."]
    if context.earlier_actions:
        lines += ["", f"({context.earlier_actions} earlier actions are summarised away.)"]
    if context.recent_actions:
        lines += ["", "Recent actions:", *[f"- {a}" for a in context.recent_actions]]
    if context.notes:
        lines += ["", "Notes:", *[f"- {n}" for n in context.notes[-10:]]]
    if context.outputs:
        lines += [
            "",
            "Outputs so far:",
            *[f"- {k} = {v[:200]}" for k, v in context.outputs.items()],
        ]
    lines += ["", ask]
    return "\n".join(lines)


def _current(context: ActorContext) -> str:
    """The step being worked on; none once it is done (a replan after it, say)."""
    assert context.step_index is not None
    if context.step_index < len(context.completed_steps):
        return ""
    offset = context.step_index - context.segment_start
    if 0 <= offset < len(context.steps):
        step = context.steps[offset]
        checks = "; ".join(c.describe() for c in step.checks)
        return step.name + (f" (done when these pass: {checks})" if checks else "")
    return ""
