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

from typing import Any

from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.domain.command_saves import NOT_PUT_BACK, SessionStart
from cleveragents.domain.plan import Plan
from cleveragents.errors import ConflictingState

AFTER = "after Claude Code ended (a process it left running)"
BEFORE_HOOK = "before a project hook ran (what it runs, as the session found it)"
BLOCKING = 2  # a hook's exit code that hands what it printed to the model


class SessionPutBack:
    """The look before a session (`start`), put back before each project hook and at the
    end; what was put back before a hook is said at the end too, with the plan's outcome."""

    def __init__(self, r: PlanRecorder, start: SessionStart) -> None:
        self.r = r
        self.start = start
        self.before_hooks: list[str] = []

    def before_hook(self) -> dict[str, Any] | None:
        """Put back what differs from the look before a project hook runs in the box, so
        that it runs the project's scripts as they stood before the session, never a model's
        rewrite of them, which `--allow-command` never saw (attack 14 finding 16). When that
        cannot be done, the hook's answer: not run, blocking (the model reads why)."""
        try:
            put = self.r.checkpoints.session_end(self.start)
        except ConflictingState as left:
            said = f"cleveragents did not run this project hook: {left}\n"
            return {"output": said, "code": BLOCKING, "note": ""}
        if failed := [line for line in put if line.startswith(NOT_PUT_BACK)]:  # not run either
            self.before_hooks += put
            said = f"cleveragents did not run this project hook: {'; '.join(failed)}\n"
            return {"output": said, "code": BLOCKING, "note": ""}
        self.before_hooks += put  # put back, a file is as the look saw it: not said again
        return None

    def at_end(self) -> Plan:
        """Put back what differs from the look, saying so in the plan's outcome."""
        r = self.r
        put = r.checkpoints.session_end(self.start)
        if put:
            # The operation's end is the tree as it is left: what was put back is not the
            # user's change since (undo would list it as theirs, kept).
            r.fresh("after Claude Code ended")
        said = [(BEFORE_HOOK, self.before_hooks), (AFTER, put)]
        outcome = "; ".join([r.plan.outcome or "", *(f"{w}: {'; '.join(p)}" for w, p in said if p)])
        if outcome.lstrip("; ") != (r.plan.outcome or ""):
            r.save_plan(outcome=outcome.lstrip("; "))
        return r.plan
