"""The end of each Claude Code call of a run: its outcome and the checkpoint after it.

A Bash call's look is put back first (`CheckpointStore.after_command`), at its PostToolUse
or, when none comes (refused, failed, cut off), at the next hook event of another call or
at the session's end. The outcome says what no checkpoint holds of the call, as our own
actor's commands do: what it did outside the working tree (`domain/tool_effects.py`, on
the call as made), and a nested repository it left that no checkpoint holds, whose refs git
cannot read or with no commit (seen after it; only in a headless run, where the scan before
the call was made in this process). The run's output shows such a call's line again once it
is done, saying so.
"""

from __future__ import annotations

from typing import Any

from cleveragents.application.claude_code_box import UNBOXED, CommandBox
from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.domain.checkpoint import Checkpoint, SavedFiles
from cleveragents.domain.command_saves import NOT_PUT_BACK, CommandLook
from cleveragents.domain.decision import Decision
from cleveragents.domain.task_list import TaskList
from cleveragents.domain.tool_calls import changes_files, tool_outcome
from cleveragents.domain.tool_effects import unkept
from cleveragents.ports import Environment

NO_RESULT = "no result: Claude Code refused the command, or it failed or was cut off"


class CallEnds:
    """The part of a run that closes its calls' decisions (`ClaudeCodeRun` is one)."""

    r: PlanRecorder
    environment: Environment
    box: CommandBox | None
    todo: TaskList
    open: dict[str, Decision]  # decisions whose call has not finished, by id
    looks: dict[str, CommandLook]  # Bash calls allowed and not put back yet, by id
    put: dict[str, tuple[list[str], SavedFiles | None]]  # put back before their PostToolUse
    kept_out: dict[str, list[str]]  # nested repositories no checkpoint held before each

    def after_call(self, event: dict[str, Any]) -> None:
        """A call finished (its PostToolUse): its outcome and the checkpoint after it."""
        call = str(event.get("tool_use_id"))
        decision = self.open.pop(call, None)
        if decision is None:  # pragma: no cover - no call of ours is open (denied calls get none)
            return
        self.put_back(call)
        tool = str(event.get("tool_name"))
        after = self.r.fresh(f"after {tool} call") if changes_files(tool) else None
        ok, outcome = tool_outcome(tool, event.get("tool_response"))
        if self.box is not None and self.box.skipped(call):
            outcome = f"{outcome}; {UNBOXED}"
        action = self.todo.answered(decision.action or {}, event.get("tool_response"))
        self._closed(decision.model_copy(update={"action": action}), call, after, ok, outcome)

    def _closed(
        self, decision: Decision, call: str, after: Checkpoint | None, ok: bool, outcome: str
    ) -> None:
        """`_done` of a call that ran, saying what no checkpoint holds of it (marked on its
        action for a correction) and showing its line again when there is such a thing."""
        known = self.kept_out.pop(call, None)
        checkpoints = self.r.checkpoints
        left = [p for p in checkpoints.uncommitted if known is not None and p not in known]
        broken = [p for p in left if p in checkpoints.unreadable]
        empty = [p for p in left if p not in broken]
        action, said = unkept(decision.action or {}, broken, empty)
        outcome = "; ".join([outcome, *said])
        done = self._done(decision.model_copy(update={"action": action}), call, after, ok, outcome)
        if said and self.r.observer is not None:  # its line again, now that it can say it
            self.r.observer(done, self.r.plan)

    def put_back(self, call: str) -> None:
        """What a Bash call did to what runs on the host, put back, as after our commands."""
        look = self.looks.pop(call, None)
        if look is not None:
            saved = self.r.checkpoints.after_command(look, self.r.keeping.keep)
            self.put[call] = (look.put_back, saved)
            for line in look.failed:  # a place not put back: said now, and the call failed
                self.environment.notice(line)

    def settle(self, but: str | None) -> None:
        """Put back after every Bash call still open but `but`: it is over."""
        for call in [c for c in self.looks if c != but]:
            self.put_back(call)

    def _done(
        self, decision: Decision, call: str, after: Checkpoint | None, ok: bool, outcome: str
    ) -> Decision:
        """The call's outcome, naming what was put back after it; what the put-back saved
        goes with the decision (a restore of its checkpoint puts it back)."""
        put, saved = self.put.pop(call, ([], None))
        said = self.box.said(call) if self.box is not None else None
        put = list(dict.fromkeys([*([said] if said else []), *put]))  # a folder opened twice
        if put:
            outcome = f"{outcome}; {'; '.join(put)}"
            ok = ok and not any(line.startswith(NOT_PUT_BACK) for line in put)
        replaced = [*decision.replaced, *([saved] if saved is not None else [])]
        return self.r.update(decision, after, ok=ok, outcome=outcome, replaced=replaced)

    def unfinished(self) -> None:
        """The Bash calls put back with no PostToolUse come: they failed or were cut off."""
        self.settle(None)
        for call in list(self.put):
            decision = self.open.pop(call, None)
            if decision is None:  # pragma: no cover - a call is put back only while open
                self.put.pop(call)
                continue
            ended = self.box.ended(call) if self.box is not None else None
            # Cut off after its command ran (Claude Code killed before its PostToolUse): no
            # checkpoint holds what it wrote, unless a later call's before does. One after
            # it then, so that the run's end holds it and undo puts it back as the agent's.
            after = None if self._followed(decision) else self.r.fresh("after Bash call")
            self._closed(decision, call, after, False, ended or NO_RESULT)
        # Any other call cut off (Claude Code killed after a Write wrote its file, before its
        # PostToolUse): what it left is its own, in a checkpoint after it, never taken for
        # the user's edit (which undo would then keep).
        for call, decision in list(self.open.items()):
            del self.open[call]
            tool = str((decision.action or {}).get("tool"))
            after = self.r.fresh(f"after {tool} call") if changes_files(tool) else None
            self._closed(decision, call, after, False, NO_RESULT)

    def _followed(self, decision: Decision) -> bool:
        """Whether a call recorded after `decision` took a checkpoint before it (which holds
        what `decision` left: a call refused or failed earlier in the session)."""
        return any(d.seq > decision.seq and d.checkpoint_before for d in self.r.decisions)
