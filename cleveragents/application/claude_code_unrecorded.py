"""What a run says when Claude Code made tool calls our hook never saw.

Such calls ran with no policy, no checkpoint and no decision (Claude Code's settings turned
its hooks off, or the hook could not run): the run is no success, whatever Claude Code says,
and the tree may hold changes nothing recorded. `agents plan undo` of the run still puts the
files back as they were before it, since it compares them with the checkpoint taken first.
"""

from __future__ import annotations

from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.domain.plan import Phase, PlanStatus


def fail_unrecorded(recorder: PlanRecorder, calls: list[str]) -> None:
    """The plan fails, naming the calls; the tree is read whole first, so the run's end
    (what `plan undo` compares with) holds what those calls changed."""
    recorder.fresh("after tool calls no hook of ours saw")
    recorder.save_plan(status=PlanStatus.FAILED, phase=Phase.DONE, outcome=unrecorded(calls))


def unrecorded(calls: list[str]) -> str:
    """The plan's outcome: how many calls went unrecorded, and what to do about them."""
    count = len(calls)
    made = "tool call" if count == 1 else "tool calls"
    return (
        f"{count} Claude Code {made} ran unrecorded (no hook of ours saw them: were its hooks "
        "turned off?); the working tree may hold changes no decision records: "
        "`agents plan undo` puts the files back as they were before the run"
    )
