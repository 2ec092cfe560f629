"""PlanLifecycleService: Strategize -> Execute -> Verify, a checkpoint before every decision."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence

from cleveragents.application.local_planner import LocalPlanner
from cleveragents.application.operation_log import OperationLog
from cleveragents.application.plan_recorder import Observer, PlanRecorder
from cleveragents.domain.action import Action, ActionOutcome, RunAction
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.budget import Budget, replans_left, retries_left
from cleveragents.domain.checkpoint import Checkpoint
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.local_planning import jaccard
from cleveragents.domain.plan import ActorSpec, Check, Phase, Plan, PlanStatus
from cleveragents.domain.rules import subtasks
from cleveragents.domain.strategy import DriftVerdict, StepSpec
from cleveragents.domain.tree import main_line_tip
from cleveragents.errors import BadInput, BudgetExhausted
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
    ) -> None:
        self.store = store
        self.checkpoints = checkpoints
        self.environment = environment
        self.clock = clock
        self.operations = operations
        self.actor_for = actor_for
        self.observer = observer

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
            self.store, self.checkpoints, self.clock, plan, state, self.observer
        )
        return _Run(recorder, actor, self.checkpoints, self.environment).execute(parent)


class _Run:
    """One pass of the agent loop over the steps the actor proposes."""

    def __init__(
        self,
        recorder: PlanRecorder,
        actor: Actor,
        checkpoints: CheckpointStore,
        environment: Environment,
    ) -> None:
        self.r = recorder
        self.actor = actor
        self.checkpoints = checkpoints
        self.environment = environment
        self.last_output = ""  # what the last failed action or check printed
        self.subtask: Decision | None = None  # the open sub-task decision, if any
        self.subtask_name: str | None = None

    def execute(self, parent: Decision | None) -> Plan:
        try:
            line, replan_after = self.strategize(parent, DecisionKind.STRATEGY, "")
            while True:
                queue = self.segment_queue()
                while queue:
                    step, subtask = queue.pop(0)
                    line = self.enter_subtask(subtask, line)
                    ok, line = self.run_step(len(self.r.context.completed_steps), step, line)
                    if not ok:
                        self.close_subtask(ok=False)
                        return self.finish(PlanStatus.FAILED, line.outcome or "")
                    drift = self.drift() if queue else None
                    if drift:
                        line, replan_after = self.replan(line, drift)
                        queue = self.segment_queue()
                if not replan_after:
                    return self.verify(line)
                line, replan_after = self.replan(line, "a replan step ended the segment")
        except BudgetExhausted as spent:
            self.r.actor_state()
            self.r.save_plan(exhausted=spent.message, outcome=f"stopped: {spent.message}")
            return self.r.plan
        except KeyboardInterrupt:
            self.r.save_plan(outcome="interrupted")
            raise

    def replan(self, parent: Decision, why: str) -> tuple[Decision, bool]:
        """Ask for the next segment, the completed steps marked done (seed 002)."""
        r = self.r
        if not replans_left(r.plan.budget, r.plan.usage):
            raise BudgetExhausted(f"the replan budget ({r.plan.budget.replans}) is spent")
        usage = r.plan.usage.model_copy(update={"replans": r.plan.usage.replans + 1})
        r.save_plan(usage=usage)
        return self.strategize(parent, DecisionKind.REPLAN, why)

    def segment_queue(self) -> list[tuple[StepSpec, str | None]]:
        """The segment's steps, each with the sub-task it belongs to."""
        steps = self.r.context.steps
        names = subtasks([s.phase for s in steps], len(self.r.context.completed_steps))
        return list(zip(steps, names, strict=True))

    def enter_subtask(self, name: str | None, line: Decision) -> Decision:
        """Open a sub-task decision when the step starts a new one; steps hang below it."""
        if name is None or name == self.subtask_name:
            return line
        self.close_subtask(ok=True)
        r = self.r
        assert r.current is not None
        self.subtask = r.record(
            kind=DecisionKind.SUBTASK,
            phase=Phase.EXECUTE,
            parent_id=line.id,
            summary=f"sub-task {name}",
            before=r.current,
            actor_state_before=r.actor_state(),
        )
        self.subtask_name = name
        return self.subtask

    def close_subtask(self, ok: bool) -> None:
        """Settle the open sub-task, naming the outputs it hands to the next one."""
        if self.subtask is None:
            return
        outputs = ", ".join(self.r.context.outputs) or "none"
        outcome = f"done; outputs so far: {outputs}" if ok else "failed"
        self.r.update(self.subtask, after=self.r.current, ok=ok, outcome=outcome)
        self.subtask, self.subtask_name = None, None

    def drift(self) -> str | None:
        """Why to replan when the workspace drifted from the one the segment was planned on.

        Files the segment's own write, edit and delete actions changed are expected, not
        drift; what commands or other people changed is. Below the plan's threshold the
        actor says whether the rest of the segment still holds (seed 004).
        """
        r = self.r
        assert r.current is not None and r.planned_on is not None
        planned = {e for e in self.checkpoints.entries(r.planned_on) if e[0] not in r.touched}
        now = {e for e in self.checkpoints.entries(r.current.tree) if e[0] not in r.touched}
        similarity = jaccard(planned, now)
        if similarity >= r.plan.drift_threshold:
            return None
        verdict: DriftVerdict = r.ask(
            "assess_drift", lambda: self.actor.assess_drift(r.context, similarity)
        )
        r.planned_on, r.touched = r.current.tree, set()
        if verdict.action == "continue":
            return None
        return (
            f"drift: similarity {similarity:.2f} is below {r.plan.drift_threshold:g}; "
            f"the actor chose to {verdict.action} the plan"
        )

    def strategize(
        self, parent: Decision | None, kind: DecisionKind, why: str
    ) -> tuple[Decision, bool]:
        """Ask the actor for a plan segment; the completed steps are not proposed again."""
        r = self.r
        before = r.checkpoint("before strategy")
        r.planned_on, r.touched = before.tree, set()
        state = r.actor_state()
        strategy = r.ask("strategize", lambda: self.actor.strategize(r.context))
        r.context = r.context.model_copy(update={"steps": strategy.steps})
        done = len(r.context.completed_steps)
        names = ", ".join(s.name for s in strategy.steps) or "none"
        more = "; a replan follows" if strategy.replan_after else ""
        decision = r.record(
            kind=kind,
            phase=Phase.STRATEGIZE,
            parent_id=parent.id if parent else None,
            summary=f"{_count(len(strategy.steps), 'step')}"
            f"{f' after {done} done' if done else ''}: {names}{more}",
            rationale=f"{why}; {strategy.rationale}" if why else strategy.rationale,
            before=before,
            after=before,
            actor_state_before=state,
            ok=True,
            outcome="plan proposed" if kind is DecisionKind.STRATEGY else "plan updated",
            plan_update={"status": PlanStatus.EXECUTING, "phase": Phase.EXECUTE},
        )
        return decision, strategy.replan_after

    def run_step(self, index: int, step: StepSpec, parent: Decision) -> tuple[bool, Decision]:
        r = self.r
        r.context = r.context.model_copy(
            update={"step_index": index, "tried_options": [], "last_failure": ""}
        )
        before = r.checkpoint(f"before step {index + 1}: {step.name}")
        decision = r.record(
            kind=DecisionKind.STEP,
            phase=Phase.EXECUTE,
            parent_id=parent.id,
            step=index + 1,
            summary=f"step {index + 1}: {step.name}",
            before=before,
            actor_state_before=r.actor_state(),
        )
        try:
            return self.attempts(index, step, decision, before)
        except BudgetExhausted as spent:
            r.update(decision, after=r.current, ok=False, outcome=f"stopped: {spent.message}")
            raise

    def attempts(
        self, index: int, step: StepSpec, decision: Decision, before: Checkpoint
    ) -> tuple[bool, Decision]:
        """Try the step's options the actor proposes until one passes or none is left."""
        r = self.r
        failures: list[str] = []
        while True:
            if not retries_left(r.plan.budget, len(failures)):
                raise BudgetExhausted(
                    f"step {index + 1} used its {r.plan.budget.retries_per_step} retries"
                )
            attempt = r.ask("refine", lambda: self.actor.refine(r.context))
            if attempt is None:
                return self.local_planning(index, step, decision, before, failures)
            failure = self.attempt(decision, attempt.option, attempt.actions, step.checks)
            if failure is None:
                r.context = r.context.model_copy(
                    update={"completed_steps": [*r.context.completed_steps, step.name]}
                )
                done = r.update(
                    decision,
                    after=r.current,
                    ok=True,
                    option=attempt.option,
                    outcome=f"done ({attempt.option})",
                    rationale=attempt.rationale,
                )
                return True, done
            failures.append(f"{_option(attempt.option)}: {failure}")
            self.revert_attempt(decision, before, attempt.option, failure)

    def local_planning(
        self,
        index: int,
        step: StepSpec,
        decision: Decision,
        before: Checkpoint,
        failures: list[str],
    ) -> tuple[bool, Decision]:
        """Every option failed: the local loop tries to reach the step's goal, else it fails."""
        r = self.r
        local = LocalPlanner(r, self.actor, self.checkpoints, self.environment).run(decision, step)
        if local.ok:
            r.context = r.context.model_copy(
                update={"completed_steps": [*r.context.completed_steps, step.name]}
            )
            return True, r.update(
                decision, after=r.current, ok=True, option="local planning", outcome=local.outcome
            )
        tried = ", ".join(r.context.tried_options) or "none"
        why = f"step {index + 1} ({step.name}) failed: no option left (tried {tried})"
        if local.actions:
            why += f"; {local.outcome}"
            self.restore_step(decision, before, "local planning ended without the goal")
        if failures:
            why += f"; last option failure: {failures[-1]}"
        return False, r.update(decision, ok=False, outcome=why, after=r.current)

    def attempt(
        self, step: Decision, option: str, actions: Sequence[Action], checks: Sequence[Check]
    ) -> str | None:
        """Take one option's actions, then its checks; the reason it failed, or None."""
        r = self.r
        for action in actions:
            before = r.current
            action, outcome = r.apply(self.environment, action)
            after = r.checkpoint(f"after {action.describe()}")
            r.record(
                kind=DecisionKind.ACTION,
                phase=Phase.EXECUTE,
                parent_id=step.id,
                step=step.step,
                option=option,
                summary=action.describe(),
                rationale=_option(option),
                action=action.model_dump(mode="json"),
                before=before,
                after=after,
                actor_state_before=r.actor_state(),
                ok=outcome.ok,
                outcome=_describe(outcome),
            )
            if not outcome.ok:
                self.last_output = outcome.output
                return f"{action.describe()}: {outcome.summary}"
        if checks:
            return self.run_checks(step, Phase.EXECUTE, "step check", checks, option)
        return None

    def revert_attempt(self, step: Decision, to: Checkpoint, option: str, failure: str) -> None:
        r = self.r
        r.context = r.context.model_copy(
            update={
                "tried_options": [*r.context.tried_options, option],
                "last_failure": f"{failure}\n{self.last_output[-4000:]}",
                "notes": [*r.context.notes, f"{step.summary}, {_option(option)} failed: {failure}"],
            }
        )
        self.restore_step(step, to, f"after {_option(option)} failed", failure, option)

    def restore_step(
        self,
        step: Decision,
        to: Checkpoint,
        why: str,
        rationale: str = "",
        option: str | None = None,
    ) -> None:
        """Put the files back to the step's checkpoint, as a revert decision of the step."""
        r = self.r
        before = r.current
        self.checkpoints.restore(to)
        r.current = to
        r.record(
            kind=DecisionKind.REVERT,
            phase=Phase.EXECUTE,
            parent_id=step.id,
            step=step.step,
            option=option,
            summary=f"restore the checkpoint of {step.id} {why}",
            rationale=rationale,
            before=before,
            after=to,
            actor_state_before=r.actor_state(),
            ok=True,
            outcome=f"working tree back at checkpoint {to.id[:12]}",
        )

    def verify(self, parent: Decision) -> Plan:
        self.close_subtask(ok=True)
        if not self.r.plan.goal:
            return self.finish(PlanStatus.COMPLETED, "every step succeeded (no goal checks)")
        self.r.save_plan(status=PlanStatus.VERIFYING, phase=Phase.VERIFY)
        failed = self.run_checks(parent, Phase.VERIFY, "goal", self.r.plan.goal, None)
        if failed:
            return self.finish(PlanStatus.FAILED, f"goal not met: {failed}")
        return self.finish(PlanStatus.COMPLETED, "every goal check passed")

    def run_checks(
        self, parent: Decision, phase: Phase, what: str, checks: Sequence[Check], option: str | None
    ) -> str | None:
        r = self.r
        before = r.current
        results = [
            self.environment.apply(RunAction(command=c.run, timeout=c.timeout)) for c in checks
        ]
        after = r.checkpoint(f"after {what}")
        failed = next(((c, o) for c, o in zip(checks, results, strict=True) if not o.ok), None)
        r.record(
            kind=DecisionKind.VERIFICATION,
            phase=phase,
            parent_id=parent.id,
            step=parent.step,
            option=option,
            summary=f"{what}: " + "; ".join(c.run for c in checks),
            before=before,
            after=after,
            actor_state_before=r.actor_state(),
            ok=failed is None,
            outcome="; ".join(_describe(o) for o in results),
        )
        if failed is None:
            return None
        self.last_output = failed[1].output
        return f"{what} `{failed[0].run}` failed: {_describe(failed[1])}"

    def finish(self, status: PlanStatus, outcome: str) -> Plan:
        self.r.actor_state()
        self.r.save_plan(status=status, phase=Phase.DONE, outcome=outcome)
        return self.r.plan


def _describe(outcome: ActionOutcome) -> str:
    if outcome.output.strip() and not outcome.ok:
        tail = outcome.output.strip().splitlines()[-1][:200]
        return f"{outcome.summary} ({tail})"
    return outcome.summary


def _option(name: str) -> str:
    return name if name.startswith("option ") else f"option {name}"


def _resumable(plan: Plan) -> None:
    if plan.status is PlanStatus.COMPLETED:
        raise BadInput(
            f"plan {plan.id} is completed; there is nothing to resume",
            hint="to redo part of it, use `agents plan correct`",
        )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")
