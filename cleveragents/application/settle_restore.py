"""The restore of a killed run's settling: each record on its own, a failure said, not raised.

The settling after a kill (`operation_repair.py`) takes back what the killed command left
where the host runs, in one restore of the checkpoint and the saved records. A record whose
put-back raises stops no other (`Restores.restore` raises the first failure once every
record went back); here that failure is said, so the settling ends, its `repair` recorded
(undoable), and the next command runs. The paths a failed record did not put back (still
the killed command's bytes, where the host runs them) are named and made inert as after a
command (`put_back_failures.py`): kept in a commit and removed, or left with no permission
bits; and the command that settled fails, saying so (`UNSETTLED`). They are stored on the
repair (`Operation.unsettled`), and every later command that settles puts them back
(`retried`) until they are, or until one is found changed since: the user's, left as it is.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from cleveragents.domain.checkpoint import Checkpoint, SavedFiles
from cleveragents.domain.command_saves import NOT_PUT_BACK
from cleveragents.domain.correction import Operation, Unsettled
from cleveragents.domain.shown_text import visible
from cleveragents.errors import CleverAgentsError

if TYPE_CHECKING:
    from cleveragents.application.operation_log import OperationLog


UNSETTLED = (
    "a killed command's files where your host runs could not all be put back (named above, "
    "removed or left with no permission bits): look at them before you open a shell or run "
    "git in this tree; each next agents command tries again to put back what was yours "
    "(kept in the commit named), until it is back or you write there yourself"
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
    shown = ", ".join(visible(path, one_line=True) for path in left) or "all of them"
    before = _commit_of(records, left)
    log.notices.append(
        f"{NOT_PUT_BACK}{shown} ({_why(error)}): "
        "the killed command's, where your host runs them"
        + ("" if before is None else f"; what stood before it is kept in commit {_at(before)}")
    )
    try:
        log.notices += log.checkpoints.disarm(repair.plan_id, left)
    except (OSError, CleverAgentsError) as also:
        log.notices.append(f"could not remove them either ({visible(str(also), one_line=True)})")
    if left:  # each later command that settles tries them again (`retried`)
        others = sorted({*spare, *(p for r in records for p in r.paths)} - {*left})
        repair.unsettled = Unsettled(
            records=narrowed(records, left), left=log.checkpoints.saved_states(left), spare=others
        )
        with log.store.transaction():
            log.store.save_operation(repair)
    log.unsettled = UNSETTLED
    return left


def retried(log: OperationLog, plan_id: str) -> None:
    """Put back what an earlier settling of `plan_id` could not (`Operation.unsettled`), each
    path still as it left it; a path as before the killed command is back (put back by hand,
    too), one changed otherwise since is the user's and stays: neither is tried again. What
    the put-back destroys goes into the repair's record (no undo writes it back: `held_out`).
    What fails again is said, made inert again, and tried by the next command."""
    for repair in log.store.unsettled_operations(plan_id):
        if log.made_here(repair):
            with log.checkpoints.settling():
                _retry(log, repair)


def _retry(log: OperationLog, repair: Operation) -> None:
    assert repair.unsettled is not None
    owed, failed = repair.unsettled, None
    wanted = log.checkpoints.found_states(owed.records)
    now = log.checkpoints.saved_states(wanted)
    theirs = sorted(p for p in wanted if now[p] not in (wanted[p], owed.left.get(p)))
    again = sorted(p for p in wanted if now[p] != wanted[p] and p not in theirs)
    if again:
        failed = _put_back_again(log, repair, again, {*owed.spare, *wanted} - {*again})
        now |= log.checkpoints.saved_states(again)
    back = sorted(p for p in wanted if now[p] == wanted[p])
    still = [p for p in again if now[p] != wanted[p]]
    said = f"operation {repair.id}'s settling after a kill"
    if back:
        log.notices.append(
            f"put back {_shown(back)}, which {said} could not: as before the killed command"
        )
    if theirs:
        kept = _commit_of(owed.records, theirs)
        log.notices.append(
            f"left {_shown(theirs)} as it stands, which {said} could not put back: changed "
            "since, so yours"
            + ("" if kept is None else f"; what stood before the killed command is in {_at(kept)}")
        )
    if still:
        why = "not as its record holds it after" if failed is None else _why(failed)
        log.notices.append(
            f"still could not put back {_shown(still)} ({why}), which {said} could not either: "
            "the next agents command tries again (what you write there yourself first stays)"
        )
        changed = [p for p in still if now[p] != owed.left.get(p)]  # what the try wrote
        if changed:
            log.notices += log.checkpoints.disarm(repair.plan_id, changed)
    done = [*back, *theirs]
    repair.summary += f"; then put back {_shown(back)}" if back else ""
    repair.summary += f"; then left {_shown(theirs)}: changed since, yours" if theirs else ""
    repair.unsettled = (
        Unsettled(
            records=narrowed(owed.records, still),
            left=log.checkpoints.saved_states(still),
            spare=sorted({*owed.spare, *wanted} - {*still}),
        )
        if still
        else None
    )
    if done or still:
        with log.store.transaction():
            log.store.save_operation(repair)


def owed_note(paths: Sequence[str]) -> str:
    """What a repair's summary says of the `paths` its put-back failed on (none: nothing)."""
    if not paths:
        return ""
    return f"; not put back: {_shown(paths)}, which each next agents command tries again"


