"""PlanLocks: one writer per working tree, held with flock so a killed holder releases it.

A writer touches the lock file every `BEAT` seconds while it holds it: the file's
modification time, found by the next writer before it writes, is when the last one was
still alive. A killed run's commands die with agents (`command_process._die_with_parent`),
so what changed later is not theirs (`application/operation_repair.py`, attack 23, F12). A
command's own beat touches it too while the command lives (`workspace/box_beat.py`): a
stopped agents beats no more, its command writes on (attack 24, F8).
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from cleveragents.errors import ConflictingState

LOCK_NAME = "worktree.lock"
BEAT = 0.5  # seconds between a writer's touches of the lock file: one `futimens` each
# The lock file this process holds as a writer, if any: a command's own beat touches it too
# (`workspace/box_beat.py`).
_held: list[Path] = []


def held_lock() -> Path | None:
    """The lock file this process holds as a writer now (None: none)."""
    return _held[-1] if _held else None


class PlanLocks:
    """The lock file `<git-dir>/cleveragents/locks/worktree.lock`.

    One for the whole working tree, not one per plan: two plans' restores in one tree would
    otherwise undo each other's files.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        # The lock file's modification time (ns) when the last writer's hold began, before
        # it wrote: the last writer before it was alive until about then (None: no file).
        self.beat_before: int | None = None

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
            self.beat_before = os.fstat(fd).st_mtime_ns if os.fstat(fd).st_size else None
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(holder).encode(), 0)
            stop = threading.Event()
            beating = threading.Thread(target=_beat, args=(fd, stop), daemon=True)
            # Born with every signal blocked: a signal the main thread holds off while it
            # rolls back (`interrupts.py` blocks them there) must not reach Python through
            # this thread instead.
            mask = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
            try:
                beating.start()
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            _held.append(path)
            try:
                yield
            finally:
                _held.remove(path)
                stop.set()
                beating.join()
        finally:
            os.close(fd)  # closing releases the lock


def _beat(fd: int, stop: threading.Event) -> None:
    """Touch the lock file every `BEAT` seconds until `stop`: this writer is alive."""
    while not stop.wait(BEAT):
        try:
            os.utime(fd)
        except OSError:  # pragma: no cover - a file system that refuses: no beat, no bound
            return


def _holder(path: Path) -> str:
    try:
        holder = json.loads(path.read_text())
        return (
            f"`{holder['command']}` (pid {holder['pid']}, plan {holder.get('plan', '?')}, "
            f"since {holder['since']})"
        )
    except (OSError, ValueError, KeyError, TypeError):
        return "another cleveragents command"
