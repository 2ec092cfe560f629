"""PlanInspection: read-only views of plans, decisions, diffs and operations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cleveragents.application.correction_plan import resolve_decision
from cleveragents.application.decision_diffs import decision_diffs
from cleveragents.domain.correction import Correction, Operation
from cleveragents.domain.decision import Decision
from cleveragents.domain.decision_diff import DecisionDiff
from cleveragents.domain.diff import (
    ChangedFile,
    DiffSide,
    FileDiff,
    file_status,
    last_finished_below,
)
from cleveragents.domain.plan import Plan
from cleveragents.domain.summary import plan_summary
from cleveragents.domain.tree import taken_since
from cleveragents.errors import BadInput
from cleveragents.ports import CheckpointStore, PlanStore


class PlanInspection:
    """Answers `plan list/show/tree/decision/diff/ops` without changing anything."""

    def __init__(self, store: PlanStore, checkpoints: CheckpointStore) -> None:
        self.store = store
        self.checkpoints = checkpoints

    def plans(self) -> list[Plan]:
        """The plans not deleted, oldest first."""
        return [p for p in self.store.plans() if p.deleted_at is None]

    def tree(
        self, ref: str | None, since: str | None = None
    ) -> tuple[Plan, list[Decision], list[Correction]]:
        """A plan, its decisions (only decision `since` and later, if given), its corrections."""
        plan = self.store.plan(ref)
        decisions = self.store.decisions(plan.id)
        if since is not None:
            _, start = resolve_decision(self.store, plan.id, since)
            decisions = taken_since(decisions, start)
        return plan, decisions, self.store.corrections(plan.id)

    def changes(self, decisions: Sequence[Decision]) -> dict[str, DecisionDiff]:
        """What each decision changed, sized for a picture of the plan (`decision_diffs`)."""
        return decision_diffs(self.checkpoints.trees, decisions)

    def summary(self, ref: str | None) -> dict[str, Any]:
        """A plan with counts of its decisions by kind and by status, and its corrections."""
        plan, decisions, corrections = self.tree(ref)
        return plan_summary(
            plan.model_dump(mode="json", exclude={"actor": {"script"}}),
            [d.kind.value for d in decisions],
            [d.status.value for d in decisions],
            [c.model_dump(mode="json") for c in corrections],
            [d.id for d in decisions if d.action is not None and d.action.get("irreversible")],
            {
                path: op.id
                for op in self.store.unsettled_operations(plan.id)
                for path in (op.unsettled.left if op.unsettled else ())
            },
        )

    def decision(self, plan_ref: str | None, ref: str) -> tuple[Plan, Decision, list[str]]:
        """One decision and the files it changed (between its checkpoints)."""
        plan, decision = resolve_decision(self.store, plan_ref, ref)
        changed: list[str] = []
        if decision.checkpoint_before and decision.checkpoint_after:
            changed = self.checkpoints.trees.changed_paths(
                decision.checkpoint_before, decision.checkpoint_after
            )
        return plan, decision, changed

    def diff(
        self,
        plan_ref: str | None,
        first: str,
        second: str | None = None,
        *,
        worktree: bool = False,
        parts: frozenset[str] = frozenset({"patch"}),
        stat_width: int = 80,
    ) -> FileDiff:
        """What decision `first` changed, from before it to after it; with `second`, the files
        before `first` to those before `second`; with `worktree`, to the working tree now.

        `parts` says what to work out beyond the changed files: `patch`, `stat`, `counts`.
        """
        if second is not None and worktree:
            raise BadInput(f"compare {first} with {second} or with the working tree, not both")
        plan, a = resolve_decision(self.store, plan_ref, first)
        start = DiffSide(at="before", decision=a.id, checkpoint=a.checkpoint_before)
        note = None
        if worktree:
            end = DiffSide(at="worktree")
        elif second is not None:
            _, b = resolve_decision(self.store, plan.id, second)
            end = DiffSide(at="before", decision=b.id, checkpoint=b.checkpoint_before)
        else:
            end, note = self._after(plan.id, a)
        before = self._tree(start)
        after = (
            self.checkpoints.snapshot_tree(plan.id, scratch=True) if worktree else self._tree(end)
        )
        counts = self.checkpoints.trees.line_counts(before, after) if "counts" in parts else {}
        files = [
            ChangedFile(path=path, status=file_status(*entries), **_lines(counts.get(path)))
            for path, entries in sorted(self.checkpoints.trees.differences(before, after).items())
        ]
        return FileDiff(
            plan_id=plan.id,
            start=start,
            end=end,
            files=files,
            patch=self.checkpoints.trees.patch(before, after) + "\n"
            if "patch" in parts and files
            else "",
            stat=self.checkpoints.trees.diff_stat(before, after, stat_width)
            if "stat" in parts and files
            else "",
            note=note,
        )

    def _after(self, plan_id: str, decision: Decision) -> tuple[DiffSide, str | None]:
        """Where decision's changes end: its checkpoint after it, or for a step that did not
        finish, the last one a decision below it took; none at all is an error that says so."""
        if decision.checkpoint_after is not None:
            return DiffSide(
                at="after", decision=decision.id, checkpoint=decision.checkpoint_after
            ), None
        last = last_finished_below(self.store.decisions(plan_id), decision.id)
        if last is None:
            raise BadInput(
                f"decision {decision.id} did not finish: no checkpoint was taken after it",
                hint=f"`agents plan diff {plan_id}:{decision.id} --worktree` shows what "
                "changed since",
            )
        return DiffSide(at="after", decision=last.id, checkpoint=last.checkpoint_after), (
            f"decision {decision.id} did not finish: its changes up to decision {last.id}, "
            "the last one below it that did"
        )

    def operations(self, plan_ref: str | None) -> list[Operation]:
        plan_id = self.store.plan(plan_ref).id if plan_ref else None
        return self.store.operations(plan_id)

    def _tree(self, side: DiffSide) -> str:
        if side.checkpoint is None:  # pragma: no cover - every decision records one before it
            raise BadInput(f"decision {side.decision} has no checkpoint")
        return self.store.checkpoint(side.checkpoint).tree


def _lines(counts: tuple[int | None, int | None] | None) -> dict[str, int | None]:
    return {} if counts is None else {"added": counts[0], "removed": counts[1]}
