"""SessionRecording: a Claude Code session the user runs, recorded by its installed hooks.

No `agents` command runs: each hook event is one short process that takes the working
tree's lock, records, and lets go. The session is a plan (found by its session id, made
on its first event, its task the first prompt); each tool call a decision below the one
before, with a checkpoint before a call that may change files, as in a headless run. The
user's session is never held up for long: the lock is waited for a moment only, and
Claude Code's own permissions decide every call, unless the install asked for our
command policy (`--enforce-policy`): then a command it refuses is denied. What a Bash call
does to a `.git`, a `.claude` setting or a `.mcp.json` is put back after it, as in a
headless run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from cleveragents.application.claude_code_held import UNKEPT, held_across
from cleveragents.application.claude_code_prompts import record_prompt
from cleveragents.application.claude_code_run import ClaudeCodeRun
from cleveragents.application.claude_code_service import KIND, ClaudeCodeService
from cleveragents.domain.budget import Budget
from cleveragents.domain.plan import ActorSpec, Phase, Plan, PlanStatus
from cleveragents.domain.tree import active
from cleveragents.errors import ConflictingState

LOCK_SECONDS = 2.0  # how long a hook waits for another command's lock before giving up
RECORDED = "recorded by the hooks `agents hooks install claude-code` installed"
NEVER_RAN = "no result: refused by Claude Code's permissions, or interrupted"
T = TypeVar("T")


class SessionRecording:
    """Record hook events of the user's own sessions into plans of this repository."""

    def __init__(
        self,
        claude_code: ClaudeCodeService,
        version_of: Callable[[str | None], str | None],
        enforce: bool = False,
        allow: list[str] | None = None,
    ) -> None:
        self.claude_code = claude_code
        self.life = claude_code.lifecycle
        self.version_of = version_of  # the version that wrote a session file
        self.enforce = enforce
        self.allow = allow or []

    def record(self, event: dict[str, Any]) -> dict[str, Any]:
        """One hook event in, the hook's output back (empty: Claude Code decides)."""
        session, name = event.get("session_id"), event.get("hook_event_name")
        if not isinstance(session, str) or not session:
            return {}
        plan = self.find(session)
        if plan is None:
            if name == "SessionEnd":
                return {}
            return _waiting(lambda: self._first(session, event))
        found = plan
        return _waiting(lambda: self._next(found, event))

    def find(self, session: str) -> Plan | None:
        """The plan of the session: the one whose Claude Code session it is now."""
        for plan in self.life.store.plans():
            if plan.actor.kind == KIND and plan.actor.session == session:
                return plan
        return None

    def _first(self, session: str, event: dict[str, Any]) -> dict[str, Any]:
        """Make the session's plan, as one operation on plan state only (`agents plan ops`
        lists it; files are never put back by it, even were the hook killed half way)."""
        prompt = str(event.get("prompt") or "").strip()
        task = prompt or f"Claude Code session {session}"
        spec = ActorSpec(
            kind=KIND, version=self.version_of(event.get("transcript_path")), session=session
        )
        plan = self.life.new(task, [], spec, Budget())
        configured = self.claude_code.configured()
        plan = plan.model_copy(update={"allow_commands": [*self.allow, *configured]})
        operations = self.life.operations
        with operations.operation(plan, "record", _command(session), files=False, new=True) as op:
            op.summary = f"recorded plan {plan.id}"
            run = self._run(self.life.store.plan(plan.id))
            run.begin(f"Claude Code works with you on the task; {RECORDED}")
            return self._event(run, {**event, "first": True})

    def _next(self, plan: Plan, event: dict[str, Any]) -> dict[str, Any]:
        with self.life.operations.locks.hold(plan.id, _command(str(plan.actor.session))):
            self.life.checkpoints.clear_stale_locks(plan.id)  # a hook killed mid-checkpoint
            run = self._run(self.life.store.plan(plan.id))
            return self._event(run, event)

    def _run(self, plan: Plan) -> ClaudeCodeRun:
        run = self.claude_code.session_run(plan, UNKEPT)
        run.budgeted = False
        run.policed = self.enforce
        run.box = None  # Claude Code asks as usual: its Bash runs as you let it
        run.line = max(active(run.r.decisions), key=lambda d: d.seq, default=None)
        return run

    def _event(self, run: ClaudeCodeRun, event: dict[str, Any]) -> dict[str, Any]:
        # Each hook event is a process of its own: the look before a Bash call is held on
        # disk for the put-back after it (`claude_code_held.py`).
        with held_across(run, str(event.get("tool_use_id"))):
            return self._recorded(run, event)

    def _recorded(self, run: ClaudeCodeRun, event: dict[str, Any]) -> dict[str, Any]:
        name, r = event.get("hook_event_name"), run.r
        call = str(event.get("tool_use_id"))
        mine = [d for d in r.decisions if (d.action or {}).get("tool_use_id") == call]
        if name == "PreToolUse" and not mine:  # a second install's hook records it once
            if r.plan.actor.version is None:
                version = self.version_of(event.get("transcript_path"))
                r.save_plan(actor=r.plan.actor.model_copy(update={"version": version}))
            if r.plan.status is not PlanStatus.EXECUTING:
                r.save_plan(status=PlanStatus.EXECUTING, phase=Phase.EXECUTE, outcome=None)
            if run.line is None:  # `agents plan undo` forgot the recording: start again
                run.begin(f"Claude Code goes on with you after an undo; {RECORDED}")
            answer = run.before_call(event)
            decided = answer.get("hookSpecificOutput", {}).get("permissionDecision")
            return answer if decided == "deny" else {}  # allowed: Claude Code asks as usual
        if name == "PostToolUse" and mine and mine[-1].outcome is None:
            run.open[call] = mine[-1]
            run.after_call(event)
        elif name in ("UserPromptSubmit", "SessionEnd"):  # the calls before it are over
            _never_ran(run)
        if name == "UserPromptSubmit" and not event.get("first") and run.line is not None:
            record_prompt(run, event)  # the first prompt is the plan's task
        if name == "SessionEnd":
            said = str(event.get("reason") or "")
            r.save_plan(
                status=PlanStatus.COMPLETED,
                phase=Phase.DONE,
                outcome=f"the Claude Code session ended{f' ({said})' if said else ''}",
            )
        return {}


def _never_ran(run: ClaudeCodeRun) -> None:
    """Calls with no result when their turn is over: Claude Code's permissions refused
    them (no PostToolUse comes then), or the user interrupted them."""
    for decision in active(run.r.decisions):
        action = decision.action or {}
        if action.get("type") == "tool" and decision.outcome is None and decision.ok is None:
            run.r.update(decision, None, ok=False, outcome=NEVER_RAN)


def _command(session: str) -> str:
    return f"claude (session {session}, recorded by its hooks)"


def _waiting(attempt: Callable[[], T]) -> T:
    """`attempt`, tried again while another command holds the lock, for a moment only."""
    deadline = time.monotonic() + LOCK_SECONDS
    while True:
        try:
            return attempt()
        except ConflictingState:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.05)
