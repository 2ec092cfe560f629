"""LocalPlanner: inside one step whose options all failed, retain, explore, revert or cancel.

The loop of seeds 000 and 001: the actor proposes one local action at a time and
estimates the distance to the step's goal (0-10) after it; the pure rules of
`domain.local_planning` decide what happens next. Local actions get ids `8.1`, `8.2`
under step 8, each with its checkpoints, so a correction can go back to any of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cleveragents.application.file_restore import FileRestore
from cleveragents.application.option_rollback import read_again, roll_back
from cleveragents.application.plan_recorder import RunPart
from cleveragents.domain.action import Action, ActionOutcome, RunAction, written
from cleveragents.domain.checkpoint import Checkpoint
from cleveragents.domain.command_output import commands_run, kept_output, one_line
from cleveragents.domain.command_saves import left_out_notes
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.local_planning import (
    LocalDecision,
    LocalStep,
    Reversal,
    decide,
    local_iterations_left,
    reversal,
)
from cleveragents.domain.plan import Phase
from cleveragents.domain.strategy import DistanceEstimate, StepAttempt, StepSpec

Taken = tuple[Action, ActionOutcome]  # an action as taken (outputs filled in), and its outcome


@dataclass
class LocalResult:
    """How the local loop ended: done, or why not; and how many local actions it took."""

    ok: bool
    outcome: str
    actions: int = 0
    history: list[LocalStep] = field(default_factory=list)


class LocalPlanner(RunPart):
    """Runs the local loop for one step, recording every local action and revert."""

    files: FileRestore | None = None  # groups what a revert undoes and what it keeps

    def run(self, step: Decision, spec: StepSpec) -> LocalResult:
        r = self.r
        r.context = r.context.model_copy(update={"local_tried": [], "explore_from": None})
        history: list[LocalStep] = []
        distance, _, _, _ = self.measure(step, spec)
        while local_iterations_left(history):
            proposal: StepAttempt | None = r.ask(
                "propose_local", lambda: self.actor.propose_local(r.context)
            )
            if proposal is None:
                return LocalResult(False, "no local action left", len(history), history)
            # Its paths read again (all, for a command): what the user changed is theirs.
            before = (
                r.fresh(f"before local action {proposal.option}")
                if any(isinstance(a, RunAction) for a in proposal.actions)
                else read_again(r, proposal.actions)
            )
            assert before is not None
            mark = self.environment.mark()
            state_before = self.state(before)
            kept_out = list(self.checkpoints.uncommitted)  # as the last scan left them
            taken = self.apply(proposal)
            after = r.checkpoint(f"after local action {proposal.option}")
            checkpoints = self.checkpoints
            notes = left_out_notes(kept_out, checkpoints.uncommitted, checkpoints.unreadable)
            distance_after, goal_met, checked, measured = self.measure(step, spec)
            history.append(
                LocalStep(
                    state_before=state_before,
                    state_after=self.state(after),
                    distance_before=distance,
                    distance_after=distance_after,
                )
            )
            verdict = decide(history, goal_met=goal_met, has_unexplored=proposal.alternatives > 0)
            r.context = r.context.model_copy(
                update={
                    "local_tried": [*r.context.local_tried, proposal.option],
                    "explore_from": (proposal.explores or proposal.option)
                    if verdict.decision is LocalDecision.EXPLORE
                    else None,
                }
            )
            failed = next((o for _, o in taken if not o.ok), None)
            own = r.record(
                kind=DecisionKind.LOCAL_ACTION,
                phase=Phase.EXECUTE,
                parent_id=step.id,
                local_to=step.id,
                step=step.step,
                option=proposal.option,
                summary=f"local action {proposal.option}",
                rationale=proposal.rationale,
                action={"actions": [a.model_dump(mode="json") for a in proposal.actions]},
                before=before,
                after=after,
                actor_state_before=r.actor_state(),
                distance_before=distance,
                distance_after=distance_after,
                ok=failed is None,
                outcome=f"{verdict.decision.value}: {verdict.reason}"
                + (f" ({failed.summary})" if failed else "")
                + "".join(f"; {note}" for note in notes),
                # Its commands, then the checks that measured it: what the distance rests on.
                output=kept_output(commands_run([*taken, *checked])),
                wrote=written(taken),
            )
            distance = distance_after
            if verdict.decision is LocalDecision.SUCCESS:
                return LocalResult(
                    True,
                    f"done by local planning ({len(history)} local actions)",
                    len(history),
                    history,
                )
            if verdict.decision is LocalDecision.CANCEL:
                return LocalResult(
                    False, f"local planning cancelled: {verdict.reason}", len(history), history
                )
            if verdict.decision is LocalDecision.REVERT:
                undone = self.revert(step, proposal, before, mark, [*measured, own])
                if undone is None:
                    return LocalResult(
                        False,
                        "local planning cancelled: "
                        f"{proposal.option} is irreversible and cannot be undone",
                        len(history),
                        history,
                    )
                distance = history[-1].distance_before
        return LocalResult(
            False, f"no goal after {len(history)} local actions", len(history), history
        )

    def state(self, checkpoint: Checkpoint) -> str:
        """The state local planning compares: the checkpoint's tree, and the page's."""
        screen = self.environment.screen()
        if screen is None:
            return checkpoint.tree
        from cleveragents.domain.page_drift import screen_identity  # a page's plans only

        return f"{checkpoint.tree} {screen_identity(screen)}"

    def apply(self, proposal: StepAttempt) -> list[Taken]:
        """Take the local action's workspace actions, stopping at the first that fails."""
        taken: list[Taken] = []
        for action in proposal.actions:
            taken.append(self.r.apply(self.environment, action))
            if not taken[-1][1].ok:
                break
        return taken

    def measure(
        self, step: Decision, spec: StepSpec
    ) -> tuple[float, bool, list[Taken], list[Decision]]:
        """The actor's distance to the step's goal, whether the step's checks all pass, the
        checks as run, and the decision that records what they changed (none if nothing):
        their changes are the agent's, which a rollback takes back with the rest."""
        r = self.r
        before = r.fresh("before local planning's checks")
        progress = [
            self.r.apply(self.environment, c.action()) for c in spec.progress or spec.checks
        ]
        checks = (
            [self.r.apply(self.environment, c.action()) for c in spec.checks]
            if spec.progress
            else []
        )
        after = r.checkpoint("after local planning's checks")
        measured = []
        if after.tree != before.tree:
            run = [*progress, *checks]
            measured.append(
                r.record(
                    kind=DecisionKind.VERIFICATION,
                    phase=Phase.EXECUTE,
                    parent_id=step.id,
                    local_to=step.id,
                    step=step.step,
                    summary="local planning's checks: "
                    + "; ".join(
                        c.describe()
                        for c in [
                            *(spec.progress or spec.checks),
                            *(spec.checks if spec.progress else []),
                        ]
                    ),
                    before=before,
                    after=after,
                    actor_state_before=r.actor_state(),
                    ok=all(o.ok for _, o in run),
                    outcome="; ".join(one_line(o) for _, o in run),
                    output=kept_output(commands_run(run)),
                )
            )
        estimate: DistanceEstimate = self.r.ask(
            "estimate_distance",
            lambda: self.actor.estimate_distance(self.r.context, [o for _, o in progress]),
        )
        met = all(o.ok for _, o in (checks if spec.progress else progress))
        return estimate.distance, met, [*progress, *checks], measured

    def revert(
        self, step: Decision, proposal: StepAttempt, to: Checkpoint, mark: int, own: list[Decision]
    ) -> Checkpoint | None:
        """Undo the last local action the way its kind allows; None when it cannot be. Its
        page actions (those since `mark`) are undone by their inverses. `own`: its decision,
        and that of the checks that measured it if they changed files."""
        r = self.r
        how = reversal(proposal.actions)
        before = r.current
        if how is Reversal.IRREVERSIBLE:
            # No reverter for effects outside the tree: the actor may know how to undo them.
            undo: StepAttempt | None = r.ask(
                "propose_revert", lambda: self.actor.propose_revert(r.context, proposal.option)
            )
            if undo is None:
                return None
            taken = [r.apply(self.environment, action) for action in undo.actions]
            done = r.checkpoint(f"after undoing {proposal.option}")
            what = f"by the actor's own actions ({undo.option})"
        elif how is Reversal.COMMAND:
            taken = []
            for action in proposal.actions:
                assert isinstance(action, RunAction) and action.revert
                taken.append(
                    self.r.apply(
                        self.environment, RunAction(command=action.revert, timeout=action.timeout)
                    )
                )
            done = r.checkpoint(f"after reverting {proposal.option}")
            what = "by its own revert command"
        else:
            taken = []
            # Only the local action's own changes: the user's edits since stay.
            replaced = [saved for decision in own for saved in decision.replaced]
            back = roll_back(r, self.checkpoints, self.files, own, to, replaced)
            before, r.current = back.before, back.after
            done = back.after
            r.read_since_planned = None  # the next checkpoint scans: drift from a diff
            what = f"by restoring checkpoint {to.id[:12]}" + "".join(
                f"; {note}" for note in back.notes
            )
            page = self.environment.rewind(mark)
            what += f"; {page}" if page else ""
        r.record(
            kind=DecisionKind.REVERT,
            phase=Phase.EXECUTE,
            parent_id=step.id,
            local_to=step.id,
            step=step.step,
            option=proposal.option,
            summary=f"revert local action {proposal.option}",
            rationale=f"reverter: {how.value}",
            before=before,
            after=done,
            actor_state_before=r.actor_state(),
            ok=True,
            outcome=f"undone {what}" + ("" if done.tree == to.tree else " (the files differ)"),
            output=kept_output(commands_run(taken)),
        )
        return done