def _put_back_again(
    log: OperationLog, repair: Operation, again: list[str], spare: set[str]
) -> Exception | None:
    """Put back the `again` paths of what `repair` owes (the other paths its records' commits
    hold, `spare`, left as they stand); what failed it, or None."""
    assert repair.unsettled is not None
    label = f"before putting back what operation {repair.id} could not"
    before = log.checkpoints.create(repair.plan_id, label, None)
    with log.store.transaction():
        log.store.save_checkpoint(before)
    had, failed = len(repair.saved), None
    try:
        records = narrowed(repair.unsettled.records, again)
        log.checkpoints.restore(before, records, spare=spare, keeping=log.keeping(repair))
    except (OSError, CleverAgentsError) as error:
        failed = error
    if made := [p for saved in repair.saved[had:] for p in saved.paths]:
        # What it replaced (the killed command's, inert) is the repair's: no undo of the
        # repair writes it back (`held_out`, of its `saved_after`).
        repair.saved_after = {**(repair.saved_after or {}), **log.checkpoints.saved_states(made)}
    return failed


def narrowed(records: Sequence[SavedFiles], paths: Collection[str]) -> list[SavedFiles]:
    """Of `records`, those holding any of `paths`, each narrowed to them (its files only)."""
    wanted = set(paths)
    return [
        saved.model_copy(
            update={
                "modes": {p: m for p, m in saved.modes.items() if p in wanted},
                "absent": [p for p in saved.absent if p in wanted],
                "folders": {},
                "empty": [],
                "made": [],
            }
        )
        for saved in records
        if wanted.intersection(saved.paths)
    ]


def _commit_of(records: Sequence[SavedFiles], paths: Collection[str]) -> str | None:
    """The commit of `records` that keeps what stood at one of `paths` before."""
    return next((r.commit for r in records if r.commit and set(r.modes) & {*paths}), None)


def _why(error: Exception) -> str:
    """`error`'s kind and line, shown."""
    why = error.line() if isinstance(error, CleverAgentsError) else str(error)
    return f"{type(error).__name__}: {visible(why, one_line=True)}"


def _shown(paths: Sequence[str]) -> str:
    return ", ".join(visible(path, one_line=True) for path in paths)


def _at(commit: str) -> str:
    """`commit` shortened, and how to read a path from it."""
    return f"{commit[:12]} (git show {commit[:12]}:PATH)"
