"""The restore of a killed run's settling: each record on its own, a failure said, not raised.

The settling after a kill (`operation_repair.py`) takes back what the killed command left
where the host runs, in one restore of the checkpoint and the saved records. A record whose
put-back raises stops no other (`Restores.restore` raises the first failure once every
record went back); here that failure is said, so the settling ends, its `repair` recorded
(undoable), and the next command runs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from cleveragents.domain.checkpoint import Checkpoint, SavedFiles
from cleveragents.domain.correction import Operation
from cleveragents.errors import CleverAgentsError

if TYPE_CHECKING:
    from cleveragents.application.operation_log import OperationLog


def restored_each(
    log: OperationLog,
    to: Checkpoint,
    records: Sequence[SavedFiles],
    spare: Collection[str],
    repair: Operation,
) -> str | None:
    """Restore `to` with `records` put back but at `spare`'s paths, what it destroys kept
    in `repair`'s record; why not all went back, or None."""
    try:
        log.checkpoints.restore(to, records, spare=spare, keeping=log.keeping(repair))
    except (OSError, CleverAgentsError) as failed:
        return str(failed)
    return None
