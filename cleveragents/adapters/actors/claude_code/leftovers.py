"""What a Claude Code session leaves running is ended when it ends.

Claude Code's Bash runs on the host; a command may leave a child running (`cmd &`, Bash's
`run_in_background`) that goes on changing files after the session's last look
(`application/claude_code_end.py`). The CLI is started in a process group of its own, and
while it runs agents adopts its orphans (PR_SET_CHILD_SUBREAPER): when it exits, that group
and every process adopted are ended, by the ids we made or were given, never by a pattern.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator


def end_group(group: int) -> None:
    """End what is left of what Claude Code started: a Bash child it left running (`cmd &`,
    `run_in_background`) would go on changing files after the last look. First the process
    group we made for it (its id is the pid of the CLI we started); then the processes
    adopted by us (`adopting`: orphans of the session come to agents, not to init), by their
    pids, whatever group or session (`setsid`) they made. A double fork whose middle
    process outlives the session's end is adopted later, by no one we can name: it escapes."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)
    for _ in range(20):  # the children of one ended come to us in turn
        adopted = _adopted()
        if not adopted:
            return
        for pid in adopted:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        time.sleep(0.01)


@contextlib.contextmanager
def adopting() -> Iterator[None]:
    """While the session runs, agents adopts its orphans (PR_SET_CHILD_SUBREAPER), so that
    `end_group` finds a child that left the group."""
    _subreaper(1)
    try:
        yield
    finally:
        _subreaper(0)


def _subreaper(on: int) -> None:
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(36, on)  # PR_SET_CHILD_SUBREAPER


def _adopted() -> list[int]:
    """Our children still there (the CLI itself is waited for already): all adopted."""
    me, found = os.getpid(), []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as file:
                fields = file.read().rpartition(b")")[2].split()
        except OSError:  # pragma: no cover - gone since the listing
            continue
        if int(fields[1]) == me:
            found.append(int(name))
    return found
