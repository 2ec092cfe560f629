"""PlanLifecycleService: Strategize -> Execute -> Verify, a checkpoint before every decision."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from cleveragents.application.file_restore import FileRestore, FilesPlan, spared
from cleveragents.application.operation_log import OperationLog
from cleveragents.application.plan_recorder import Observer, PlanRecorder
from cleveragents.application.plan_run import PlanRun
from cleveragents.application.plan_trust import PlanTrust
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.budget import Budget
from cleveragents.domain.checkpoint import Keeping
from cleveragents.domain.command_environment import with_pass_env
from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import ActorSpec, Check, Phase, Plan, PlanStatus
from cleveragents.domain.restore_scope import Resolution
from cleveragents.domain.stops import cut_short
from cleveragents.domain.tree import main_line_tip, next_decision_id
from cleveragents.errors import BadInput, ConflictingState, PageUnavailable
from cleveragents.ports import Actor, CheckpointStore, Clock, Environment, PlanStore


class PlanLifecycleService:
    """Runs a plan with an actor on an environment, recording every decision it takes."""

    def __init__(
        self,
        store: PlanStore,
        checkpoints: CheckpointStore,
        environment: Environment,
        clock: Clock,
        operations: OperationLog,
        actor_for: Callable[[ActorSpec], Actor],
        observer: Observer | None = None,
        approve_command: Callable[[str], bool] | None = None,
        files: FileRestore | None = None,
    ) -> None:
        self.store = store
        self.checkpoints = checkpoints
        self.environment = environment
        self.clock = clock
        self.operations = operations
        self.actor_for = actor_for
        self.observer = observer
        self.approve_command = approve_command
        self.files = files  # a resume's restart keeps the user's edits as a correction does
        # What this clone gives a plan's commands; by default nothing (`plan_trust.py`).
        self.trust = PlanTrust(store, list)

    def new(
        self,
        task: str,
        goal: list[Check],
        actor: ActorSpec,
        budget: Budget,
        drift_threshold: float | None = None,
        browser_url: str | None = None,
    ) -> Plan:
        """A new plan, not stored yet: `start` stores it once it holds the lock."""
        existing = {p.id for p in self.store.plans()}
        plan_id = secrets.token_hex(4)
        while plan_id in existing:  # pragma: no cover - 1 in 4 billion
            plan_id = secrets.token_hex(4)
        now = self.clock.now()
        plan = Plan(
            id=plan_id,
            task=task,
            goal=goal,
            actor=actor,
            budget=budget,
            browser_url=browser_url,
            created_at=now,
            updated_at=now,
        )
        if drift_threshold is not None:
            plan = plan.model_copy(update={"drift_threshold": drift_threshold})
        return plan

    def start(self, plan: Plan, command: str, begun: Callable[[Plan], None] | None = None) -> Plan:
        """Run a new plan as one operation (`agents plan undo` puts the files back).

        The plan is stored only once the lock is held; `begun` hears of it then.
        """
        with self.operations.operation(plan, "run", command, new=True) as op:
            op.summary = f"ran plan {plan.id}"
            if begun is not None:
                begun(plan)
            return self.run(plan, self.actor_for(plan.actor), self.operations.keeping(op))

    def resume(
        self,
        plan_ref: str | None,
        command: str,
        budget: dict[str, Any] | None = None,
        model: str | None = None,
        pass_env: Sequence[str] | None = None,
        resolution: Resolution = Resolution.ASK,
    ) -> Plan:
        """Continue a plan that did not complete, from its newest live decision.

        `budget` raises limits (a plan stopped by a spent budget needs more to go on);
        `model` changes the model of a plan Claude makes (one its key cannot use, say);
        `resolution` settles the files both the unfinished step and the user changed.
        """
        plan = self.store.plan(plan_ref)
        if model is not None and plan.actor.kind != "anthropic":
            raise BadInput(
                f"--model is for plans Claude makes; plan {plan.id} has the {plan.actor.kind} actor"
            )
        with self.operations.operation(plan, "resume", command, check=_resumable) as op:
            plan = self.store.plan(plan.id)
            plan = plan.model_copy(
                update={
                    "budget": plan.budget.model_copy(update=budget or {}),
                    "exhausted": None,
                    **({"actor": plan.actor.model_copy(update={"model": model})} if model else {}),
                }
            )
            plan = with_pass_env(plan, pass_env)
            with self.store.transaction():
                self.store.save_plan(plan)
            decisions = self.store.decisions(plan.id)
            tip = main_line_tip(decisions)
            state = self.store.actor_state(plan.actor_state) if plan.actor_state else ActorState()
            unfinished = _unfinished(decisions)
            keeping = self.operations.keeping(op)
            if unfinished is not None:
                self.restart_step(plan, unfinished, op.files_before, state, keeping, resolution)
            if self.set_aside(decisions):
                tip = main_line_tip(self.store.decisions(plan.id))
            op.summary = f"resumed plan {plan.id}" + (f" after decision {tip.id}" if tip else "")
            return self.continue_from(plan, None, tip, state, keeping)

    def set_aside(self, decisions: list[Decision]) -> list[Decision]:
        """Mark what a stop left unfinished `interrupted`, off the live path: the work goes
        on from the newest live decision before it, and `plan tree` shows it as a path of
        its own. Undoing the resume makes them live again (its operation kept their status)."""
        stale = cut_short(decisions)
        with self.store.transaction():
            for decision in stale:
                self.store.save_decision(
                    decision.model_copy(update={"status": DecisionStatus.INTERRUPTED})
                )
        return stale

    def restart_files(self, plan_ref: str | None) -> tuple[Plan, FilesPlan | None]:
        """What a resume's restart of an unfinished step would do to the files (None: the
        plan has no unfinished step), read under the plan's lock."""
        plan = self.store.plan(plan_ref)
        with self.operations.locks.hold(plan.id, "agents plan resume", shared=True):
            step = _unfinished(self.store.decisions(plan.id))
            if step is None or self.files is None:
                return plan, None
            return plan, self._step_files(plan, step, self.checkpoints.snapshot_tree(plan.id, True))

    def _step_files(self, plan: Plan, step: Decision, now: str) -> FilesPlan:
        assert self.files is not None and step.checkpoint_before is not None
        own = [d for d in self.store.decisions(plan.id) if d.parent_id == step.id]
        target = self.store.checkpoint(step.checkpoint_before).tree
        return self.files.plan(plan, target, now, own, None, False)

    def restart_step(
        self,
        plan: Plan,
        step: Decision,
        safety: str | None,
        state: ActorState,
        keeping: Keeping,
        resolution: Resolution = Resolution.ASK,
    ) -> Decision:
        """A step that did not finish starts again from its own checkpoint, not on top of
        what it left half done (the resume's safety checkpoint keeps that). Only the step's
        own changes go back: the user's edits since (a fix by hand) stay, and a file both
        changed is settled by `resolution` (ASK refuses it: exit 3, nothing changed)."""
        assert step.checkpoint_before is not None and safety is not None
        decisions = self.store.decisions(plan.id)
        own = [d for d in decisions if d.parent_id == step.id]
        replaced = [saved for d in own for saved in d.replaced]
        restored = self.store.checkpoint(step.checkpoint_before)
        outcome = "working tree back at the step's checkpoint"
        spare: list[str] = []
        if self.files is not None:
            files = self._step_files(plan, step, self.store.checkpoint(safety).tree)
            files, replaced = self.files.saved_put_back(plan, files, own)
            spare = spared(files, resolution)
            resolved = self.files.resolve(files, resolution)
            if resolved.markers or resolved.unmerged:
                raise ConflictingState(
                    "merging left conflicts in " + ", ".join(resolved.markers + resolved.unmerged),
                    hint="nothing changed; resume with --theirs or --mine, or settle them by hand",
                )
            restored = self.checkpoints.at_tree(
                plan.id, resolved.tree, f"files restored to restart step {step.id}"
            )
            with self.store.transaction():
                self.store.save_checkpoint(restored)
            groups = files.groups
            undone = len(groups.restored) + (
                len(groups.conflicts) if resolution is Resolution.THEIRS else 0
            )
            outcome = f"the step's own changes undone: {undone}; your edits kept: " + str(
                len(groups.kept) + (len(groups.conflicts) if resolution is Resolution.MINE else 0)
            )
        self.checkpoints.restore(restored, replaced, spare=spare, keeping=keeping)
        revert = Decision(
            plan_id=plan.id,
            made_by=self.store.place,
            id=next_decision_id(decisions),
            seq=max(d.seq for d in decisions) + 1,
            parent_id=step.id,
            kind=DecisionKind.REVERT,
            phase=Phase.EXECUTE,
            step=step.step,
            summary=f"restore the checkpoint of {step.id} to start the unfinished step again",
            checkpoint_before=safety,
            checkpoint_after=restored.id,
            actor_state_before=self.store.save_actor_state(state),
            ok=True,
            outcome=outcome,
            created_at=self.clock.now(),
        )
        with self.store.transaction():
            self.store.save_decision(revert)
        return step

    def run(self, plan: Plan, actor: Actor, keeping: Keeping) -> Plan:
        """Run a new plan to completion or failure; the returned plan says which."""
        return self.continue_from(plan, actor, None, ActorState(), keeping)

    def continue_from(
        self,
        plan: Plan,
        actor: Actor | None,
        parent: Decision | None,
        state: ActorState,
        keeping: Keeping,
    ) -> Plan:
        """(Re-)enter Strategize below `parent` with the actor's context `state`.

        Steps the context counts as completed are not sent to the actor again. The plan's
        commands run with the settings in force in this clone (`PlanTrust`), and so does
        its actor when `actor` is None (an imported plan's recording folder is not).
        What its calls save goes to `keeping` (the operation's).
        """
        plan = self.trust.here(plan)
        actor = self.actor_for(plan.actor) if actor is None else actor
        recorder = PlanRecorder(
            self.store,
            self.checkpoints,
            self.clock,
            plan,
            state,
            self.observer,
            actor,
            self.approve_command,
            keeping=keeping,
        )
        recorder.look = self.environment.look
        try:
            with self.environment.session(plan, _last_seen(recorder.decisions)):
                run = PlanRun(recorder, actor, self.checkpoints, self.environment)
                run.files = self.files
                return run.execute(parent)
        except PageUnavailable as gone:  # the page did not open: nothing was decided
            recorder.save_plan(status=PlanStatus.STOPPED, outcome=f"stopped: {gone.line()}")
            return recorder.plan


def _last_seen(decisions: list[Decision]) -> Decision | None:
    """The newest live decision that saw a page: a plan going on continues from its page."""
    live = (d for d in reversed(decisions) if d.status is DecisionStatus.ACTIVE and d.page)
    return next(live, None)


def _unfinished(decisions: list[Decision]) -> Decision | None:
    """The step a resume starts again: the newest live one, when it did not succeed."""
    tip = main_line_tip(decisions)
    return tip if tip is not None and tip.kind is DecisionKind.STEP and not tip.ok else None


def _resumable(plan: Plan) -> None:
    if plan.status is PlanStatus.COMPLETED:
        raise BadInput(
            f"plan {plan.id} is completed; there is nothing to resume",
            hint="to redo part of it, use `agents plan correct`",
        )
