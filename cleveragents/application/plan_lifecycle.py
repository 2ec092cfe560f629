"""PlanLifecycleService: Strategize -> Execute -> Verify, a checkpoint before every decision."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from cleveragents.application.operation_log import OperationLog
from cleveragents.application.plan_recorder import Observer, PlanRecorder
from cleveragents.application.plan_run import PlanRun
from cleveragents.application.plan_trust import PlanTrust
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.budget import Budget
from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import ActorSpec, Check, Phase, Plan, PlanStatus
from cleveragents.domain.stops import cut_short
from cleveragents.domain.tree import main_line_tip, next_decision_id
from cleveragents.errors import BadInput
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
    ) -> None:
        self.store = store
        self.checkpoints = checkpoints
        self.environment = environment
        self.clock = clock
        self.operations = operations
        self.actor_for = actor_for
        self.observer = observer
        self.approve_command = approve_command
        # What this clone gives a plan's commands; by default nothing (`plan_trust.py`).
        self.trust = PlanTrust(store, list)

    def create(
        self,
        task: str,
        goal: list[Check],
        actor: ActorSpec,
        budget: Budget,
        drift_threshold: float | None = None,
    ) -> Plan:
        """A new plan, stored, ready to run."""
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
            created_at=now,
            updated_at=now,
        )
        if drift_threshold is not None:
            plan = plan.model_copy(update={"drift_threshold": drift_threshold})
        with self.store.transaction():
            self.store.save_plan(plan)
        return plan

    def start(self, plan: Plan, command: str) -> Plan:
        """Run a new plan as one operation (`agents plan undo` puts the files back)."""
        with self.operations.operation(plan, "run", command) as op:
            op.summary = f"ran plan {plan.id}"
            return self.run(plan, self.actor_for(plan.actor))

    def resume(
        self,
        plan_ref: str | None,
        command: str,
        budget: dict[str, Any] | None = None,
        model: str | None = None,
    ) -> Plan:
        """Continue a plan that did not complete, from its newest live decision.

        `budget` raises limits (a plan stopped by a spent budget needs more to go on);
        `model` changes the model of a plan Claude makes (one its key cannot use, say).
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
            with self.store.transaction():
                self.store.save_plan(plan)
            decisions = self.store.decisions(plan.id)
            tip = main_line_tip(decisions)
            state = self.store.actor_state(plan.actor_state) if plan.actor_state else ActorState()
            if tip is not None and tip.kind is DecisionKind.STEP and not tip.ok:
                self.restart_step(plan, tip, op.files_before, state)
            if self.set_aside(decisions):
                tip = main_line_tip(self.store.decisions(plan.id))
            op.summary = f"resumed plan {plan.id}" + (f" after decision {tip.id}" if tip else "")
            return self.continue_from(plan, self.actor_for(plan.actor), tip, state)

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

    def restart_step(
        self, plan: Plan, step: Decision, safety: str | None, state: ActorState
    ) -> Decision:
        """A step that did not finish starts again from its own checkpoint, not on top of
        what it left half done (the resume's safety checkpoint keeps that)."""
        assert step.checkpoint_before is not None
        decisions = self.store.decisions(plan.id)
        replaced = [saved for d in decisions if d.parent_id == step.id for saved in d.replaced]
        self.checkpoints.restore(self.store.checkpoint(step.checkpoint_before), replaced)
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
            checkpoint_after=step.checkpoint_before,
            actor_state_before=self.store.save_actor_state(state),
            ok=True,
            outcome="working tree back at the step's checkpoint",
            created_at=self.clock.now(),
        )
        with self.store.transaction():
            self.store.save_decision(revert)
        return step

    def run(self, plan: Plan, actor: Actor) -> Plan:
        """Run a new plan to completion or failure; the returned plan says which."""
        return self.continue_from(plan, actor, None, ActorState())

    def continue_from(
        self, plan: Plan, actor: Actor, parent: Decision | None, state: ActorState
    ) -> Plan:
        """(Re-)enter Strategize below `parent` with the actor's context `state`.

        Steps the context counts as completed are not sent to the actor again. The plan's
        commands run with the settings in force in this clone (`PlanTrust`).
        """
        plan = self.trust.here(plan)
        recorder = PlanRecorder(
            self.store,
            self.checkpoints,
            self.clock,
            plan,
            state,
            self.observer,
            actor,
            self.approve_command,
        )
        return PlanRun(recorder, actor, self.checkpoints, self.environment).execute(parent)


def _resumable(plan: Plan) -> None:
    if plan.status is PlanStatus.COMPLETED:
        raise BadInput(
            f"plan {plan.id} is completed; there is nothing to resume",
            hint="to redo part of it, use `agents plan correct`",
        )
