"""ClaudeCodeRun: Claude Code works on the task; each of its tool calls is a decision.

Claude Code runs its own loop; this service answers its hook events. Before a call that may
change files it takes a checkpoint and records the decision (the actor state names the
session and the message before the call, where a correction will fork it); a Bash command
goes through the plan's command policy first and is denied, with the reason, when the
policy refuses it. After the call, the decision gets its outcome and a checkpoint after.

The decisions form one line, each below the one before: a correction of one supersedes
exactly what came after it.

An allowed Bash command runs in our sandbox, as our own actor's do (`claude_code_box.py`:
the hook's `updatedInput` gives Claude Code's Bash a launcher in its place). Each Bash call
still gets the same look as our own commands (`CheckpointStore.before_command`) when it is
allowed, and the same put-back after it (`after_command`): a `.git` or a `.claude` setting
it made, changed or moved is put back or removed, and its outcome names it. A call whose
PostToolUse never comes (refused by Claude Code, failed, cut off) is put back at the next
hook event of another call, which means it is over (Claude Code runs a command it does not
judge read-only alone), and at the session's end. A project hook runs in the box after what
the session changed in what Claude Code runs is put back (`claude_code_end.py`).
"""

from __future__ import annotations

import contextlib
import os.path
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from cleveragents.application.claude_code_box import BACKGROUND, ISOLATED, CommandBox
from cleveragents.application.claude_code_calls import NO_RESULT, CallEnds
from cleveragents.application.claude_code_end import SessionPutBack
from cleveragents.application.claude_code_finish import finish
from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.budget import calls_left
from cleveragents.domain.checkpoint import SavedFiles
from cleveragents.domain.command_saves import CommandLook
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.hook_answers import BOX_EVENT, HOST_EVENT, SHELL_EVENT, allow, deny
from cleveragents.domain.plan import Phase, Plan, PlanStatus
from cleveragents.domain.task_list import TaskList
from cleveragents.domain.text_rules import surrogates_written
from cleveragents.domain.tool_calls import RefusedCall, changes_files, tool_summary, written_path
from cleveragents.domain.tool_effects import command_refusal, outside_effects, setting_written
from cleveragents.domain.tree import active
from cleveragents.errors import interrupted_by
from cleveragents.ports import Environment


class ToolCallPlace(Protocol):
    @property
    def message_uuid(self) -> str | None: ...
    @property
    def before_uuid(self) -> str | None: ...
    @property
    def rationale(self) -> str: ...


class SessionEnd(Protocol):
    @property
    def result(self) -> dict[str, Any] | None: ...
    @property
    def returncode(self) -> int: ...
    @property
    def stderr(self) -> str: ...
    def unseen(self, seen: set[str]) -> list[str]: ...
    def refused(self) -> Mapping[str, RefusedCall]: ...


@dataclass(frozen=True)
class Fork:
    """A correction's session: a new one copied from the old, cut after the message `at`
    (the one just before the target's call); `seen` adopts the new session's id."""

    at: str | None
    seen: Callable[[str], None]


class CodingSession(Protocol):
    """Claude Code, headless (`adapters/actors/claude_code/session.py`)."""

    def place_of(self, event: dict[str, Any]) -> ToolCallPlace: ...
    def boxed_command(self, handle: str) -> str: ...
    def bash_rules(self) -> tuple[list[str], list[str]]: ...
    def known(self, session_id: str) -> bool: ...
    def run(
        self,
        task: str,
        session_id: str,
        model: str | None,
        usd: float | None,
        answer: Callable[[dict[str, Any]], dict[str, Any]],
        resume: bool = False,
        fork: Fork | None = None,
    ) -> SessionEnd: ...


# What a resumed session is told: it goes on where it stopped (a budget, an interrupt).
GO_ON = "Go on with the task where you stopped."
__all__ = ["NO_RESULT", "ClaudeCodeRun"]


