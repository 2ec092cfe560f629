"""A later prompt of a recorded Claude Code session: where the user redirected it.

The first prompt is the plan's task; each one after it is a decision (a replan, `you
asked: ...`) below the calls before it, with the files as they were when it was typed and
the place in the session just before it. A correction of it is a correction like any
other: the files go back to that checkpoint and the session is forked just before the
prompt, the guidance given in its place; what Claude Code did after it is superseded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cleveragents.domain.decision import DecisionKind
from cleveragents.domain.plan import Phase
from cleveragents.domain.shown_text import visible
from cleveragents.domain.tool_calls import SUMMARY_WIDTH

if TYPE_CHECKING:
    from cleveragents.application.claude_code_run import ClaudeCodeRun

ASKED = "you asked: "


def asked_line(prompt: str) -> str:
    """The prompt as a decision's summary: one line, nothing a terminal acts on, cut."""
    line = ASKED + visible(" ".join(prompt.split()), one_line=True)
    return line if len(line) <= SUMMARY_WIDTH else line[: SUMMARY_WIDTH - 1] + "…"


def record_prompt(run: ClaudeCodeRun, event: dict[str, Any]) -> None:
    """The prompt as a decision below the newest one; later calls hang below it."""
    r, prompt = run.r, str(event.get("prompt") or "")
    assert run.line is not None  # the session's first decision is recorded before
    place = run.session.place_of(event)
    before = r.fresh("before your prompt")
    run.line = r.record(
        kind=DecisionKind.REPLAN,
        phase=Phase.STRATEGIZE,
        parent_id=run.line.id,
        step=run.todo.step,
        summary=asked_line(prompt),
        rationale=prompt,
        before=before,
        after=before,
        actor_state_before=run.state(
            {
                "before_uuid": place.before_uuid,
                "transcript_path": event.get("transcript_path"),
            }
        ),
        ok=True,
        outcome="Claude Code goes on with what you asked",
    )
