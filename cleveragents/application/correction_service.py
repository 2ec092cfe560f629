"""CorrectionService: send a plan back to a decision, with guidance, and re-execute its subtree."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cleveragents.application.claude_code_correction import (
    KIND,
    CodingCorrection,
    asked_of_claude_code,
)
from cleveragents.application.file_restore import FileRestore, FilesPlan
from cleveragents.application.operation_log import OperationLog
from cleveragents.application.plan_lifecycle import PlanLifecycleService
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.command_environment import passed_variables, with_pass_env
from cleveragents.domain.correction import Correction, CorrectionMode, Operation, Restore
from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import ActorSpec, Phase, Plan, PlanStatus
from cleveragents.domain.restore_scope import Resolution, Scope
from cleveragents.domain.strategy import ActorContext
from cleveragents.domain.tree import (
    active,
    affected_by,
    anchor_of,
    avoid_note,
    decision_id,
    main_line_tip,
    next_decision_id,
    options_to_avoid,
)
from cleveragents.errors import BadInput, UnknownDecision
from cleveragents.ports import CheckpointStore, PlanStore

OUTSIDE = "had effects outside the working tree"


@dataclass
class CorrectionPlan:
    """What a correction would do: for `--dry-run` and for the question asked before it."""

    plan: Plan
    target: Decision | None
    affected: list[Decision]
    files: FilesPlan | None = None
    scope: Scope = Scope.AGENT

    @property
    def outside_tree(self) -> list[tuple[Decision, str]]:
        """The superseded decisions marked irreversible, each with what it did outside the
        working tree (a Claude Code call says which; a command, only that it did)."""
        return [
            (d, str(d.action.get("outside") or OUTSIDE))
            for d in self.affected
            if d.action is not None and d.action.get("irreversible")
        ]

    @property
    def changed_paths(self) -> list[str]:
        """The paths the restore may change: restored, and in conflict."""
        if self.files is None:
            return []
        return sorted([*self.files.groups.restored, *self.files.groups.conflicts])


@dataclass
class CorrectionResult:
    correction: Correction
    plan: Plan
    preview: CorrectionPlan
    actor_calls: int
    notices: list[str] = field(default_factory=list)
    conflicts_left: list[str] = field(default_factory=list)  # markers, or files not merged
    # By step number: the options the redone step takes only when no other is left.
    avoided: dict[str, list[str]] = field(default_factory=dict)


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
            assert target.checkpoint_before is not None  # every decision records one
            affected = affected_by(self.store.decisions(plan.id), target, _calls(plan))
            before = self.store.checkpoint(target.checkpoint_before)
            now = self.checkpoints.snapshot_tree(plan.id, scratch=True)
            files = self.files.plan(
                plan, before.tree, now, since(affected, target), None, scope is Scope.FULL
            )
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
                # Grouped again against the safety checkpoint: the files as they are now.
                now = self.store.checkpoint(op.files_before).tree
                files = self.files.plan(
                    plan,
                    restored.tree,
                    now,
                    since(preview.affected, target),
                    None,
                    scope is Scope.FULL,
                )
                preview = replace(preview, files=files)
                resolved = self.files.resolve(files, resolution)
                conflicts_left = [*resolved.markers, *resolved.unmerged]
                restored = self.checkpoints.at_tree(
                    plan.id, resolved.tree, f"files restored by correction {cid}"
                )
                replaced = [saved for d in preview.affected for saved in d.replaced]
                # The safety checkpoint has just scanned the working tree: no second scan.
                self.checkpoints.restore(restored, replaced, in_step=True)
            plan, notices = self._edited_plan_file(plan)
            at_target = self.store.actor_state(target.actor_state_before)
            latest = self.store.actor_state(plan.actor_state) if plan.actor_state else at_target
            # The conversation branches at the target unless only the files go back; progress
            # (completed steps) always follows the target, since its subtree is redone.
            message_id = latest.message_id if restore is Restore.FILES else at_target.message_id
            context = ActorContext.from_state(plan.task, at_target.data)
            used: dict[str, list[str]] = defaultdict(list, context.superseded_options)
            avoided = options_to_avoid(preview.affected, target)
            notes = context.notes
            for step, options in avoided.items():
                used[step] += [o for o in options if o not in used[step]]
                notes = [*notes, avoid_note(step, options)]
            differ = preview.changed_paths if restore is Restore.FILES else []
            if restore is Restore.CONTEXT:
                # The files stay: each that differs from the target's checkpoint differs
                # from what the actor saw there, the user's edits too.
                differ = self.checkpoints.changed_paths(
                    restored.tree, self.store.checkpoint(op.files_before).tree
                )
            if differ:
                # What the actor last saw and the files now differ: say where.
                notes = [
                    *notes,
                    "files that differ from what you last saw: " + ", ".join(differ[:50]),
                ]
            kept = preview.files.groups.kept if preview.files else []
            if restore is not Restore.CONTEXT and kept:
                notes = [
                    *notes,
                    "the user's own edits, kept as they are (build on them): "
                    + ", ".join(kept[:50]),
                ]
            context = context.model_copy(
                update={
                    "guidance": [*context.guidance, guidance],
                    "superseded_options": dict(used),
                    "notes": notes,
                }
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
            after = restored.id if restore is not Restore.CONTEXT else op.files_before
            outcome = f"back to decision {target.id}: {len(preview.affected)} decisions superseded"
            plan, intervention, state = self._intervene(
                plan,
                correction,
                anchor_of(preview.affected, target).parent_id,
                context,
                message_id,
                after,
                outcome,
                self._asked(plan, target, guidance, restore),
            )
            with self.store.transaction():
                for d in preview.affected:
                    self.store.save_decision(
                        d.model_copy(
                            update={
                                "status": DecisionStatus.SUPERSEDED,
                                "superseded_by": correction.id,
                            }
                        )
                    )
            op.summary = f"correction {correction.id}: reverted to decision {target.id}"
            result = self._finish(
                plan, correction, intervention, state, execute and not conflicts_left, preview
            )
            return replace(
                result,
                notices=[*notices, *result.notices],
                conflicts_left=conflicts_left,
                avoided=avoided,
            )

    def preview_restore(
        self, plan_ref: str | None, decision_ref: str, paths: list[str]
    ) -> CorrectionPlan:
        """What `agents plan restore` would do: the files (or `paths`, from the top of the
        working tree) as at a decision, grouped like a correction's; nothing of the plan's
        records changes."""
        plan, target = resolve_decision(self.store, plan_ref, decision_ref)
        assert target.checkpoint_before is not None  # every decision records one
        with self.operations.locks.hold(plan.id, "agents plan restore --dry-run", shared=True):
            decisions = active(self.store.decisions(plan.id))
            before = self.store.checkpoint(target.checkpoint_before)
            now = self.checkpoints.snapshot_tree(plan.id, scratch=True)
            files = self.files.plan(plan, before.tree, now, decisions, paths, False)
        return CorrectionPlan(plan, target, [], files)

    def restore_files(
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
            self.checkpoints.restore(
                self.checkpoints.at_tree(plan.id, resolved.tree, f"files of decision {target.id}"),
                in_step=True,
            )
            count = len(files.groups.restored) + len(files.groups.conflicts)
            op.summary = (
                f"restored {count} file{'' if count == 1 else 's'} as at decision {target.id}"
            )
        return op, [*resolved.markers, *resolved.unmerged]

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
        calls = _calls(preview.plan)
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
        with self.operations.operation(plan, "correct", command) as op:
            plan, notices = self._edited_plan_file(self.store.plan(plan.id))
            plan = with_pass_env(plan, passed)
            decisions = self.store.decisions(plan.id)
            tip = main_line_tip(decisions)
            if _calls(plan):  # its calls form one line: the newest is the tip
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
            plan, intervention, state = self._intervene(
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
            result = self._finish(
                plan, correction, intervention, state, execute, CorrectionPlan(plan, None, [])
            )
            return replace(result, notices=[*notices, *result.notices])

    def _asked(
        self, plan: Plan, target: Decision | None, guidance: str, restore: Restore
    ) -> dict[str, Any] | None:
        """What the correction asks of Claude Code, for its plans (None for others)."""
        state = {}
        if target is not None and target.actor_state_before is not None:
            state = self.store.actor_state(target.actor_state_before).data
        return asked_of_claude_code(plan, target, state, guidance, restore)

    def _edited_plan_file(self, plan: Plan) -> tuple[Plan, list[str]]:
        """The plan with its plan file as the user left it (the file is theirs: a step they
        added is one to run), and the notice saying so when it changed."""
        spec = self.reload(plan.actor)
        if spec == plan.actor:
            return plan, []
        notice = (
            f"the plan file {spec.source} changed since the run: re-executing with the edited file"
        )
        return plan.model_copy(update={"actor": spec}), [notice]

    def _intervene(
        self,
        plan: Plan,
        correction: Correction,
        parent: str | None,
        context: ActorContext,
        message_id: int | None,
        files_after: str | None,
        outcome: str,
        asked: dict[str, Any] | None = None,
    ) -> tuple[Plan, Decision, ActorState]:
        """Record the guidance as a `user_intervention` decision and point the plan at it
        (with what it asks of Claude Code, for its plans)."""
        data = context.as_state() | ({"claude_code": asked} if asked is not None else {})
        state = ActorState(message_id=message_id, data=data)
        key = self.store.save_actor_state(state)  # unused if what follows fails: harmless
        decisions = self.store.decisions(plan.id)
        intervention = Decision(
            plan_id=plan.id,
            made_by=self.store.place,
            id=next_decision_id(decisions),
            seq=max((d.seq for d in decisions), default=0) + 1,
            parent_id=parent,
            kind=DecisionKind.USER_INTERVENTION,
            phase=Phase.STRATEGIZE,
            summary=f"correction {correction.id}: {correction.guidance}",
            ok=True,
            rationale=f"{correction.mode.value} correction",
            outcome=outcome,
            checkpoint_before=correction.safety_checkpoint,
            checkpoint_after=files_after,
            actor_state_before=key,
            created_at=self.lifecycle.clock.now(),
        )
        correction = correction.model_copy(update={"intervention": intervention.id})
        plan = plan.model_copy(
            update={
                "status": PlanStatus.STRATEGIZING,
                "phase": Phase.STRATEGIZE,
                "outcome": None,
                "exhausted": None,
                "head_decision": intervention.id,
                "actor_state": key,
                "updated_at": self.lifecycle.clock.now(),
            }
        )
        with self.store.transaction():
            self.store.save_decision(intervention)
            self.store.save_correction(correction)
            self.store.save_plan(plan)
        return plan, intervention, state

    def _finish(
        self,
        plan: Plan,
        correction: Correction,
        intervention: Decision,
        state: ActorState,
        execute: bool,
        preview: CorrectionPlan,
    ) -> CorrectionResult:
        calls_before = plan.usage.actor_calls
        notices: list[str] = []
        if execute and self.coding is not None and _calls(plan):
            plan, notices = self.coding().correct(plan, intervention)
        elif execute:
            plan = self.lifecycle.continue_from(plan, None, intervention, state)
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


def _calls(plan: Plan) -> bool:
    """Whether the plan's decisions are Claude Code's tool calls, each its own unit."""
    return plan.actor.kind == KIND


def since(affected: list[Decision], target: Decision) -> list[Decision]:
    """The superseded decisions taken from the target on: what was done before it (earlier
    in the target's own step) is not undone, as the files go back to the target's checkpoint."""
    return [d for d in affected if d.seq >= target.seq]


def resolve_decision(store: PlanStore, plan_ref: str | None, ref: str) -> tuple[Plan, Decision]:
    """`7` (or `#7`, as `plan tree` prints it) in the given (or newest) plan, or `PLAN:7`;
    unknown ids are one clear error."""
    plan = store.plan(plan_ref)
    if ":" in ref:
        owner_ref, ref = ref.split(":", 1)
        owner = store.plan(owner_ref)
        if plan_ref is not None and owner.id != plan.id:
            raise BadInput(
                f"decision {owner.id}:{ref} belongs to plan {owner.id}, not {plan.id}",
                hint="drop --plan or name the decision's own plan",
            )
        plan = owner
    ref = decision_id(ref)
    found = next((d for d in store.decisions(plan.id) if d.id == ref), None)
    if found is None:
        raise UnknownDecision(
            f"plan {plan.id} has no decision {ref!r}", hint=f"see `agents plan tree {plan.id}`"
        )
    return plan, found
