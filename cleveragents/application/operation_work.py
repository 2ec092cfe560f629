"""What an operation that recorded decisions changed itself (a run, a resume, a correction
that ran the agent again): its decisions' own changes, not every difference between its
first checkpoint and its last.

A file the user made or edited in their editor while it ran (between two of its decisions,
while the model answered) is in that difference, and is none of its work: an undo leaves it
as it stands, as a correction does (`FileRestore.own_changes`, `restore_scope.agent_work`).
A path both it and the user changed while it ran is a conflict, as one both changed since.
"""

from __future__ import annotations

from dataclasses import dataclass

from cleveragents.application.file_restore import FileRestore
from cleveragents.domain.checkpoint import Differences, TreeEntry
from cleveragents.domain.correction import Operation, OperationStatus
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.restore_scope import agent_runs, agent_work
from cleveragents.errors import BadInput
from cleveragents.ports import CheckpointStore, PlanStore

# The decisions whose changes are the agent's own (`FileRestore.own_changes`): an operation
# that recorded none of them (a plain correction, a restore) keeps its whole difference.
_ACTING = (
    DecisionKind.ACTION,
    DecisionKind.LOCAL_ACTION,
    DecisionKind.VERIFICATION,
    DecisionKind.REVERT,
)
# Operations that run the agent (`operation_log.RESTARTABLE`). One that finished with no
# decision that acts (it only planned, or gave up) wrote nothing its decisions record: what
# changed up to its newest checkpoint is the user's, edited while it ran; what changed after
# it (Claude Code's calls no hook saw, a put-back at its end) is its own.
_RUNS = ("run", "resume")


@dataclass(frozen=True)
class OperationWork:
    """`own`: of the operation's changes (its first tree to its last), those its decisions
    made; `during`: the paths the user changed while it ran (between, before or after its
    decisions' changes of them); `runs`: by path, the runs of its decisions' changes."""

    own: Differences
    during: set[str]
    runs: dict[str, list[tuple[TreeEntry, TreeEntry]]]


def recorded(store: PlanStore, op: Operation) -> list[Decision]:
    """The decisions `op` recorded: new to it, and standing before the next operation."""
    later = [o for o in store.operations(op.plan_id) if o.id > op.id]
    bound = min(later, key=lambda o: o.id).decisions_before if later else None
    return [
        d
        for d in store.decisions(op.plan_id)
        if d.id not in op.decisions_before and (bound is None or d.id in bound)
    ]


def operation_work(
    store: PlanStore, checkpoints: CheckpointStore, op: Operation, changed: Differences
) -> OperationWork | None:
    """Of `changed` (what differs between `op`'s first tree and its last), what its
    decisions changed; None when it recorded no decision that acts (its whole difference is
    its own), but for a finished run or resume (`_RUNS`). A correction's restore (its
    intervention) is its own whole; so is, of an operation that did not finish or of such a
    run, what changed after its newest checkpoint (a command cut short), and what a call
    with no checkpoint after it changed (`_next`)."""
    decisions = sorted(recorded(store, op), key=lambda d: d.seq)
    acting = any(d.kind in _ACTING for d in decisions)
    if not acting and not (op.kind in _RUNS and op.status is OperationStatus.DONE):
        return None
    # A correction's restore: from its first checkpoint to the next one (its intervention's
    # own `checkpoint_after` may name the restored tree, kept as no checkpoint).
    spans = [
        (d.checkpoint_before, _next(decisions, i, op.files_after))
        for i, d in enumerate(decisions)
        if d.kind is DecisionKind.USER_INTERVENTION and d.checkpoint_before
    ]
    newest = [d.checkpoint_after or d.checkpoint_before for d in decisions]
    last = next((c for c in reversed(newest) if c), None)
    if not acting and not (last and op.files_after):
        return None  # no checkpoint of its own tells the user's edits from its: as before
    cut = (op.status is not OperationStatus.DONE or not acting) and bool(last and op.files_after)
    if cut and last:
        spans.append((last, op.files_after))
    try:
        pairs = [(store.checkpoint(b).tree, store.checkpoint(a).tree) for b, a in spans if a]
        extra = checkpoints.trees.differences_each(pairs) if pairs else []
        tail = [extra.pop()] if cut and extra else []
        closed = [
            d.model_copy(update={"checkpoint_after": _next(decisions, i, op.files_after)})
            if d.kind in _ACTING and d.checkpoint_before and not d.checkpoint_after
            else d
            for i, d in enumerate(decisions)
        ]
        changes = [*extra, *FileRestore(store, checkpoints).own_changes(closed), *tail]
    except BadInput:  # a checkpoint its records name is gone: its whole difference, as before
        return None
    work, runs = agent_work(changes), agent_runs(changes)
    own = {path: entries for path, entries in changed.items() if path in work}
    during = {path for path in changed if path not in work} | {
        path for path, entries in own.items() if entries != work[path] or len(runs[path]) > 1
    }
    return OperationWork(own, during, {path: runs[path] for path in own})


def _next(decisions: list[Decision], index: int, end: str | None) -> str | None:
    """The first checkpoint a decision after `decisions[index]` took, else `end` (the
    operation's last): what holds what that decision did when it has no checkpoint after it
    of its own (a Claude Code call cut off, or failed with no PostToolUse)."""
    later = [d.checkpoint_before or d.checkpoint_after for d in decisions[index + 1 :]]
    return next((c for c in later if c), end)
