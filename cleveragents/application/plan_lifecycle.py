"""PlanLifecycleService: Strategize -> Execute -> Verify, a checkpoint before every decision."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from cleveragents.application.operation_log import OperationLog
from cleveragents.application.plan_recorder import Observer, PlanRecorder
from cleveragents.application.plan_run import PlanRun
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.budget import Budget
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import ActorSpec, Check, Plan, PlanStatus
from cleveragents.domain.tree import main_line_tip
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
        self, plan_ref: str | None, command: str, budget: dict[str, int] | None = None
    ) -> Plan:
        """Continue a plan that did not complete, from its newest live decision.

        `budget` raises limits (a plan stopped by a spent budget needs more to go on).
        """
        plan = self.store.plan(plan_ref)
        with self.operations.operation(plan, "resume", command, check=_resumable) as op:
            plan = self.store.plan(plan.id)
            plan = plan.model_copy(
                update={"budget": plan.budget.model_copy(update=budget or {}), "exhausted": None}
            )
            with self.store.transaction():
                self.store.save_plan(plan)
            tip = main_line_tip(self.store.decisions(plan.id))
            state = self.store.actor_state(plan.actor_state) if plan.actor_state else ActorState()
            op.summary = f"resumed plan {plan.id}" + (f" after decision {tip.id}" if tip else "")
            return self.continue_from(plan, self.actor_for(plan.actor), tip, state)

    def run(self, plan: Plan, actor: Actor) -> Plan:
        """Run a new plan to completion or failure; the returned plan says which."""
        return self.continue_from(plan, actor, None, ActorState())

    def continue_from(
        self, plan: Plan, actor: Actor, parent: Decision | None, state: ActorState
    ) -> Plan:
        """(Re-)enter Strategize below `parent` with the actor's context `state`.

        Steps the context counts as completed are not sent to the actor again.
        """
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
