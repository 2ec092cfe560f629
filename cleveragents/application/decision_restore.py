"""`agents plan restore`: files back as they were at a decision, as an operation `undo`
reverses; nothing of the plan's records changes."""

from __future__ import annotations

from cleveragents.application.correction_plan import CorrectionPlan, resolve_decision
from cleveragents.application.file_restore import FileRestore
from cleveragents.application.operation_log import OperationLog
from cleveragents.domain.correction import Operation
from cleveragents.domain.restore_points import refuse_uncheckpointed
from cleveragents.domain.restore_scope import Resolution
from cleveragents.domain.tree import active
from cleveragents.ports import CheckpointStore, PlanStore


class DecisionRestore:
    """Restore a decision's files, without correcting the plan."""

    def __init__(
        self,
        store: PlanStore,
        checkpoints: CheckpointStore,
        operations: OperationLog,
        files: FileRestore,
    ) -> None:
        self.store = store
        self.checkpoints = checkpoints
        self.operations = operations
        self.files = files

    def preview(self, plan_ref: str | None, decision_ref: str, paths: list[str]) -> CorrectionPlan:
        """What `agents plan restore` would do: the files (or `paths`, from the top of the
        working tree) as at a decision, grouped like a correction's; nothing of the plan's
        records changes."""
        plan, target = resolve_decision(self.store, plan_ref, decision_ref)
        refuse_uncheckpointed(self.store.decisions(plan.id), target)
        assert target.checkpoint_before is not None
        with self.operations.locks.hold(plan.id, "agents plan restore --dry-run", shared=True):
            decisions = active(self.store.decisions(plan.id))
            before = self.store.checkpoint(target.checkpoint_before)
            now = self.checkpoints.snapshot_tree(plan.id, scratch=True)
            files = self.files.plan(plan, before.tree, now, decisions, paths, False)
        return CorrectionPlan(plan, target, [], files)

    def restore(
        self, preview: CorrectionPlan, paths: list[str], resolution: Resolution, command: str
    ) -> tuple[Operation, list[str]]:
        """Put files back as they were at a decision, as an operation `undo` reverses.

        Returns the operation and the paths left in conflict (merge markers, or not merged).
        """
        assert preview.files is not None and preview.target is not None
        self.files.resolve_check(preview.files, resolution)
        target = preview.target
        assert target.checkpoint_before is not None
        with self.operations.operation(preview.plan, "restore", command) as op:
            assert op.files_before is not None
            plan = self.store.plan(preview.plan.id)
            decisions = active(self.store.decisions(plan.id))
            files = self.files.plan(
                plan,
                self.store.checkpoint(target.checkpoint_before).tree,
                self.store.checkpoint(op.files_before).tree,
                decisions,
                paths,
                False,
            )
            resolved = self.files.resolve(files, resolution)
            to = self.checkpoints.at_tree(plan.id, resolved.tree, f"files of decision {target.id}")
            self.checkpoints.restore(to, in_step=True, keeping=self.operations.keeping(op))
            count = len(files.groups.restored) + len(files.groups.conflicts)
            op.summary = (
                f"restored {count} file{'' if count == 1 else 's'} as at decision {target.id}"
            )
        return op, [*resolved.markers, *resolved.unmerged]
