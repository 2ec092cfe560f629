"""PlanLocks: one writer per working tree, held with flock so a killed holder releases it."""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from cleveragents.errors import ConflictingState

LOCK_NAME = "worktree.lock"


class PlanLocks:
    """The lock file `<git-dir>/cleveragents/locks/worktree.lock`.

    One for the whole working tree, not one per plan: two plans' restores in one tree would
    otherwise undo each other's files.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    @contextmanager
    def hold(self, plan_id: str, command: str, shared: bool = False) -> Iterator[None]:
        """Hold the lock for the block; a second writer gets exit 3 naming the holder.

        `shared` is for readers that must not see a writer's half-made state: they exclude
        writers but not each other, and write nothing.
        """
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / LOCK_NAME
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
            except BlockingIOError:
                raise ConflictingState(
                    f"this working tree is locked by {_holder(path)}",
                    hint="wait for that command to finish, then retry",
                ) from None
            if shared:
                yield
                return
            holder = {
                "pid": os.getpid(),
                "command": command,
                "plan": plan_id,
                "since": datetime.now(UTC).isoformat(timespec="seconds"),
            }
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(holder).encode(), 0)
            yield
        finally:
            os.close(fd)  # closing releases the lock


def _holder(path: Path) -> str:
    try:
        holder = json.loads(path.read_text())
        return (
            f"`{holder['command']}` (pid {holder['pid']}, plan {holder.get('plan', '?')}, "
            f"since {holder['since']})"
        )
    except (OSError, ValueError, KeyError, TypeError):
        return "another cleveragents command"
