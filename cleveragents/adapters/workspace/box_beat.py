"""The box's own beat: a small process beside a command that touches the working tree's lock
file while the command lives, so a killed run's settle bounds "what its command changed" by
the command's life, not only by the agents process's (`storage/lock.py`).

The agents process's beat stops when it is stopped (SIGSTOP, a debugger) or starved, yet the
command runs in a session of its own and writes on; a SIGKILL then left its late writes taken
for the user's (attack 24, F8: a model's `d/.exrc` stood and ran in vim). This process is not
agents': it beats while the command lives, and dies with agents (PR_SET_PDEATHSIG) as the
command does, so its last beat is about when the command could last write. A beat only moves
the bound later (more put back, undoable), never earlier.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator

from cleveragents.adapters.storage.lock import BEAT, held_lock

# Touches `path` every BEAT seconds until process `pid` ends (its pidfd is readable then,
# reaped or not: an agents process stopped reaps nothing). Without pidfd (Linux < 5.3): until
# /proc says it is gone or a zombie. It asks Linux itself to be killed when agents dies
# (PR_SET_PDEATHSIG), then looks that agents has not died meanwhile: no `preexec_fn`, whose
# fork and wait for the exec cost each command ~30 ms on a loaded machine.
_WATCH = """
import ctypes, os, select, sys, time
pid, path, beat, parent = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
try:
    ctypes.CDLL(None, use_errno=True).prctl(1, 9)
except (OSError, AttributeError):
    pass
if os.getppid() != parent:
    sys.exit()
try:
    fd = os.pidfd_open(pid)
    def alive():
        return not select.select([fd], [], [], beat)[0]
except (AttributeError, OSError):
    def alive():
        time.sleep(beat)
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rpartition(")")[2].split()[0] not in "ZX"
        except OSError:
            return False
while alive():
    try:
        os.utime(path)
    except OSError:
        break
"""


@contextlib.contextmanager
def beating_for(pid: int) -> Iterator[None]:
    """While the block runs, a process beats the held lock for command `pid` (nothing when
    no lock is held in this process)."""
    path = held_lock()
    if path is None:
        yield
        return
    # Born with every signal blocked (as the lock's own beat thread, 1679f479), in a session
    # of its own: a signal for agents is not its; it ends by SIGKILL only, or by itself.
    parent = str(os.getpid())
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    try:
        watcher: subprocess.Popen[bytes] | None = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _WATCH, str(pid), str(path), str(BEAT), parent],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError:  # pragma: no cover - no process to spare: the agents beat alone bounds it
        watcher = None
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    try:
        yield
    finally:
        if watcher is not None:
            with contextlib.suppress(ProcessLookupError):
                watcher.kill()
            watcher.wait()
