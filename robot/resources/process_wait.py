"""Robot's Process library, waiting out a `timeout=` without sleeping in steps of 0.1 s.

`Run Process ... timeout=60s` (every `Run Agents`) waits for the process by polling it
and sleeping 0.1 s between polls: each run ended, on average, 50 ms after its process did
(78 ms more than the process took, measured, against 24 ms with no timeout), and the
suite runs `agents` a few thousand times. Here the wait blocks on a pidfd of the process
(Linux 5.3) until it ends or the timeout passes, as the library's own loop would, just
without the sleeps; anywhere a pidfd cannot be had, the library's loop runs as it was.
"""

from __future__ import annotations

import os
import select
import subprocess
import time
from datetime import timedelta
from typing import Any

from robot.libraries import Process as process_library
from robot.libraries.Process import Process
from robot.utils import timestr_to_secs

# As a Robot library (robot/suite_schedule.robot): the keyword that checks the wait.
__all__ = ["sleeps_while_running"]

_POLLING = Process._process_is_stopped


def _stopped_within(self: Any, process: subprocess.Popen[Any], timeout: float) -> bool:
    """Whether `process` ended within `timeout` seconds (the library's contract)."""
    if process.poll() is not None:
        return True
    try:
        # Not reaped (poll said so), so the pid is still this process's, if a zombie.
        pidfd = os.pidfd_open(process.pid)
    except (AttributeError, OSError):  # no pidfd here: the library's own polling
        return bool(_POLLING(self, process, timeout))
    try:
        ready = select.poll()
        ready.register(pidfd, select.POLLIN)  # readable once the process has ended
        deadline = time.monotonic() + timeout
        while process.poll() is None:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            ready.poll(left * 1000)  # a signal (Robot's own timeouts) interrupts it
    finally:
        os.close(pidfd)
    return process.poll() is not None


def wait_without_polling() -> None:
    """Make every Process library in this Robot process wait for a timeout this way."""
    Process._process_is_stopped = _stopped_within  # type: ignore[method-assign]


def sleeps_while_running(*command: str, timeout: str) -> int:
    """How many times the Process library sleeps while `Run Process` runs `command` with
    `timeout` (on_timeout=kill) in this Robot process; fails unless the command exits 0."""
    real_sleep = process_library.time.sleep
    sleeps = [0]

    def counted(seconds: float) -> None:
        sleeps[0] += 1
        real_sleep(seconds)

    process_library.time.sleep = counted  # the module's `time`: the library's own sleeps
    try:
        seconds = timedelta(seconds=timestr_to_secs(timeout))
        result = Process().run_process(*command, timeout=seconds, on_timeout="kill")
    finally:
        process_library.time.sleep = real_sleep
    assert result.rc == 0, f"{command} exited {result.rc}: {result.stderr}"
    return sleeps[0]
