"""The last look of a Claude Code run: what its session left in what Claude Code runs.

A Bash call's put-back (`claude_code_run.py`) comes before a child it left running is done:
`( sleep 15; cp x .mcp.json ) &`, or Bash's `run_in_background`. The session's process
group is ended when Claude Code exits (`adapters/actors/claude_code/session.py`); then the
`.claude` settings, `.mcp.json` files and `.git/hooks` are compared with how they stood
before the session's first call, and what differs is put back or removed, named in the
plan's outcome. Claude Code's own calls never legitimately change them: its Write and Edit
of a setting are refused (`domain/tool_effects.py`), its Bash is put back after each call.
"""

from __future__ import annotations

from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.domain.command_saves import SessionStart
from cleveragents.domain.plan import Plan

AFTER = "after Claude Code ended (a process it left running)"


def put_back_at_end(r: PlanRecorder, start: SessionStart) -> Plan:
    """Put back what differs from `start`, saying so in the plan's outcome."""
    put = r.checkpoints.session_end(start)
    if put:
        # The operation's end is the tree as it is left: what was put back is not the
        # user's change since (undo would list it as theirs, kept).
        r.fresh("after Claude Code ended")
        said = "; ".join(put)
        r.save_plan(outcome=f"{r.plan.outcome or ''}; {AFTER}: {said}".lstrip("; "))
    return r.plan
