"""The repository's own `.git` after a killed command: its config and hooks put back.

The put-back after a command takes back what it set of the repository's own git config
(`core.fsmonitor`, run at the user's next `git status`) and the hooks it made in `.git/hooks`
(`adapters/git/checkpoints.py` `after_command`), from the look taken just before it. A
SIGKILL of `agents` loses that look with the process: the settle of a killed run or
correction found nothing of the main repository's own to put back, and nor did its undo
(attack 31, F7). So the first look's time and own config are kept in the operation's record
before its first command runs (`first_look`), and the settle puts the `.git` back from them
as after a command whose look is lost (`HeldLooks.lost`): what changed since then, but not
after the killed command could last write (`until`), the user's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cleveragents.domain.checkpoint import Looked
from cleveragents.domain.correction import Operation
from cleveragents.errors import CleverAgentsError

if TYPE_CHECKING:
    from cleveragents.application.operation_log import OperationLog

ENDLESS = 1 << 80  # a time (ns) no change reaches


def first_look(log: OperationLog, op: Operation) -> Looked:
    """What records, once, in `op`'s record, the look before its first command."""

    def looked(at: int, own_config: dict[str, dict[str, list[str]]] | None) -> None:
        if op.first_look is not None or own_config is None or op.files_before is None:
            return
        op.first_look = (at, own_config)
        with log.store.transaction():  # as stored: what `op` holds in memory is saved at its end
            stored = log.store.operation(op.id)
            log.store.save_operation(stored.model_copy(update={"first_look": op.first_look}))

    return looked


def own_git_back(log: OperationLog, op: Operation, until: int | None) -> list[str]:
    """Put back what `op`'s killed command changed of the repository's own git config and
    hooks since its first look (`first_look`); one line each, or the one saying why not."""
    if op.first_look is None:
        return []
    at, own_config = op.first_look
    try:  # no last beat known: whatever changed since the look is the command's
        bound = until if until is not None else ENDLESS
        return log.checkpoints.after_lost_look(op.plan_id, at, own_config, bound)
    except CleverAgentsError as failed:
        return [
            f"could not put back the repository's git config and hooks operation {op.id}'s "
            f"killed command changed: {failed.message}; check `git config --local --list` "
            "and .git/hooks before running git here"
        ]


def own_git_said(log: OperationLog, op: Operation, lines: list[str]) -> None:
    """Add what `own_git_back` did to `op`'s summary, as the settle left it."""
    if not lines:
        return
    op.summary = "; ".join([op.summary, *dict.fromkeys(lines)])
    with log.store.transaction():
        log.store.save_operation(op)
