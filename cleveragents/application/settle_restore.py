"""The restore of a killed run's settling: each record on its own, a failure said, not raised.

The settling after a kill (`operation_repair.py`) takes back what the killed command left
where the host runs, in one restore of the checkpoint and the saved records. A record whose
put-back raises stops no other (`Restores.restore` raises the first failure once every
record went back); here that failure is said, so the settling ends, its `repair` recorded
(undoable), and the next command runs. The paths a failed record did not put back (still
the killed command's bytes, where the host runs them) are named and made inert as after a
command (`put_back_failures.py`): kept in a commit and removed, or left with no permission
bits; and the command that settled fails, saying so (`UNSETTLED`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from cleveragents.domain.checkpoint import Checkpoint, SavedFiles
from cleveragents.domain.command_saves import NOT_PUT_BACK
from cleveragents.domain.correction import Operation
from cleveragents.domain.shown_text import visible
from cleveragents.errors import CleverAgentsError

if TYPE_CHECKING:
    from cleveragents.application.operation_log import OperationLog


UNSETTLED = (
    "a killed command's files where your host runs could not all be put back (named above, "
    "removed or left with no permission bits): look at them before you open a shell or run "
    "git in this tree, and put back what was yours from the commit named"
)


def restored_each(
    log: OperationLog,
    to: Checkpoint,
    records: Sequence[SavedFiles],
    spare: Collection[str],
    repair: Operation,
) -> list[str]:
    """Restore `to` with `records` put back but at `spare`'s paths, what it destroys kept
    in `repair`'s record; the paths of `records` not put back (named in `log.notices`,
    made inert, and `log.unsettled` set), or none."""
    try:
        log.checkpoints.restore(to, records, spare=spare, keeping=log.keeping(repair))
    except (OSError, CleverAgentsError) as failed:
        error: Exception = failed
    else:
        return []
    wanted = log.checkpoints.found_states(records)
    now = log.checkpoints.saved_states(wanted)
    left = sorted(path for path in wanted if path not in spare and now[path] != wanted[path])
    why = error.line() if isinstance(error, CleverAgentsError) else str(error)
    shown = ", ".join(visible(path, one_line=True) for path in left) or "all of them"
    before = next((r.commit for r in records if r.commit and set(r.modes) & {*left}), None)
    log.notices.append(
        f"{NOT_PUT_BACK}{shown} ({type(error).__name__}: {visible(why, one_line=True)}): "
        "the killed command's, where your host runs them"
        + ("" if before is None else f"; what stood before it is kept in commit {_at(before)}")
    )
    try:
        log.notices += log.checkpoints.disarm(repair.plan_id, left)
    except (OSError, CleverAgentsError) as also:
        log.notices.append(f"could not remove them either ({visible(str(also), one_line=True)})")
    log.unsettled = UNSETTLED
    return left


def _at(commit: str) -> str:
    """`commit` shortened, and how to read a path from it."""
    return f"{commit[:12]} (git show {commit[:12]}:PATH)"
