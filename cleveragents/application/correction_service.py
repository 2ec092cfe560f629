"""CorrectionService: send a plan back to a decision, with guidance, and re-execute its subtree."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from cleveragents.application.claude_code_correction import CodingCorrection, asked_of_claude_code
from cleveragents.application.correction_plan import (
    CorrectionPlan,
    CorrectionQuestions,
    CorrectionRequest,
    CorrectionResult,
    calls_are_units,
    resolve_decision,
    since,
)
from cleveragents.application.file_restore import FileRestore, spared
from cleveragents.application.intervention import intervene, supersede
from cleveragents.application.operation_log import OperationLog
from cleveragents.application.plan_lifecycle import PlanLifecycleService
from cleveragents.application.pulled_plans import pulled
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.checkpoint import Checkpoint
from cleveragents.domain.command_environment import passed_variables, with_pass_env
from cleveragents.domain.corrected_context import (
    CorrectedContext,
    branch_checkpoint,
    branch_message,
    corrected_context,
    told_differing,
)
from cleveragents.domain.correction import Correction, CorrectionMode, Operation, Restore
from cleveragents.domain.decision import Decision, DecisionStatus
from cleveragents.domain.plan import ActorSpec, Plan
from cleveragents.domain.restore_points import refuse_uncheckpointed
from cleveragents.domain.restore_scope import Resolution, Scope
from cleveragents.domain.strategy import ActorContext
from cleveragents.domain.tree import active, affected_by, anchor_of, main_line_tip
from cleveragents.errors import BadInput
from cleveragents.ports import CheckpointStore, PlanStore


class CorrectionService:
    """Revert (files and/or context back to a decision) or append guidance, then re-execute."""

    def __init__(
        self,
        store: PlanStore,
        checkpoints: CheckpointStore,
        lifecycle: PlanLifecycleService,
        operations: OperationLog,
        files: FileRestore,
        reload: Callable[[ActorSpec], ActorSpec],
    ) -> None:
        self.store = store
        self.checkpoints = checkpoints
        self.lifecycle = lifecycle
        self.operations = operations
        self.files = files
        self.reload = reload  # the actor spec with the plan file as it is on disk now
        self.coding: Callable[[], CodingCorrection] | None = None  # Claude Code's plans

    def correct(
        self, request: CorrectionRequest, questions: CorrectionQuestions
    ) -> CorrectionResult | CorrectionPlan:
        """`agents plan correct`: an append, or a revert previewed, settled with the person
        (`questions`) and made; a dry run answers the preview and changes nothing."""
        coding = self.coding if request.execute and not request.dry_run else None
        if coding is not None and calls_are_units(self.store.plan(request.plan)):
            coding().ready()  # refused before anything is restored or recorded
        if request.mode is CorrectionMode.APPEND:
            return self.append(
                request.plan, request.guidance, request.execute, request.command, request.pass_env
            )
        assert request.decision is not None
        preview = self.preview(request.plan, request.decision, request.scope)
        if request.restore is Restore.CONTEXT:
            preview = replace(preview, files=None)
        questions.previewed(preview, request)
        if request.dry_run:
            return preview
        chosen = questions.settle(preview, request, request.resolution)
        return self.revert(
            request.plan,
            request.decision,
            request.guidance,
            request.restore,
            request.execute,
            request.command,
            preview=preview,
            scope=preview.scope,
            resolution=chosen,
            pass_env=request.pass_env,
        )

    def preview(
        self, plan_ref: str | None, decision_ref: str, scope: Scope | None = Scope.AGENT
    ) -> CorrectionPlan:
        """The decisions a revert to `decision_ref` supersedes and the files it changes.

        `scope` None: agent, unless this clone never changed the plan (it was pulled from
        another): its working tree then holds none of the plan's work, and the whole tree
        goes back as at the decision.

        Read under the plan's lock: a command still changing the plan is named (exit 3),
        rather than its half-made state taken for the plan's.
        """
        plan, _ = resolve_decision(self.store, plan_ref, decision_ref)
        with self.operations.locks.hold(plan.id, "agents plan correct --dry-run", shared=True):
            plan, target = resolve_decision(self.store, plan.id, decision_ref.split(":")[-1])
            if target.status is not DecisionStatus.ACTIVE:
                raise BadInput(
                    f"decision {target.id} of plan {plan.id} is {target.status.value}",
                    hint=f"correct a live decision: see `agents plan tree {plan.id} --active`",
                )
            if scope is None:
                ours = any(map(self.operations.made_here, self.store.operations(plan.id)))
                scope = Scope.AGENT if ours else Scope.FULL
            refuse_uncheckpointed(self.store.decisions(plan.id), target)
            assert target.checkpoint_before is not None
            affected = affected_by(self.store.decisions(plan.id), target, calls_are_units(plan))
            before = self.store.checkpoint(target.checkpoint_before)
            now = self.checkpoints.snapshot_tree(plan.id, scratch=True)
            files = self.files.plan(
                plan, before.tree, now, since(affected, target), None, scope is Scope.FULL
            )
            files, _ = self.files.saved_put_back(plan, files, affected, scope is Scope.FULL)
        return CorrectionPlan(plan, target, affected, files, scope)

    def revert(
        self,
        plan_ref: str | None,
        decision_ref: str,
        guidance: str,
        restore: Restore,
        execute: bool,
        command: str,
        preview: CorrectionPlan | None = None,
        scope: Scope = Scope.AGENT,
        resolution: Resolution = Resolution.ASK,
        pass_env: Sequence[str] | None = None,
    ) -> CorrectionResult:
        """Restore files and/or context to the target, supersede its subtree, re-execute.

        `scope` agent restores only what the superseded subtree changed; a path the user
        changed too is a conflict, settled by `resolution` (ASK refuses: exit 3, nothing
        changed). `preview` is the one the caller showed (it snapshots the working tree: no
        need to do it twice); what it supersedes is read again once the plan is locked.
        """
        passed = None if pass_env is None else passed_variables(pass_env)
        preview = preview or self.preview(plan_ref, decision_ref, scope)
        self._asked(preview.plan, preview.target, guidance, restore)  # refused before changes
        spec = self._edited_spec(preview.plan)
        if restore is not Restore.CONTEXT and preview.files is not None:
            self.files.resolve_check(preview.files, resolution)
        with self.operations.operation(preview.plan, "correct", command) as op:
            plan = with_pass_env(self.store.plan(preview.plan.id), passed)
            preview = self._still_live(preview)
            target = preview.target
            assert target is not None and target.checkpoint_before and target.actor_state_before
            assert op.files_before is not None
            cid = f"c{len(self.store.corrections(plan.id)) + 1}"
            restored = self.store.checkpoint(target.checkpoint_before)
            conflicts_left: list[str] = []
            if restore is not Restore.CONTEXT:
                preview, restored, conflicts_left = self._restore_files(
                    plan, preview, op, scope, resolution, cid
                )
            plan, notices = self._edited_plan_file(plan, spec)
            corrected, message_id = self._corrected(
                plan, preview, guidance, restore, restored.tree, op.files_before
            )
            correction = Correction(
                id=cid,
                plan_id=plan.id,
                mode=CorrectionMode.REVERT,
                target=target.id,
                guidance=guidance,
                restore=restore,
                scope=scope.value,
                files=preview.files.groups.as_json() if preview.files else {},
                affected=[d.id for d in preview.affected],
                safety_checkpoint=op.files_before,
                restored_checkpoint=restored.id if restore is not Restore.CONTEXT else None,
                created_at=self.lifecycle.clock.now(),
            )
            outcome = f"back to decision {target.id}: {len(preview.affected)} decisions superseded"
            plan, intervention, state = intervene(
                self.store,
                self.lifecycle.clock.now,
                plan,
                correction,
                anchor_of(preview.affected, target).parent_id,
                corrected.context,
                message_id,
                branch_checkpoint(restore, restored.id, op.files_before),
                outcome,
                self._asked(plan, target, guidance, restore),
            )
            supersede(self.store, preview.affected, correction.id)
            op.summary = f"correction {correction.id}: reverted to decision {target.id}"
            go_on = execute and not conflicts_left
            result = self._finish(plan, correction, intervention, state, go_on, preview, op)
            return replace(
                result,
                notices=[*notices, *result.notices],
                conflicts_left=conflicts_left,
                avoided=corrected.avoided,
            )

    def _restore_files(
        self,
        plan: Plan,
        preview: CorrectionPlan,
        op: Operation,
        scope: Scope,
        resolution: Resolution,
        cid: str,
    ) -> tuple[CorrectionPlan, Checkpoint, list[str]]:
        """The files back as at the target, grouped again against the safety checkpoint
        (the files as they are now): the preview with those groups, the checkpoint
        restored, and the conflicts left in the files (markers, or files not merged)."""
        target = preview.target
        assert target is not None and target.checkpoint_before and op.files_before
        before = self.store.checkpoint(target.checkpoint_before).tree
        now = self.store.checkpoint(op.files_before).tree
        full = scope is Scope.FULL
        files = self.files.plan(plan, before, now, since(preview.affected, target), None, full)
        files, replaced = self.files.saved_put_back(plan, files, preview.affected, full)
        resolved = self.files.resolve(files, resolution)
        restored = self.checkpoints.at_tree(
            plan.id, resolved.tree, f"files restored by correction {cid}"
        )
        # The safety checkpoint has just scanned the working tree: no second scan.
        self.checkpoints.restore(
            restored,
            replaced,
            in_step=True,
            spare=spared(files, resolution),
            keeping=self.operations.keeping(op),
        )
        return replace(preview, files=files), restored, [*resolved.markers, *resolved.unmerged]

    def _corrected(
        self,
        plan: Plan,
        preview: CorrectionPlan,
        guidance: str,
        restore: Restore,
        restored: str,
        safety: str,
    ) -> tuple[CorrectedContext, int | None]:
        """What the redone branch knows (`domain/corrected_context.py`), and the message of
        the conversation it goes on from."""
        target = preview.target
        assert target is not None and target.actor_state_before
        at_target = self.store.actor_state(target.actor_state_before)
        latest = self.store.actor_state(plan.actor_state) if plan.actor_state else at_target
        shown = preview.files if restore is not Restore.CONTEXT else None
        differ = told_differing(
            restore,
            preview.changed_paths,
            lambda: self.checkpoints.trees.changed_paths(
                restored, self.store.checkpoint(safety).tree
            ),
        )
        corrected = corrected_context(
            ActorContext.from_state(plan.task, at_target.data),
            guidance,
            preview.affected,
            target,
            differ,
            shown.groups.kept if shown else [],
        )
        return corrected, branch_message(restore, latest.message_id, at_target.message_id)

    def _still_live(self, preview: CorrectionPlan) -> CorrectionPlan:
        """The preview with its target and subtree as the locked plan has them now."""
        assert preview.target is not None
        decisions = self.store.decisions(preview.plan.id)
        target = next(d for d in decisions if d.id == preview.target.id)
        if target.status is not DecisionStatus.ACTIVE:
            raise BadInput(
                f"decision {target.id} was {target.status.value} meanwhile",
                hint=f"see `agents plan tree {preview.plan.id} --active`",
            )
        calls = calls_are_units(preview.plan)
        return replace(preview, target=target, affected=affected_by(decisions, target, calls))

    def append(
        self,
        plan_ref: str | None,
        guidance: str,
        execute: bool,
        command: str,
        pass_env: Sequence[str] | None = None,
    ) -> CorrectionResult:
        """Keep files and context, add the guidance at the head, re-enter Strategize."""
        passed = None if pass_env is None else passed_variables(pass_env)
        plan = self.store.plan(plan_ref)
        spec = self._edited_spec(plan)
        with self.operations.operation(plan, "correct", command) as op:
            plan, notices = self._edited_plan_file(self.store.plan(plan.id), spec)
            plan = with_pass_env(plan, passed)
            decisions = self.store.decisions(plan.id)
            tip = main_line_tip(decisions)
            if calls_are_units(plan):  # its calls form one line: the newest is the tip
                tip = max(active(decisions), key=lambda d: d.seq, default=None)
            latest = self.store.actor_state(plan.actor_state) if plan.actor_state else ActorState()
            context = ActorContext.from_state(plan.task, latest.data)
            context = context.model_copy(update={"guidance": [*context.guidance, guidance]})
            correction = Correction(
                id=f"c{len(self.store.corrections(plan.id)) + 1}",
                plan_id=plan.id,
                mode=CorrectionMode.APPEND,
                target=None,
                guidance=guidance,
                restore=Restore.BOTH,
                safety_checkpoint=op.files_before,
                created_at=self.lifecycle.clock.now(),
            )
            plan, intervention, state = intervene(
                self.store,
                self.lifecycle.clock.now,
                plan,
                correction,
                tip.id if tip else None,
                context,
                latest.message_id,
                op.files_before,
                "guidance added at the head",
                self._asked(plan, None, guidance, Restore.BOTH),
            )
            op.summary = f"correction {correction.id}: guidance appended"
            shown = CorrectionPlan(plan, None, [])
            result = self._finish(plan, correction, intervention, state, execute, shown, op)
            return replace(result, notices=[*notices, *result.notices])

    def _asked(
        self, plan: Plan, target: Decision | None, guidance: str, restore: Restore
    ) -> dict[str, Any] | None:
        """What the correction asks of Claude Code, for its plans (None for others)."""
        state = {}
        if target is not None and target.actor_state_before is not None:
            state = self.store.actor_state(target.actor_state_before).data
        return asked_of_claude_code(plan, target, state, guidance, restore)

    def _edited_spec(self, plan: Plan) -> ActorSpec:
        """The actor spec with the plan file as it is on disk now; refused before any change
        when the edit adds a command nobody here vouched for (a sandboxed command may have
        written the file). A pulled plan replays what its records hold."""
        if pulled(self.store, plan):
            return plan.actor  # its records' script: its source names no file of this clone
        spec = self.reload(plan.actor)
        if spec != plan.actor:
            self.lifecycle.trust.edited(plan, plan.model_copy(update={"actor": spec}))
        return spec

    def _edited_plan_file(self, plan: Plan, spec: ActorSpec) -> tuple[Plan, list[str]]:
        """The plan with its plan file as the user left it (the file is theirs: a step they
        added is one to run), and the notice saying so when it changed."""
        if spec == plan.actor:
            return plan, []
        notice = (
            f"the plan file {spec.source} changed since the run: re-executing with the edited file"
        )
        return plan.model_copy(update={"actor": spec}), [notice]

    def _finish(
        self,
        plan: Plan,
        correction: Correction,
        intervention: Decision,
        state: ActorState,
        execute: bool,
        preview: CorrectionPlan,
        op: Operation,
    ) -> CorrectionResult:
        calls_before = plan.usage.actor_calls
        notices: list[str] = []
        keeping = self.operations.keeping(op)  # what the re-execution saves: the correction's
        if execute and self.coding is not None and calls_are_units(plan):
            plan, notices = self.coding().correct(plan, intervention, keeping)
        elif execute:
            plan = self.lifecycle.continue_from(plan, None, intervention, state, keeping)
        later = f"recorded; `agents plan resume {plan.id}` re-executes"
        outcome = plan.outcome if execute else later
        correction = correction.model_copy(
            update={"intervention": intervention.id, "outcome": outcome}
        )
        with self.store.transaction():
            self.store.save_correction(correction)
        return CorrectionResult(
            correction, plan, preview, plan.usage.actor_calls - calls_before, notices
        )
