"""OperationLog: every command that changes files or plan state is an operation, and undoable."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext

from cleveragents.application import undo_target
from cleveragents.application.file_refusals import refused_back, refused_settle
from cleveragents.application.file_restore import FileRestore, ResolvedFiles
from cleveragents.application.killed_git import first_look
from cleveragents.application.operation_repair import held_note
from cleveragents.application.settle_restore import retried
from cleveragents.application.undo_files import UndoFiles, UndoResult
from cleveragents.domain.checkpoint import Checkpoint, Keep, Keeping, SavedFiles
from cleveragents.domain.correction import Operation, OperationStatus
from cleveragents.domain.decision import DecisionStatus
from cleveragents.domain.plan import Plan, PlanStatus
from cleveragents.domain.restore_scope import Resolution
from cleveragents.domain.stops import UNDER_WAY
from cleveragents.errors import (
    BadInput,
    CleverAgentsError,
    ConflictingState,
    Interrupted,
    interrupted_by,
)
from cleveragents.ports import CheckpointStore, Clock, PlanLocks, PlanStore

UNDO = "undo"
CORRECT = "correct"
DELETE = "delete"
RESTARTABLE = ("run", "resume")  # interrupted, these leave a plan `agents plan resume` continues
ROLLED_BACK = "interrupted; files and plan state put back as they were before it"
# A plan's outcome when the next command finds its run's command gone without a word.
KILLED = "interrupted: the command running it ended without finishing (killed?)"

# Holds interrupts back while the block runs (a rollback must not stop halfway).
Shield = Callable[[], AbstractContextManager[None]]


class OperationLog:
    """Records operations with what it takes to put things back, and puts them back."""

    def __init__(
        self,
        store: PlanStore,
        checkpoints: CheckpointStore,
        locks: PlanLocks,
        clock: Clock,
        shield: Shield = nullcontext,
    ) -> None:
        self.store = store
        self.checkpoints = checkpoints
        self.locks = locks
        self.clock = clock
        self.shield = shield
        self.notices: list[str] = []
        self.unsettled: str | None = None  # a killed run's settling left files: what to do
        # Names a killed command's box stood on (`mount_points.sweep`): what stands there
        # now is not its bytes, and stays when a killed run's host-run files are put back.
        self.spared: frozenset[str] = frozenset()
        self.undo_files = UndoFiles(store, checkpoints)
        self.files = FileRestore(store, checkpoints)  # how a correction settles conflicts

    def settle(self) -> None:
        """Repair what killed commands (not running) and earlier repairs left (`retried`)."""
        owed = self.store.running_operations(None, owed=True)
        for plan_id in dict.fromkeys(op.plan_id for op in owed):
            with ExitStack() as held:
                try:
                    held.enter_context(self.locks.hold(plan_id, "repair"))
                except ConflictingState:
                    continue  # the operation's command is alive and holds the lock
                # A repair that fails says why (a stale lock it cannot clear): never silent.
                self.checkpoints.clear_stale_locks(plan_id)
                retried(self, plan_id)  # first: what this repair fails on, the next command tries
                self.repair(plan_id)

    @contextmanager
    def operation(
        self,
        plan: Plan,
        kind: str,
        command: str,
        check: Callable[[Plan], None] | None = None,
        files: bool = True,
        records: bool = False,
        new: bool = False,
        vet: Callable[[Checkpoint], None] | None = None,
    ) -> Iterator[Operation]:
        """Lock the plan, take a safety checkpoint, and record the operation around the block.

        `check` may refuse the operation before anything is done, `vet` once the safety
        checkpoint holds the working tree (no operation is recorded then either).

        `new`: the plan is not stored yet (a run's): it is, once the lock is held, so a run
        the lock refuses leaves nothing behind.

        `files` False: the operation changes plan state only (a delete), so no checkpoint
        of the working tree is taken, and undoing it leaves the files as they are.
        `records`: the block may replace any of the plan's records (a pull), so they are
        kept whole with the operation, and putting it back imports them again.

        An exception inside puts files and plan state back as they were (nothing half
        done). So does an interrupt, except of a run or resume: that keeps what was
        recorded, for `agents plan resume`, and stays undoable.
        """
        with self.locks.hold(plan.id, command):
            if new:
                with self.store.transaction():
                    self.store.save_plan(plan)
            self.checkpoints.clear_stale_locks(plan.id)
            self.repair(plan.id)
            plan = self.store.plan(plan.id, deleted=True)  # the caller found it: undo may
            if check is not None:
                check(plan)
            safety = None
            if files:
                safety = self.checkpoints.create(plan.id, f"safety checkpoint before {kind}")
                if vet is not None:
                    vet(safety)
            with self.store.transaction():
                if safety is not None:
                    self.store.save_checkpoint(safety)
                op = Operation(
                    id=self.store.next_operation_id(),
                    plan_id=plan.id,
                    kind=kind,
                    command=command,
                    files_before=safety.id if safety is not None else None,
                    plan_before=plan.model_dump(mode="json"),
                    decisions_before={
                        d.id: [d.status.value, d.superseded_by]
                        for d in self.store.decisions(plan.id)
                    },
                    made_in=self.store.store_id,
                    records_before=(
                        self.store.export_records(plan.id).decode() if records else None
                    ),
                    journal=[] if kind == CORRECT else None,
                    created_at=self.clock.now(),
                )
                self.store.save_operation(op)
            # The block's calls are given `keeping(op)`; what a rollback destroys goes there too.
            keep = self.keeping(op).keep
            try:
                yield op
            except KeyboardInterrupt as stop:
                try:
                    with self.shield():
                        if files and op.kind in RESTARTABLE:  # it keeps what it did
                            self.record_end(op, scan=True)
                        self.settle_interrupted(op, interrupted_by(stop), keep)
                except CleverAgentsError as failed:
                    raise ConflictingState(
                        f"interrupted, and putting operation {op.id} back failed: {failed.message}",
                        hint="the next `agents` command in this repository tries again",
                    ) from failed
                raise self._interrupted(op, stop) from None
            except BaseException as error:
                with self.shield(), refused_back(op, error):
                    self.put_back(op, keep)
                    self._finish(op, OperationStatus.ROLLED_BACK)
                raise
            if files:
                self.record_end(op)
            self._finish(op, OperationStatus.DONE)

    def keeping(self, op: Operation) -> Keeping:
        """What the checkpoint calls made for `op` are given: what they save goes into its
        record, each in a transaction of its own, before they destroy anything; so does
        what its journal names (a correction's), before it is written."""

        def keep(saved: SavedFiles) -> None:
            op.saved.append(saved)
            with self.store.transaction():
                self.store.save_operation(op)

        def journal(entry: str) -> None:
            if op.journal is not None and op.journal[-1:] != [entry]:
                op.journal.append(entry)
                with self.store.transaction():
                    self.store.save_operation(op)

        return Keeping(keep, journal, first_look(self, op))

    def undo(
        self,
        operation_id: int | None,
        command: str,
        resolution: Resolution = Resolution.ASK,
    ) -> UndoResult:
        """Put back what an operation (the newest by default) changed, and plan state as it
        was before it.

        Only the paths the operation changed go back: what changed since and was not its
        change stays; a path both changed is a conflict, settled by `resolution` (ASK
        refuses: exit 3, nothing changed). An operation whose end was not recorded puts
        the whole tree back as before it.

        The undo is an operation too: undoing it redoes what it undid. An interrupted run
        or resume undoes like a finished one. Newer operations that were rolled back have
        nothing left to undo; the undo says it passed them.
        """
        target = self.target(operation_id)
        plan = self.store.plan(target.plan_id, deleted=True)
        if plan.deleted_at is not None and target.kind != DELETE:
            deletes = [op.id for op in self.store.operations(plan.id) if op.kind == DELETE]
            raise BadInput(
                f"plan {plan.id} is deleted: operation {target.id} ({target.kind}) cannot be "
                "undone while it is",
                hint=f"bring it back first with `agents plan undo {deletes[-1]}`",
            )
        selective = self.undo_files.selective(target)
        since = _since(target)

        def vet(safety: Checkpoint) -> None:  # conflicts nobody settled: no operation at all
            if selective and resolution is Resolution.ASK:
                files = self.undo_files.plan(target, safety.tree)
                self.files.resolve_check(files, resolution, since)

        files = target.files_before is not None
        records = target.records_before is not None
        again = (lambda _: self.refuse_undone(target)) if operation_id is not None else None
        result = None
        with self.operation(
            plan, UNDO, command, check=again, files=files, records=records, vet=vet
        ) as undo:
            undo.undoes = target.id
            undo.summary = f"undid operation {target.id} ({target.kind})"
            result = UndoResult(target, undo, whole=files and not selective)
            if selective:
                assert undo.files_before is not None
                now = self.store.checkpoint(undo.files_before).tree
                result.files = self.undo_files.plan(target, now)
                result.resolved = self.undo_files.whole(
                    result.files, resolution
                ) or self.files.resolve(result.files, resolution, since)
            # The undo's safety checkpoint scanned the working tree just now.
            spare = self.undo_files.spared(result.files, resolution)
            left = self.undo_files.left_standing(target)  # as the safety checkpoint found
            kept = self.keeping(undo).keep  # what the undo destroys: undoing it brings it back
            self.put_back(target, kept, in_step=True, tree=result.resolved, spare=spare)
            if files:
                result.put_back = list(self.checkpoints.put_back_paths)
            self.notices += left
            if target.held_out:  # what no undo writes back, and where it is
                undo.summary += held_note(target)
                self.notices.append(undo.summary)
        if operation_id is None:
            self.notices += [
                f"operation {op.id} ({op.kind}) is newer, but was rolled back: "
                "nothing of it was left to undo"
                for op in self.store.operations()
                if target.id < op.id < undo.id and op.status is OperationStatus.ROLLED_BACK
            ]
        return result

    def put_back(
        self,
        op: Operation,
        keep: Keep,
        in_step: bool = False,
        tree: ResolvedFiles | None = None,
        spare: Sequence[str] = (),
    ) -> None:
        """Files to the operation's safety checkpoint (or to `tree`, an undo's: only what
        the operation changed put back, and of its saved files none of `spare`); plan and
        decision states to before it. What no checkpoint holds that it destroys, to `keep`.

        `in_step`: the working tree was scanned just now (see `GitCheckpoints.restore`).
        """
        assert op.plan_before is not None
        if op.files_before is not None:  # None: an operation on plan state only (a delete)
            to = self.store.checkpoint(op.files_before)
            if tree is not None and tree.tree != to.tree:
                to = self.checkpoints.at_tree(op.plan_id, tree.tree, f"undo of operation {op.id}")
            # Putting back is not what the operation wrote: its journal ends here.
            kept = Keeping(keep, _unjournaled)
            self.checkpoints.restore(to, list(op.saved), in_step, spare, kept)
        if op.records_before is not None:  # a pull: the plan's records as they were, whole
            self.store.import_records(op.records_before.encode())
            # As records they came back as another clone's; the settings were this one's.
            plan = self.store.plan(op.plan_id, deleted=True)
            with self.store.transaction():
                self.store.save_plan(
                    plan.model_copy(update={"settings_from": op.plan_before.get("settings_from")})
                )
            return
        with self.store.transaction():
            self.store.save_plan(Plan.model_validate(op.plan_before))
            for decision in self.store.decisions(op.plan_id):
                status, by = op.decisions_before.get(
                    decision.id, [DecisionStatus.REVERTED.value, f"operation {op.id}"]
                )
                if (decision.status.value, decision.superseded_by) != (status, by):
                    self.store.save_decision(
                        decision.model_copy(
                            update={
                                "status": DecisionStatus(status or "active"),
                                "superseded_by": by,
                            }
                        )
                    )

    def record_end(self, op: Operation, scan: bool = False) -> None:
        """Keep the working tree as the operation leaves it: the plan's last checkpoint
        when it is the tree now (nothing to read again), else a new one. `scan`: the last
        checkpoint may be older than what an interrupted command changed: read it all."""
        label = f"end of operation {op.id} ({op.kind})"
        journal = self.keeping(op).journal  # its end tree: a correction's journal ends there
        end = self.checkpoints.create(op.plan_id, label, None if scan else [], journal)
        with self.store.transaction():
            self.store.save_checkpoint(end)
        op.files_after = end.id
        op.modes_after = self.undo_files.end_modes(op, end.tree)
        if op.saved:  # and what it saved that no tree holds, as it leaves it
            paths = (p for r in op.saved for p in [*r.paths, *r.folders])  # folders' modes too
            op.saved_after = self.checkpoints.saved_states(paths)

    def repair(self, plan_id: str) -> None:
        """Settle operations a killed command left running (we hold the plan's lock)."""
        from cleveragents.application.operation_repair import settle_killed, settled_notes

        for op in self.store.running_operations(plan_id):
            # Settling is not what the killed operation wrote: no call is given its journal.
            with self.shield(), refused_settle(op):
                repair, first = settle_killed(self, op, KILLED)
            self.notices += settled_notes(op, repair, first)

    def settle_interrupted(
        self, op: Operation, outcome: str, keep: Keep, tree: ResolvedFiles | None = None
    ) -> None:
        """Settle an operation its command did not finish: a run or resume keeps what it
        did, resumable and undoable; anything else goes back to its safety checkpoint (or
        to `tree`: a killed correction's, only what it wrote put back; what that destroys
        no checkpoint holds, to `keep`).

        A plan the run left under way is `interrupted`, with `outcome` saying by what; one
        it had already ended (completed, failed, stopped) keeps what it says.
        """
        if op.kind in RESTARTABLE:
            plan = self.store.plan(op.plan_id)
            if plan.status in UNDER_WAY:
                plan = plan.model_copy(
                    update={"status": PlanStatus.INTERRUPTED, "outcome": outcome}
                )
                with self.store.transaction():
                    self.store.save_plan(plan)
            op.summary = (
                f"interrupted; `agents plan resume {op.plan_id}` continues it, "
                f"`agents plan undo {op.id}` undoes it"
            )
            self._finish(op, OperationStatus.INTERRUPTED)
        else:
            self.put_back(op, keep, tree=tree)
            op.summary = ROLLED_BACK
            self._finish(op, OperationStatus.ROLLED_BACK)

    def _interrupted(self, op: Operation, stop: KeyboardInterrupt) -> Interrupted:
        """The interrupt, saying where it left the operation (for the one stderr line)."""
        interrupted = stop if isinstance(stop, Interrupted) else Interrupted()
        if op.status is OperationStatus.INTERRUPTED:
            interrupted.outcome = (
                f"plan {op.plan_id} stopped where it was; continue it with "
                f"`agents plan resume {op.plan_id}`, or undo it with `agents plan undo {op.id}`"
            )
        else:
            interrupted.outcome = (
                f"operation {op.id} ({op.kind}) was rolled back; "
                f"files and plan state are as they were before it (`{op.command}` runs it again)"
            )
        return interrupted

    def refuse_undone(self, op: Operation) -> None:
        """Refuse (exit 3) to undo again what an undo in force took back (`undo_target`)."""
        undo_target.refuse_undone(self.store, op)

    def target(self, operation_id: int | None) -> Operation:
        """The operation `undo` would take back: `operation_id`, or the newest undoable one."""
        return undo_target.target(self.store, operation_id)

    def made_here(self, op: Operation) -> bool:
        """Whether `op` was made in this plan store, not pulled with its plan from another."""
        return undo_target.made_here(self.store, op)

    def _finish(self, op: Operation, status: OperationStatus) -> None:
        op.status = status
        op.finished_at = self.clock.now()
        with self.store.transaction():
            self.store.save_operation(op)


def _since(op: Operation) -> str:
    return f"operation {op.id} ({op.kind})"


def _unjournaled(entry: str) -> None:
    """Where a journal entry goes when none is kept."""
