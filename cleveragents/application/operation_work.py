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
from cleveragents.ports import CheckpointStore, PlanStore

# The decisions whose changes are the agent's own (`FileRestore.own_changes`): an operation
# that recorded none of them (a plain correction, a restore) keeps its whole difference.
_ACTING = (
    DecisionKind.ACTION,
    DecisionKind.LOCAL_ACTION,
    DecisionKind.VERIFICATION,
    DecisionKind.REVERT,
)


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
    store: PlanStore, checkpoints: CheckpointStore, op: Operation, changed: Differences, end: str
) -> OperationWork | None:
    """Of `changed` (what differs between `op`'s first tree and `end`, its last), what its
    decisions changed; None when it recorded no decision that acts (its whole difference is
    its own). A correction's restore (its intervention) is its own whole; so is, of an
    operation that did not finish, what changed after its newest checkpoint (a command cut
    short)."""
    decisions = sorted(recorded(store, op), key=lambda d: d.seq)
    if not any(d.kind in _ACTING for d in decisions):
        return None
    trees = checkpoints.trees
    pairs = [
        (store.checkpoint(d.checkpoint_before).tree, store.checkpoint(d.checkpoint_after).tree)
        for d in decisions
        if d.kind is DecisionKind.USER_INTERVENTION and d.checkpoint_before and d.checkpoint_after
    ]
    newest = [d.checkpoint_after or d.checkpoint_before for d in decisions]
    last = next((c for c in reversed(newest) if c), None)
    cut = op.status is not OperationStatus.DONE and last is not None
    if cut:
        assert last is not None
        pairs.append((store.checkpoint(last).tree, end))
    extra = trees.differences_each(pairs) if pairs else []
    tail = [extra.pop()] if cut else []
    changes = [*extra, *FileRestore(store, checkpoints).own_changes(decisions), *tail]
    work, runs = agent_work(changes), agent_runs(changes)
    own = {path: entries for path, entries in changed.items() if path in work}
    during = {path for path in changed if path not in work} | {
        path for path, entries in own.items() if entries != work[path] or len(runs[path]) > 1
    }
    return OperationWork(own, during, {path: runs[path] for path in own})
