"""PlanLock: one writer per plan, held with flock so a killed holder releases it at once."""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from cleveragents.errors import ConflictingState


class PlanLocks:
    """Lock files under `<git-dir>/cleveragents/locks/`, one per plan."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    @contextmanager
    def hold(self, plan_id: str, command: str) -> Iterator[None]:
        """Hold the plan's lock for the block; a second writer gets exit 3 naming the holder."""
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / f"{plan_id}.lock"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise ConflictingState(
                    f"plan {plan_id} is locked by {_holder(path)}",
                    hint="wait for that command to finish, then retry",
                ) from None
            holder = {
                "pid": os.getpid(),
                "command": command,
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
        return f"`{holder['command']}` (pid {holder['pid']}, since {holder['since']})"
    except (OSError, ValueError, KeyError):
        return "another cleveragents command"
