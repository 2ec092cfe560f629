"""What ties the Claude Code process to the agents run that started it: it ends when
agents dies, and it reaches the run's hook server through a socket only this user can
reach (`session.py`)."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import socket
import tempfile
from collections.abc import Iterator


def ends_with_agents() -> None:  # pragma: no cover - runs in the child, before exec
    """Ask Linux to end Claude Code (SIGTERM: it closes its session file) when the agents
    process dies, even by SIGKILL: an orphan would go on changing files, unrecorded."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return  # not Linux: Claude Code may outlive a killed agents process
    if os.getppid() == 1:  # agents died before the request was made: nobody to work for
        os._exit(1)


@contextlib.contextmanager
def listening() -> Iterator[tuple[socket.socket, str]]:
    """A Unix socket only this user can reach, in a fresh private folder."""
    folder = tempfile.mkdtemp(prefix="agents-hook-")
    place = os.path.join(folder, "hook.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(place)
        listener.listen(8)
        yield listener, place
    finally:
        listener.close()
        for name in os.listdir(folder):
            os.unlink(os.path.join(folder, name))
        os.rmdir(folder)


def hung_up(connection: socket.socket) -> bool:
    """Whether the asker closed its end (Claude Code ended the launcher waiting on it)."""
    poller = select.poll()
    poller.register(connection.fileno(), select.POLLHUP)
    return any(events & (select.POLLHUP | select.POLLERR) for _, events in poller.poll(0))
