"""Which operations an undo took back: the rule `agents plan ops` shows them by."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from cleveragents.domain.correction import Operation, OperationStatus


def undone_by(operations: Sequence[Operation]) -> dict[int, int]:
    """Each operation that is undone now, mapped to the undo that took it back.

    An undo that ran to the end (done) takes back its target, while it is not undone itself:
    undoing an undo redoes what it undid. Of several undos of one operation, the newest in
    force counts. Undos only name older operations, so one pass from the newest settles all.
    """
    undos: dict[int, list[int]] = defaultdict(list)  # target -> the undos naming it, newest first
    for op in sorted(operations, key=lambda o: -o.id):
        if op.undoes is not None and op.status is OperationStatus.DONE:
            undos[op.undoes].append(op.id)
    taken_back: dict[int, int] = {}
    for op in sorted(operations, key=lambda o: -o.id):
        by = next((u for u in undos.get(op.id, []) if u not in taken_back), None)
        if by is not None:
            taken_back[op.id] = by
    return taken_back
