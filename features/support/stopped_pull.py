"""Run `agents ARGS` (a pull or an import) in the current directory and send this process
SIGNAL once, right after a chosen step of it:

- `records-taken`: the plan store took the remote's records (the pull's operation is
  not done yet: the next command rolls it back);
- `records-ref-moved`: the plan's records ref (`refs/cleveragents/records/ID`) moved;
- `operation-done`: the pull's operation was recorded done.

    python stopped_pull.py SIGNAL MOMENT ARGS...

Exits as `agents` does (130 for SIGINT), or is killed (SIGKILL).
"""

from __future__ import annotations

import os
import signal
import sys

from cleveragents.adapters.git.remotes import RECORDS, GitRemotes
from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.application.operation_log import OperationLog
from cleveragents.cli.main import main
from cleveragents.domain.correction import Operation, OperationStatus


def stop_after(moment: str, name: str) -> None:
    sent: list[bool] = []

    def stop() -> None:
        if not sent:  # once: putting the records back imports them again
            sent.append(True)
            os.kill(os.getpid(), signal.Signals[name])

    if moment == "records-taken":
        take = SqliteStore.import_records

        def import_records(self: SqliteStore, text: bytes, named: str | None = None) -> str:
            plan_id = take(self, text, named)
            stop()
            return plan_id

        SqliteStore.import_records = import_records  # type: ignore[method-assign]
        return
    if moment == "operation-done":
        finish = OperationLog._finish

        def _finish(self: OperationLog, op: Operation, status: OperationStatus) -> None:
            finish(self, op, status)
            if op.kind == "pull" and status is OperationStatus.DONE:
                stop()

        OperationLog._finish = _finish  # type: ignore[method-assign]
        return
    moved = GitRemotes.set_ref

    def set_ref(self: GitRemotes, ref: str, new: str, old: str | None) -> None:
        moved(self, ref, new, old)
        if ref.startswith(RECORDS):
            stop()

    GitRemotes.set_ref = set_ref  # type: ignore[method-assign]


if __name__ == "__main__":
    stop_after(sys.argv[2], sys.argv[1])
    sys.exit(main(sys.argv[3:]))
