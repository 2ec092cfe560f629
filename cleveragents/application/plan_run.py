"""PlanRun: one pass of the agent loop: segments of steps, replans, sub-tasks, verification."""

from __future__ import annotations

from functools import cached_property

from cleveragents.application.file_restore import FileRestore
from cleveragents.application.page_watch import PageWatch
from cleveragents.application.plan_recorder import RunPart
from cleveragents.application.step_runner import StepRunner
from cleveragents.domain.budget import replans_left
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.local_planning import similarity_after, velocity_stalled
from cleveragents.domain.plan import Phase, Plan, PlanStatus
from cleveragents.domain.rules import split_compound, subtasks
from cleveragents.domain.stops import cut_short_outcome
from cleveragents.domain.strategy import DriftVerdict, StepSpec
from cleveragents.errors import ActorUnavailable, BudgetExhausted, interrupted_by


class PlanRun(RunPart):
    """Strategize, then each step of each segment, replanning between segments and on drift."""

    subtask: Decision | None = None  # the open sub-task decision, if any
    subtask_name: str | None = None
    successes = 0  # steps that succeeded in this run, the goal not yet met

    files: FileRestore | None = None  # how a failed option's rollback keeps the user's edits

    @cached_property
    def steps(self) -> StepRunner:
        runner = StepRunner(self.r, self.actor, self.checkpoints, self.environment)
        runner.files = self.files
        return runner

    @cached_property
    def page(self) -> PageWatch:
        return PageWatch(self.r, self.actor)

    def execute(self, parent: Decision | None) -> Plan:
        try:
            line, replan_after = self.strategize(parent, DecisionKind.STRATEGY, "")
            while True:
                queue = self.segment_queue()
                while queue:
                    step, subtask = queue.pop(0)
                    line = self.enter_subtask(subtask, line)
                    ok, line = self.steps.run_step(len(self.r.context.completed_steps), step, line)
                    if not ok:
                        self.close_subtask(ok=False)
                        return self.finish(PlanStatus.FAILED, line.outcome or "")
                    self.successes += 1
                    drift = (self.page.replan_why() or self.drift()) if queue else None
                    if drift:
                        line, replan_after = self.replan(line, drift)
                        queue = self.segment_queue()
                if not replan_after:
                    return self.verify(line)
                ended = self.between_segments(line)
                if ended is not None:
                    return ended
                line, replan_after = self.replan(line, "a replan step ended the segment")
        except BudgetExhausted as spent:
            self.cut_short_subtask(spent.message)
            self.r.actor_state()
            self.r.save_plan(
                status=PlanStatus.STOPPED,
                exhausted=spent.message,
                outcome=f"stopped: {spent.message}",
            )
            return self.r.plan
        except ActorUnavailable as gone:
            # Nothing half recorded: the question was not answered, so nothing was decided.
            self.cut_short_subtask(gone.message)
            self.r.save_plan(status=PlanStatus.STOPPED, outcome=f"stopped: {gone.line()}")
            return self.r.plan
        except KeyboardInterrupt as stop:
            # From the store: a transaction the interrupt cut short left nothing there, but
            # the plan in memory may already point at what it would have written.
            self.r.plan = self.r.store.plan(self.r.plan.id)
            self.r.save_plan(status=PlanStatus.INTERRUPTED, outcome=interrupted_by(stop))
            raise

    def between_segments(self, line: Decision) -> Plan | None:
        """Before the next segment: done if the goal is met already; stopped, with a
        reflection, after five successful steps in a row that did not reach it (seed 004)."""
        if not self.r.plan.goal:
            return None
        failed = self.steps.run_checks(line, Phase.VERIFY, "goal", self.r.plan.goal, None)
        if failed is None:
            self.close_subtask(ok=True)
            return self.finish(
                PlanStatus.COMPLETED, "every goal check passed; the rest of the plan was not needed"
            )
        if velocity_stalled(self.successes):
            done = ", ".join(self.r.context.completed_steps[-self.successes :])
            self.close_subtask(ok=False)
            return self.finish(
                PlanStatus.FAILED,
                f"stopped to reflect: {self.successes} steps succeeded in a row ({done}) and the "
                f"goal is still not met ({failed}); the plan needs rethinking, not more steps",
            )
        return None

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

    def cut_short_subtask(self, why: str) -> None:
        """A stop leaves the open sub-task unfinished: no verdict (`plan resume` takes it
        again), but an outcome saying what stopped it, as its step has."""
        if self.subtask is not None:
            outcome = cut_short_outcome(why, self.r.plan.id)
            self.r.update(self.subtask, after=self.r.current, outcome=outcome)

    def drift(self) -> str | None:
        """Why to replan when the workspace drifted from the one the segment was planned on.

        Files the segment's own write, edit and delete actions changed are expected, not
        drift; what commands or other people changed is. Below the plan's threshold the
        actor says whether the rest of the segment still holds (seed 004).
        """
        r = self.r
        assert r.current is not None and r.planned_on is not None
        if r.read_since_planned is not None and r.read_since_planned <= r.touched:
            return None  # only the segment's own file actions changed files: no drift
        # From what changed since: listing the whole tree every step costs its size.
        planned = self.checkpoints.trees.tree_paths(r.planned_on)
        size = len(planned) - len(r.touched & planned)
        changes = self.checkpoints.trees.differences(r.planned_on, r.current.tree)
        similarity = similarity_after(size, changes, r.touched)
        if similarity >= r.plan.drift_threshold:
            return None
        verdict: DriftVerdict = r.ask(
            "assess_drift", lambda: self.actor.assess_drift(r.context, similarity)
        )
        r.plan_on(r.current.tree)
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
        r.plan_on(before.tree)
        state = r.actor_state()
        strategy = r.ask("strategize", lambda: self.actor.strategize(r.context))
        steps = strategy.steps if strategy.atomic else atomic_steps(strategy.steps)
        if strategy.goal and not r.plan.goal:
            r.save_plan(goal=strategy.goal)  # a plan made from a task gets its goal here
        r.context = r.context.model_copy(
            update={"steps": steps, "segment_start": len(r.context.completed_steps)}
        )
        done = len(r.context.completed_steps)
        names = ", ".join(s.name for s in steps) or "none"
        more = "; a replan follows" if strategy.replan_after else ""
        decision = r.record(
            kind=kind,
            phase=Phase.STRATEGIZE,
            parent_id=parent.id if parent else None,
            summary=f"{_count(len(steps), 'step')}"
            f"{f' after {done} done' if done else ''}: {names}{more}",
            rationale=f"{why}; {strategy.rationale}" if why else strategy.rationale,
            before=before,
            after=before,
            actor_state_before=state,
            ok=True,
            outcome="plan proposed" if kind is DecisionKind.STRATEGY else "plan updated",
            plan_update={"status": PlanStatus.EXECUTING, "phase": Phase.EXECUTE},
        )
        self.page.plan_on(strategy.ends_at_screen_change)
        return decision, strategy.replan_after

    def verify(self, parent: Decision) -> Plan:
        self.close_subtask(ok=True)
        if not self.r.plan.goal:
            return self.finish(PlanStatus.COMPLETED, "every step succeeded (no goal checks)")
        self.r.save_plan(status=PlanStatus.VERIFYING, phase=Phase.VERIFY)
        failed = self.steps.run_checks(parent, Phase.VERIFY, "goal", self.r.plan.goal, None)
        if failed:
            return self.finish(PlanStatus.FAILED, f"goal not met: {failed}")
        return self.finish(PlanStatus.COMPLETED, "every goal check passed")

    def finish(self, status: PlanStatus, outcome: str) -> Plan:
        self.r.actor_state()
        self.r.save_plan(status=status, phase=Phase.DONE, outcome=outcome)
        return self.r.plan


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def atomic_steps(steps: list[StepSpec]) -> list[StepSpec]:
    """Compound steps an actor proposed, split into atomic ones; checks go with the last."""
    atomic: list[StepSpec] = []
    for step in steps:
        names = split_compound(step.name)
        atomic += [StepSpec(name=n, phase=step.phase) for n in names[:-1]]
        atomic.append(step.model_copy(update={"name": names[-1]}))
    return atomic
