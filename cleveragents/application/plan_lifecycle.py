"""PlanLifecycleService: Strategize -> Execute -> Verify, a checkpoint before every decision."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from cleveragents.domain.action import Action, ActionOutcome, RunAction
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.checkpoint import Checkpoint
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.plan import ActorSpec, Check, Phase, Plan, PlanStatus
from cleveragents.domain.strategy import ActorContext, StepSpec
from cleveragents.domain.tree import next_decision_id
from cleveragents.ports import Actor, CheckpointStore, Clock, Environment, PlanStore

Observer = Callable[[Decision], None]


class PlanLifecycleService:
    """Runs a plan with an actor on an environment, recording every decision it takes."""

    def __init__(
        self,
        store: PlanStore,
        checkpoints: CheckpointStore,
        environment: Environment,
        clock: Clock,
        observer: Observer | None = None,
    ) -> None:
        self.store = store
        self.checkpoints = checkpoints
        self.environment = environment
        self.clock = clock
        self.observer = observer

    def create(self, task: str, goal: list[Check], actor: ActorSpec) -> Plan:
        """A new plan, stored, ready to run."""
        existing = {p.id for p in self.store.plans()}
        plan_id = secrets.token_hex(4)
        while plan_id in existing:  # pragma: no cover - 1 in 4 billion
            plan_id = secrets.token_hex(4)
        now = self.clock.now()
        plan = Plan(id=plan_id, task=task, goal=goal, actor=actor, created_at=now, updated_at=now)
        with self.store.transaction():
            self.store.save_plan(plan)
        return plan

    def run(self, plan: Plan, actor: Actor) -> Plan:
        """Run the plan to completion or failure; the returned plan says which."""
        return _Run(self, plan, actor).execute()


class _Run:
    """The state of one run: the plan, its decisions so far, and the actor's context."""

    def __init__(self, service: PlanLifecycleService, plan: Plan, actor: Actor) -> None:
        self.s = service
        self.plan = plan
        self.actor = actor
        self.decisions: list[Decision] = service.store.decisions(plan.id)
        self.message_id: int | None = None
        self.context = ActorContext(task=plan.task)
        self.current: Checkpoint | None = None

    def execute(self) -> Plan:
        try:
            parent = self.strategize()
            for index, step in enumerate(self.context.steps):
                ok, parent = self.run_step(index, step, parent)
                if not ok:
                    return self.finish(PlanStatus.FAILED, parent.outcome or "")
            return self.verify(parent)
        except KeyboardInterrupt:
            self.plan = self.plan.model_copy(update={"outcome": "interrupted"})
            self.save_plan()
            raise

    # the phases

    def strategize(self) -> Decision:
        before = self.checkpoint("before strategy")
        state = self.actor_state()
        strategy = self.ask("strategize", lambda: self.actor.strategize(self.context))
        self.context = self.context.model_copy(update={"steps": strategy.steps})
        names = ", ".join(s.name for s in strategy.steps)
        return self.record(
            kind=DecisionKind.STRATEGY,
            phase=Phase.STRATEGIZE,
            parent=None,
            summary=f"{len(strategy.steps)} steps: {names}",
            rationale=strategy.rationale,
            before=before,
            after=before,
            state=state,
            ok=True,
            outcome="plan proposed",
            plan_update={"status": PlanStatus.EXECUTING, "phase": Phase.EXECUTE},
        )

    def run_step(self, index: int, step: StepSpec, parent: Decision) -> tuple[bool, Decision]:
        self.context = self.context.model_copy(update={"step_index": index, "tried_options": []})
        before = self.checkpoint(f"before step {index + 1}: {step.name}")
        decision = self.record(
            kind=DecisionKind.STEP,
            phase=Phase.EXECUTE,
            parent=parent.id,
            summary=f"step {index + 1}: {step.name}",
            before=before,
            state=self.actor_state(),
        )
        failures: list[str] = []
        while True:
            attempt = self.ask("refine", lambda: self.actor.refine(self.context))
            if attempt is None:
                tried = ", ".join(self.context.tried_options) or "none"
                why = f"step {index + 1} ({step.name}) failed: no option left (tried {tried})"
                if failures:
                    why += f"; last failure: {failures[-1]}"
                return False, self.update(decision, ok=False, outcome=why, after=self.current)
            failure = self.attempt(decision, attempt.option, attempt.actions, step.checks)
            if failure is None:
                self.context = self.context.model_copy(
                    update={"completed_steps": [*self.context.completed_steps, step.name]}
                )
                done = self.update(
                    decision,
                    ok=True,
                    after=self.current,
                    outcome=f"done ({attempt.option})",
                    rationale=attempt.rationale,
                )
                return True, done
            failures.append(f"option {attempt.option}: {failure}")
            self.revert_attempt(decision, before, attempt.option, failure)

    def attempt(
        self, step: Decision, option: str, actions: Sequence[Action], checks: Sequence[Check]
    ) -> str | None:
        """Take one option's actions, then its checks; the reason it failed, or None."""
        for action in actions:
            before = self.current
            outcome = self.s.environment.apply(action)
            after = self.checkpoint(f"after {action.describe()}")
            self.record(
                kind=DecisionKind.ACTION,
                phase=Phase.EXECUTE,
                parent=step.id,
                summary=action.describe(),
                rationale=f"option {option}",
                action=action.model_dump(mode="json"),
                before=before,
                after=after,
                state=self.actor_state(),
                ok=outcome.ok,
                outcome=_describe(outcome),
            )
            if not outcome.ok:
                return f"{action.describe()}: {outcome.summary}"
        if checks:
            failed = self.run_checks(step.id, Phase.EXECUTE, "step check", checks)
            if failed:
                return failed
        return None

    def revert_attempt(self, step: Decision, to: Checkpoint, option: str, failure: str) -> None:
        before = self.current
        self.s.checkpoints.restore(to)
        self.current = to
        self.context = self.context.model_copy(
            update={
                "tried_options": [*self.context.tried_options, option],
                "notes": [
                    *self.context.notes,
                    f"{step.summary}, option {option} failed: {failure}",
                ],
            }
        )
        self.record(
            kind=DecisionKind.REVERT,
            phase=Phase.EXECUTE,
            parent=step.id,
            summary=f"restore the checkpoint of {step.id} after option {option} failed",
            rationale=failure,
            before=before,
            after=to,
            state=self.actor_state(),
            ok=True,
            outcome=f"working tree back at checkpoint {to.id[:12]}",
        )

    def verify(self, parent: Decision) -> Plan:
        if not self.plan.goal:
            return self.finish(PlanStatus.COMPLETED, "every step succeeded (no goal checks)")
        self.save_plan(status=PlanStatus.VERIFYING, phase=Phase.VERIFY)
        failed = self.run_checks(parent.id, Phase.VERIFY, "goal", self.plan.goal)
        if failed:
            return self.finish(PlanStatus.FAILED, f"goal not met: {failed}")
        return self.finish(PlanStatus.COMPLETED, "every goal check passed")

    def run_checks(
        self, parent: str, phase: Phase, what: str, checks: Sequence[Check]
    ) -> str | None:
        before = self.current
        results = [
            self.s.environment.apply(RunAction(command=c.run, timeout=c.timeout)) for c in checks
        ]
        after = self.checkpoint(f"after {what}")
        failed = next(((c, r) for c, r in zip(checks, results, strict=True) if not r.ok), None)
        outcome = "; ".join(_describe(r) for r in results)
        self.record(
            kind=DecisionKind.VERIFICATION,
            phase=phase,
            parent=parent,
            summary=f"{what}: " + "; ".join(c.run for c in checks),
            before=before,
            after=after,
            state=self.actor_state(),
            ok=failed is None,
            outcome=outcome,
        )
        if failed is None:
            return None
        return f"{what} `{failed[0].run}` failed: {_describe(failed[1])}"

    def finish(self, status: PlanStatus, outcome: str) -> Plan:
        self.save_plan(status=status, phase=Phase.DONE, outcome=outcome)
        return self.plan

    # recording

    def checkpoint(self, label: str) -> Checkpoint:
        checkpoint = self.s.checkpoints.create(self.plan.id, label)
        with self.s.store.transaction():
            self.s.store.save_checkpoint(checkpoint)
        self.current = checkpoint
        return checkpoint

    def actor_state(self) -> str:
        state = ActorState(message_id=self.message_id, data=self.context.as_state())
        with self.s.store.transaction():
            return self.s.store.save_actor_state(state)

    def ask(self, duty: str, call: Callable[[], Any]) -> Any:
        """Ask the actor; the question and the answer join the message tree."""
        request = json.dumps({"duty": duty, "context": self.context.model_dump(mode="json")})
        reply = call()
        answer = "null" if reply is None else reply.model_dump_json()
        usage = self.plan.usage.model_copy(update={"actor_calls": self.plan.usage.actor_calls + 1})
        with self.s.store.transaction():
            asked = self.s.store.add_message(self.plan.id, self.message_id, "user", request)
            self.message_id = self.s.store.add_message(
                self.plan.id, asked.id, "assistant", answer
            ).id
            self.save_plan(usage=usage)
        return reply

    def record(
        self,
        *,
        kind: DecisionKind,
        phase: Phase,
        parent: str | None,
        summary: str,
        before: Checkpoint | None,
        state: str,
        rationale: str = "",
        action: dict[str, Any] | None = None,
        after: Checkpoint | None = None,
        ok: bool | None = None,
        outcome: str | None = None,
        plan_update: dict[str, Any] | None = None,
    ) -> Decision:
        decision = Decision(
            plan_id=self.plan.id,
            id=next_decision_id(self.decisions),
            seq=len(self.decisions) + 1,
            parent_id=parent,
            kind=kind,
            phase=phase,
            summary=summary,
            rationale=rationale,
            action=action,
            ok=ok,
            outcome=outcome,
            actor_state_before=state,
            checkpoint_before=before.id if before else None,
            checkpoint_after=after.id if after else None,
            created_at=self.s.clock.now(),
        )
        with self.s.store.transaction():
            self.s.store.save_decision(decision)
            self.save_plan(head_decision=decision.id, **(plan_update or {}))
        self.decisions.append(decision)
        if self.s.observer:
            self.s.observer(decision)
        return decision

    def update(self, decision: Decision, after: Checkpoint | None, **fields: Any) -> Decision:
        changed = decision.model_copy(
            update={**fields, "checkpoint_after": after.id if after else None}
        )
        with self.s.store.transaction():
            self.s.store.save_decision(changed)
        self.decisions[self.decisions.index(decision)] = changed
        return changed

    def save_plan(self, **fields: Any) -> None:
        self.plan = self.plan.model_copy(update={**fields, "updated_at": self.s.clock.now()})
        with self.s.store.transaction():
            self.s.store.save_plan(self.plan)


def _describe(outcome: ActionOutcome) -> str:
    if outcome.output.strip() and not outcome.ok:
        tail = outcome.output.strip().splitlines()[-1][:200]
        return f"{outcome.summary} ({tail})"
    return outcome.summary
