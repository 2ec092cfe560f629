"""The end of a Claude Code session: the calls it never finished, its usage, the plan's
status (completed, stopped and resumable, or failed) from Claude Code's result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cleveragents.application.claude_code_refused import record_refused
from cleveragents.application.claude_code_unrecorded import fail_unrecorded
from cleveragents.domain.plan import Phase, Plan, PlanStatus
from cleveragents.domain.session_ends import (
    failure_text,
    hook_stop,
    service_failed,
    session_usage,
)

if TYPE_CHECKING:
    from cleveragents.application.claude_code_run import ClaudeCodeRun, SessionEnd


def finish(run: ClaudeCodeRun, end: SessionEnd) -> Plan:
    """Record how the session ended in the plan, its unfinished calls closed first."""
    refused = end.refused()
    record_refused(run, refused)
    run.unfinished()
    r, result = run.r, end.result or {}
    r.save_plan(usage=r.plan.usage.plus(session_usage(result)))
    if missed := end.unseen(run.seen):
        fail_unrecorded(r, missed)
    elif run.stopped is not None:
        r.save_plan(
            status=PlanStatus.STOPPED,
            exhausted=run.stopped,
            outcome=f"stopped: {run.stopped}",
        )
    elif result.get("subtype") == "error_max_budget_usd":
        spent = f"the dollar budget (${r.plan.budget.usd:g}) is spent"
        r.save_plan(status=PlanStatus.STOPPED, exhausted=spent, outcome=f"stopped: {spent}")
    elif cut := hook_stop(result, [call.reason for call in refused.values()]):
        r.save_plan(status=PlanStatus.STOPPED, outcome=f"stopped: {cut}")  # resumable
    elif held := held_back(run):  # the model went on without them: resumable once let go
        r.save_plan(status=PlanStatus.STOPPED, outcome=f"stopped: {held}")
    elif result.get("subtype") == "success" and not result.get("is_error"):
        said = " ".join(str(result.get("result") or "").split())[:200]
        r.save_plan(
            status=PlanStatus.COMPLETED,
            phase=Phase.DONE,
            outcome=f"Claude Code finished: {said or 'no summary'}",
        )
    elif service_failed(end.result):  # `agents plan resume` goes on in the session
        failed = failure_text(end.result, end.stderr, end.returncode)
        r.save_plan(status=PlanStatus.STOPPED, outcome=f"stopped: {failed}")
    else:
        r.save_plan(
            status=PlanStatus.FAILED,
            phase=Phase.DONE,
            outcome=failure_text(end.result, end.stderr, end.returncode),
        )
    return r.plan


def held_back(run: ClaudeCodeRun) -> str | None:
    """What the run's end says of the model's commands a hook of the user's held on the host
    (attack 17 finding 2: the plan said "completed", exit 0): how many, and the last why."""
    held = run.box.held_back if run.box is not None else []
    if not held:
        return None
    many = "1 command" if len(held) == 1 else f"{len(held)} commands"
    return f"{many} (Bash calls of the model, project hooks) did not run: {held[-1]}"