class ClaudeCodeRun(CallEnds):
    """One run of Claude Code on a new plan, recorded by `recorder`."""

    def __init__(
        self, recorder: PlanRecorder, environment: Environment, session: CodingSession, root: str
    ) -> None:
        self.r = recorder
        self.environment = environment
        self.session = session
        self.root = root
        self.session_id = recorder.plan.actor.session or str(uuid.uuid4())
        self.line: Decision | None = None  # the newest decision: the next hangs below it
        self.open: dict[str, Decision] = {}  # decisions whose call has not finished, by id
        self.stopped: str | None = None  # a budget ran out: every later call is denied
        self.seen: set[str] = set()  # the calls our PreToolUse hook saw
        # A session the user runs (recorded by installed hooks) spends no budget of ours,
        # and its commands go through the policy only when the install asked for that.
        self.budgeted = True
        self.policed = True
        # Allowed Bash runs in our sandbox (not in a session the user runs: no run of ours).
        self.box: CommandBox | None = CommandBox(recorder, environment, session)
        # Bash calls allowed and not put back yet: what was seen just before each, by id;
        # and what the put-back did for those put back before their PostToolUse came.
        self.looks: dict[str, CommandLook] = {}
        self.look: SessionPutBack | None = None  # what Claude Code runs, before the session
        self.put: dict[str, tuple[list[str], SavedFiles | None]] = {}
        self.kept_out: dict[str, list[str]] = {}  # left out by the scan before each Bash call
        # The to-do list as the kept calls left it (the plan's steps), and the current step.
        self.todo = TaskList.of(d.action for d in active(recorder.decisions))

    def execute(self) -> Plan:
        """Start the session on the plan's task, below a first decision naming it."""
        self.begin(f"Claude Code ({self.r.plan.actor.version}) works on the task on its own")
        return self._work(self.r.plan.task, resume=False)

    def begin(self, rationale: str, summary: str = "") -> None:
        """The plan's first decision: the session, with the files as they were before it."""
        r = self.r
        spec = r.plan.actor.model_copy(update={"session": self.session_id})
        r.save_plan(actor=spec)
        before = r.fresh("before Claude Code")
        self.line = r.record(
            kind=DecisionKind.STRATEGY,
            phase=Phase.STRATEGIZE,
            summary=summary or f"Claude Code session {self.session_id}",
            rationale=rationale,
            before=before,
            after=before,
            actor_state_before=self.state({}),
            ok=True,
            outcome="session started",
            plan_update={"status": PlanStatus.EXECUTING, "phase": Phase.EXECUTE},
        )

    def resume(self) -> Plan:
        """Continue the session where it stopped; new decisions hang below the newest. A
        correction recorded without running (`--no-execute`) is carried out now."""
        # Every call hangs below the one before (not only the main line's kinds).
        self.line = max(active(self.r.decisions), key=lambda d: d.seq, default=None)
        asked = self.correction_asked(self.line)
        if self.line is not None and asked is not None:
            return self.correct(self.line, asked)
        self.r.save_plan(status=PlanStatus.EXECUTING, phase=Phase.EXECUTE)
        if not self.session.known(self.session_id):
            # Stopped before Claude Code wrote a word of it: the session starts anew.
            return self._work(self.r.plan.task, resume=False)
        return self._work(GO_ON, resume=True)

    def correction_asked(self, decision: Decision | None) -> dict[str, Any] | None:
        """What a correction's decision asks of Claude Code (session, fork point, guidance)."""
        if decision is None or decision.kind is not DecisionKind.USER_INTERVENTION:
            return None
        assert decision.actor_state_before is not None  # every intervention records one
        found = self.r.store.actor_state(decision.actor_state_before).data.get("claude_code")
        return found if isinstance(found, dict) and "guidance" in found else None

    def correct(self, intervention: Decision, asked: dict[str, Any]) -> Plan:
        """Give Claude Code the guidance below the correction's decision: in a fork of the
        session cut just before the target's call, or in the latest session itself."""
        self.line = intervention
        self.session_id = str(asked["session_id"])
        self.r.save_plan(status=PlanStatus.EXECUTING, phase=Phase.EXECUTE)
        fork = Fork(asked.get("fork_at"), self.adopt) if asked.get("fork") else None
        return self._work(str(asked["guidance"]), resume=True, fork=fork)

    def adopt(self, session_id: str) -> None:
        """The fork's own session: its calls are this plan's, and later ones resume it."""
        self.session_id = session_id
        self.r.save_plan(actor=self.r.plan.actor.model_copy(update={"session": session_id}))

    def _work(self, prompt: str, resume: bool, fork: Fork | None = None) -> Plan:
        r = self.r
        usd = r.plan.budget.usd
        if usd is not None:  # what is left of it: Claude Code counts its own process only
            usd = max(usd - (r.plan.usage.cost_usd or 0.0), 0.0)
        start = r.checkpoints.session_start(r.plan.id, r.current.tree if r.current else None)
        self.look = SessionPutBack(r, start)
        self.todo = TaskList.of(d.action for d in active(r.decisions))
        try:
            end = self.session.run(
                prompt, self.session_id, r.plan.actor.model, usd, self.answer, resume, fork
            )
        except KeyboardInterrupt as stop:
            # What the interrupted command left is put back if it can be, never in place
            # of the interrupt the user must hear of.
            with contextlib.suppress(Exception):
                self.unfinished()
            r.plan = r.store.plan(r.plan.id)
            r.save_plan(status=PlanStatus.INTERRUPTED, outcome=interrupted_by(stop))
            with contextlib.suppress(Exception):
                self.look.at_end()
            raise
        finish(self, end)
        return self.look.at_end()

    def state(self, place: dict[str, Any]) -> str:
        """The actor state of a decision: the session and where in it the call sits."""
        data = {"claude_code": {"session_id": self.session_id, **place}}
        return self.r.store.save_actor_state(ActorState(data=data))

    def answer(self, event: dict[str, Any]) -> dict[str, Any]:
        """Claude Code's hook event in, the hook's output back."""
        name = event.get("hook_event_name")
        if name == BOX_EVENT:  # the launcher of an allowed Bash call asks for its command:
            ran = self.box.run(str(event["box"]), event.get("refused")) if self.box else {}
            self.settle(None)  # it ran: put back before Claude Code's hooks see the tree
            return ran
        if name in (SHELL_EVENT, HOST_EVENT):  # a hook: what calls changed is put back first
            self.settle(None)
            held = self.look.before_hook() if self.look is not None else None
            return held or (self.project_command(event) if name == SHELL_EVENT else {})
        if event.get("session_id") not in (None, self.session_id):
            return {}  # a sub-agent's or another session's call: not this plan's
        self.settle(str(event.get("tool_use_id")))
        if name == "PreToolUse":
            self.seen.add(str(event.get("tool_use_id")))
            return self.before_call(event)
        if name == "PostToolUse":
            self.after_call(surrogates_written(event))
        return {}

    def project_command(self, event: dict[str, Any]) -> dict[str, Any]:
        """A project's hook, in the box; its edits after the call are the call's own."""
        ran = self.box.shell(event, self.root) if self.box is not None else {}
        newest = self.line and self.r.decisions[self.r.position[self.line.id]]  # as recorded now
        if newest and newest.checkpoint_after and newest not in self.open.values():
            after = self.r.fresh("after a project hook")
            if after.id != newest.checkpoint_after:
                self.line = self.r.replace(newest, checkpoint_after=after.id)
        return ran

    def before_call(self, event: dict[str, Any]) -> dict[str, Any]:
        r = self.r
        tool, raw = str(event.get("tool_name")), event.get("tool_input") or {}
        tool_input = surrogates_written(raw)  # a lone surrogate (`\ud800`) written out: kept
        spent = self.budgeted and not calls_left(r.plan.budget, r.plan.usage)
        if self.stopped is None and spent:
            self.stopped = f"the actor call budget ({r.plan.budget.actor_calls}) is spent"
        if self.stopped is not None:
            return deny(self.stopped, stop=True)
        refused = denied = None
        if tool == "Bash" and self.box is not None and tool_input.get("run_in_background"):
            refused = denied = BACKGROUND
        elif tool_input.get("isolation") == "worktree":  # `Agent`: a `git worktree add`
            refused = denied = ISOLATED
        elif tool == "Bash" and self.policed:
            refused = surrogates_written(r.refusal(self.environment, str(raw.get("command", ""))))
            denied = refused and f"cleveragents refused this command: {refused}"
            if refused is None and self.box is not None:  # Claude Code sees only the launcher
                refused = self.box.refusal(str(tool_input.get("command", "")))
                denied = refused and f"cleveragents: {refused}"
        elif self.policed and (why := command_refusal(tool)):  # the policy never reads them
            refused = denied = why
        elif self.policed:  # links followed as the file system does: no pure rule sees them
            checkpoints = self.r.checkpoints
            refused = setting_written(
                tool,
                tool_input,
                self.root,
                os.path.realpath,
                checkpoints.claude_links,
                git_folder=checkpoints.git_folder,
                host=checkpoints.host_folders,
            )
            denied = refused and f"cleveragents: {refused}"
        outside = self.outside(tool, tool_input)
        place = self.session.place_of(event)
        changing = changes_files(tool) and refused is None
        before = r.fresh(f"before {tool} call") if changing else None
        if changing and (path := written_path(tool, tool_input, self.root)) is not None:
            r.save_before(path, call=(tool, raw))  # ignored, or in a nested repository
        r.save_plan(
            usage=r.plan.usage.model_copy(update={"actor_calls": r.plan.usage.actor_calls + 1})
        )
        assert self.line is not None
        kind, summary = DecisionKind.ACTION, tool_summary(tool, tool_input, self.root)
        if (read := self.todo.read(tool, tool_input)) is not None:
            kind, summary = read
        decision = r.record(
            kind=kind,
            phase=Phase.EXECUTE,
            parent_id=self.line.id,
            step=self.todo.step,
            summary=summary,
            rationale=place.rationale,
            action={
                "type": "tool",
                "tool": tool,
                "input": tool_input,
                "tool_use_id": event.get("tool_use_id"),
                **({"task_id": self.todo.made} if tool == "TaskCreate" else {}),
                **({"irreversible": True, "outside": outside} if outside else {}),
            },
            before=before,
            actor_state_before=self.state(
                {
                    "tool_use_id": event.get("tool_use_id"),
                    "message_uuid": place.message_uuid,
                    "before_uuid": place.before_uuid,
                    "transcript_path": event.get("transcript_path"),
                }
            ),
            ok=False if refused else None,
            outcome=f"refused: {refused}" if refused else None,
        )
        self.line = decision
        if denied:
            return deny(denied)
        self.open[str(event.get("tool_use_id"))] = decision
        if tool == "Bash" and before is not None:
            self.looks[str(event.get("tool_use_id"))] = r.look_before_command(self.environment)
            self.kept_out[str(event.get("tool_use_id"))] = list(r.checkpoints.uncommitted)
        if tool == "Bash" and self.box is not None:
            return allow(self.box.updated(str(event.get("tool_use_id")), tool_input))
        # Any other call is left to Claude Code's own permissions (headless: asked, refused).
        return allow() if tool == "Bash" and self.policed else {}

    def outside(self, tool: str, tool_input: dict[str, Any]) -> str | None:
        """What the call does outside the tree (on the policy's parse of a command), or None."""
        commands = None
        if tool == "Bash":
            read = self.environment.shell_line(str(tool_input.get("command", "")))
            commands = None if read.unchecked else [c.words for c in read.commands]
        return outside_effects(tool, tool_input, self.root, commands)
