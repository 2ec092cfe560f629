"""Run `agents` on a pseudo-terminal, as a person at a terminal would: stdin, stdout and
stderr are the terminal, so `isatty()` is true and colour and the pager come into play."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time
from dataclasses import dataclass

# What could choose a pager, colours or git's config behind a test's back.
CLEARED = ("GIT_PAGER", "PAGER", "LESS", "LV", "NO_COLOR", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM")


@dataclass(frozen=True)
class TerminalResult:
    """As Process' result: `rc`, and `stdout` (the terminal; stderr went there too)."""

    rc: int
    stdout: str
    stderr: str = ""


class TerminalLibrary:
    """`Run Agents On A Terminal`: the command's exit code and what the terminal showed."""

    ROBOT_LIBRARY_SCOPE = "GLOBAL"

    def run_agents_on_a_terminal(
        self, *args: str, cwd: str, ceiling: str, timeout: float = 60, answer: str = "", **env: str
    ) -> TerminalResult:
        """`agents ARGS` in `cwd` on a terminal 100 columns wide. The environment is ours
        without any pager or colour setting and without the user's and system's git config,
        plus `env`. The result's stdout is what the terminal showed, lines ending in `\\n`.
        `answer` is typed ahead, for the questions the command asks."""
        environment = {k: v for k, v in os.environ.items() if k not in CLEARED}
        environment.update(
            GIT_CEILING_DIRECTORIES=ceiling,
            GIT_CONFIG_GLOBAL="/dev/null",
            GIT_CONFIG_NOSYSTEM="1",
            TERM="xterm",
            COLUMNS="100",
        )
        environment.update(env)
        leader, follower = pty.openpty()
        process = subprocess.Popen(
            ["agents", *args],
            cwd=cwd,
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env=environment,
            close_fds=True,
        )
        os.close(follower)
        if answer:
            os.write(leader, answer.encode())
        shown = _read_until_closed(leader, process, time.monotonic() + float(timeout))
        os.close(leader)
        if process.poll() is None:
            process.kill()
        process.wait(timeout=60)
        text = shown.decode("utf-8", "replace").replace("\r\n", "\n")
        return TerminalResult(process.returncode, text)


def _read_until_closed(leader: int, process: subprocess.Popen[bytes], deadline: float) -> bytes:
    """Everything written to the terminal until the last writer closes it (Linux then
    answers EIO) or the deadline passes."""
    shown = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.1)
        if not ready:
            if process.poll() is not None:
                break
            continue
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    return shown
