"""StepRunner: one step of a plan: its options, their checks, and local planning after them."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

from cleveragents.application.file_restore import FileRestore
from cleveragents.application.option_rollback import read_again, roll_back
from cleveragents.application.plan_recorder import RunPart
from cleveragents.domain.action import Action, DeleteAction, RunAction, WriteAction, written
from cleveragents.domain.budget import retries_left
from cleveragents.domain.checkpoint import Checkpoint
from cleveragents.domain.command_output import commands_run, kept_output, one_line
from cleveragents.domain.command_policy import confinement
from cleveragents.domain.command_saves import left_out_notes
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.plan import Check, Phase
from cleveragents.domain.rules import confined_path
from cleveragents.domain.stops import cut_short_outcome
from cleveragents.domain.strategy import StepSpec
from cleveragents.errors import ActorUnavailable, BudgetExhausted, PathRefused, file_system_refusal


class StepRunner(RunPart):
    """Runs a step: each option the actor proposes, restoring the step's checkpoint after a
    failed one; when none is left, local planning; a checkpoint before every decision."""

    last_output = ""  # what the last failed action or check printed
    page_mark = 0  # the environment's page actions when the step began: a revert goes back
    option_start = 0  # the run's decisions when the option began: a rollback undoes the rest
    files: FileRestore | None = None  # groups what a rollback undoes and what it keeps

    def run_step(self, index: int, step: StepSpec, parent: Decision) -> tuple[bool, Decision]:
        r = self.r
        r.context = r.context.model_copy(
            update={"step_index": index, "tried_options": [], "last_failure": ""}
        )
        before = r.checkpoint(f"before step {index + 1}: {step.name}")
        self.page_mark = self.environment.mark()
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
        except (BudgetExhausted, ActorUnavailable) as stopped:
            # No verdict (ok stays None): the step did not fail, it was cut short, and
            # `plan resume` takes it again (see `domain.stops.cut_short`).
            r.update(
                decision, after=r.current, outcome=cut_short_outcome(stopped.message, r.plan.id)
            )
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
            self.option_start = len(r.decisions)
            failure = self.attempt(decision, attempt.option, attempt.actions, step.checks)
            if failure is None:
                done = self.succeeded(
                    step,
                    decision,
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
        """Every option failed: the local loop tries to reach the step's goal, else it fails.
        The planner is imported here: a step whose option succeeds (most) never needs it."""
        from cleveragents.application.local_planner import LocalPlanner

        r = self.r
        self.option_start = len(r.decisions)
        planner = LocalPlanner(r, self.actor, self.checkpoints, self.environment)
        planner.files = self.files
        local = planner.run(decision, step)
        if local.ok:
            return True, self.succeeded(
                step, decision, option="local planning", outcome=local.outcome
            )
        tried = ", ".join(r.context.tried_options) or "none"
        why = f"step {index + 1} ({step.name}) failed: no option left (tried {tried})"
        if local.actions:
            why += f"; {local.outcome}"
            self.restore_step(decision, before, "local planning ended without the goal")
        if failures:
            why += f"; last option failure: {failures[-1]}"
        return False, r.update(decision, ok=False, outcome=why, after=r.current)

    def succeeded(self, step: StepSpec, decision: Decision, **fields: Any) -> Decision:
        """The step is done: its decision and the context counting it completed are saved
        in one transaction, so a resume after an interrupt from here on never redoes it."""
        r = self.r
        r.context = r.context.model_copy(
            update={"completed_steps": [*r.context.completed_steps, step.name]}
        )
        with r.store.transaction():
            r.actor_state()
            return r.update(decision, after=r.current, ok=True, **fields)

    def attempt(
        self, step: Decision, option: str, actions: Sequence[Action], checks: Sequence[Check]
    ) -> str | None:
        """Take one option's actions, then its checks; the reason it failed, or None."""
        r = self.r
        for action in actions:
            command = isinstance(action, RunAction)
            before = r.fresh(f"before {action.describe()}") if command else read_again(r, [action])
            kept_out = list(self.checkpoints.uncommitted)  # as the last scan left them
            action, outcome = r.apply(self.environment, action)
            try:
                after = r.checkpoint(f"after {action.describe()}")
                checkpoints = self.checkpoints
                if notes := left_out_notes(
                    kept_out, checkpoints.uncommitted, checkpoints.unreadable
                ):
                    outcome = outcome.model_copy(
                        update={"summary": "; ".join([outcome.summary, *notes])}
                    )
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
                    outcome=one_line(outcome),
                    output=kept_output(commands_run([(action, outcome)])),
                    wrote=written([(action, outcome)]),
                )
            except Exception as error:
                self.unmade(action, before, error)
                raise
            if not outcome.ok:
                self.last_output = outcome.output
                return f"{action.describe()}: {outcome.summary}"
        if checks:
            return self.run_checks(step, Phase.EXECUTE, "step check", checks, option)
        return None

    def unmade(self, action: Action, before: Checkpoint | None, error: Exception) -> None:
        """A write that made a file, whose checkpoint or record the file system refused (a
        full disk): the file goes again. Left, no decision would say it is the agent's, and
        the settling and the resume after it would count it the user's edit (attack31 F4).
        A file that stood there before (tracked, ignored, in a nested repository) stays: a
        checkpoint or saved record holds what it replaced, and the rollback puts it back."""
        if not isinstance(action, WriteAction) or file_system_refusal(error) is None:
            return
        r = self.r
        try:
            path = confined_path(action.path)
        except PathRefused:
            return
        held = frozenset() if before is None else r.checkpoints.trees.tree_paths(before.tree)
        ways = [path.rsplit("/", n)[0] for n in range(path.count("/") + 1)]  # and its folders
        if any(way in held for way in ways) or r.checkpoints.ignored_here([path]):
            return
        with contextlib.suppress(Exception):  # what this fails on, the error said already
            self.environment.apply(DeleteAction(path=path), confinement(r.plan))

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
        """Undo what the option (or local planning) changed since it began, back to the
        step's checkpoint for those paths, as a revert decision of the step: the user's
        edits since stay (`option_rollback.py`)."""
        r = self.r
        own = [d for d in r.decisions[self.option_start :] if d.parent_id == step.id]
        back = roll_back(r, self.checkpoints, self.files, own, to, r.replaced_under(step.id))
        before, moved = back.before, back.moved
        page = self.environment.rewind(self.page_mark)
        r.current = back.after
        r.read_since_planned = None  # the next checkpoint scans: drift from a diff
        r.record(
            kind=DecisionKind.REVERT,
            phase=Phase.EXECUTE,
            parent_id=step.id,
            step=step.step,
            option=option,
            summary=f"restore the checkpoint of {step.id} {why}",
            rationale=rationale,
            before=before,
            after=back.after,
            actor_state_before=r.actor_state(),
            ok=True,
            outcome=f"working tree back at checkpoint {to.id[:12]}"
            + ("" if back.after == to else " for the option's own files")
            + "".join(f"; nested repository {p} moved aside (undo brings it back)" for p in moved)
            + "".join(f"; {note}" for note in back.notes)
            + (f"; {page}" if page else ""),
        )

    def run_checks(
        self, parent: Decision, phase: Phase, what: str, checks: Sequence[Check], option: str | None
    ) -> str | None:
        r = self.r
        before = r.fresh(f"before {what}")
        taken = [self.r.apply(self.environment, c.action()) for c in checks]
        results = [outcome for _, outcome in taken]
        after = r.checkpoint(f"after {what}")
        failed = next(((c, o) for c, o in zip(checks, results, strict=True) if not o.ok), None)
        r.record(
            kind=DecisionKind.VERIFICATION,
            phase=phase,
            parent_id=parent.id,
            step=parent.step,
            option=option,
            summary=f"{what}: " + "; ".join(c.describe() for c in checks),
            before=before,
            after=after,
            actor_state_before=r.actor_state(),
            ok=failed is None,
            outcome="; ".join(one_line(o) for o in results),
            output=kept_output(commands_run(taken)),
        )
        if failed is None:
            return None
        self.last_output = failed[1].output
        return f"{what} `{failed[0].describe()}` failed: {one_line(failed[1])}"


def _option(name: str) -> str:
    return name if name.startswith("option ") else f"option {name}"
