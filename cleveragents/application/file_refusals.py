"""What a command says when the file system refuses it partway (a path made immutable with
`chattr +i`, no permission, a read-only mount, a full disk or quota): one line naming the
path and what to do (exit 3), never a crash (exit 70).

An operation the file system stops is put back as any failed operation is; when the
put-back is refused too, the operation stays recorded as running, and the next command's
settling puts it back as after a kill (`operation_repair.py`), once it can. A settling the
file system refuses leaves it so for the next command, and says why.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cleveragents.domain.correction import Operation
from cleveragents.errors import FileSystemRefused, file_system_refusal


@contextmanager
def refused_back(op: Operation, error: BaseException) -> Iterator[None]:
    """Around the put-back of `op`, which `error` stopped: a refusal of the file system,
    said with where it leaves `op` (rolled back, or left for the next command to settle)."""
    try:
        yield
    except Exception as also:
        refused = file_system_refusal(also)
        if refused is None:
            raise
        raise FileSystemRefused(
            f"{refused.message}; operation {op.id} ({op.kind}) stopped partway, and putting "
            "it back was refused too",
            hint=f"{refused.hint}; each agents command puts operation {op.id} back once it can",
        ) from also
    refused = file_system_refusal(error)
    if refused is not None and refused is not error:
        raise FileSystemRefused(
            f"{refused.message}; operation {op.id} ({op.kind}) was rolled back: files and "
            "plan state are as they were before it",
            hint=refused.hint,
        ) from error


@contextmanager
def refused_settle(op: Operation) -> Iterator[None]:
    """Around the settling of `op`, which a killed or stopped command left: a refusal of
    the file system, said; `op` stays for the next command to settle."""
    try:
        yield
    except Exception as error:
        refused = file_system_refusal(error)
        if refused is None:
            raise
        raise FileSystemRefused(
            f"could not settle operation {op.id} ({op.kind}), which stopped partway: "
            f"{refused.message}",
            hint=f"{refused.hint}; meanwhile `plan show`, `plan ops`, `plan tree` and `plan list` "
            "read the plan as recorded",
        ) from error
