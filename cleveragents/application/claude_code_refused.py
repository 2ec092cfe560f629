"""Tool calls Claude Code's own permissions refused: recorded as refused, with its reason.

A call the user's Claude Code settings deny (a deny rule, a command it would have to ask
about with no one to ask) never runs. Our PreToolUse hook may have seen it first and let it
through, so its decision waits for a PostToolUse that never comes; or Claude Code refused it
before any hook (a path a deny rule names), so no decision holds it. Claude Code's result
lists both (`permission_denials`), and its stream says why: each becomes a decision refused
with those words, never one left unfinished, nor one taken for a call that ran unrecorded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cleveragents.domain.decision import DecisionKind
from cleveragents.domain.plan import Phase
from cleveragents.domain.tool_calls import REFUSED, RefusedCall, tool_summary

if TYPE_CHECKING:
    from cleveragents.application.claude_code_run import ClaudeCodeRun


def record_refused(run: ClaudeCodeRun, refused: Mapping[str, RefusedCall]) -> None:
    """Close the open decision of each call Claude Code refused, or record one where our
    hook never saw the call, as refused with Claude Code's reason."""
    for call, (tool, tool_input, reason) in refused.items():
        outcome = f"{REFUSED}: {reason}"
        decision = run.open.pop(call, None)
        if decision is not None:
            run.put_back(call)  # a Bash call's look: it ran nothing, so nothing to put back
            run._done(decision, call, None, False, outcome)
        elif call not in run.seen and run.line is not None:
            run.line = run.r.record(
                kind=DecisionKind.ACTION,
                phase=Phase.EXECUTE,
                parent_id=run.line.id,
                summary=tool_summary(tool, tool_input, run.root),
                rationale="",
                action={"type": "tool", "tool": tool, "input": tool_input, "tool_use_id": call},
                before=None,
                actor_state_before=run.state({"tool_use_id": call}),
                ok=False,
                outcome=outcome,
            )
