"""`agents ARGS` as a fork of a small Python that has imported the CLI once (fork_server.py,
one per Robot process) instead of a new Python: the default of `Run Agents` in agents.resource;
a suite (or test) about how the process starts sets `${AGENTS_FORKED}` to `${False}`.

A new `agents` under the suite's coverage spent some 0.3 s of CPU before doing anything: 0.13 s
importing and starting coverage, the rest importing our CLI (traced); a suite starting it
80 times paid that 80 times. Here the CLI and the services every command builds (and the
anthropic SDK, for a command that talks to Claude) are imported once, in the server
(`forked_agents.prepared`), and every command runs `cleveragents.cli.main.main`
in a fork of it: its own pid and session, working directory, environment, signal handlers and
standard streams, stdout and stderr in the same files `Run Process` writes, the same result
object (`rc`, `stdout`, `stderr` read as `Run Process` reads them), killed the same way on
timeout. Forked from Robot's own process instead, a plan run took twice the wall time of a
new Python (its child made thousands of mmap/munmap pairs), hence the server."""

from __future__ import annotations

import array
import atexit
import json
import os
import select
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from robot.api.deco import keyword, library
from robot.libraries.Process import ProcessResult
from robot.utils import timestr_to_secs

SERVER = Path(__file__).resolve().with_name("fork_server.py")


@library(scope="GLOBAL")
class ForkedAgents:
    def __init__(self) -> None:
        self._server: subprocess.Popen[bytes] | None = None
        self._channel: socket.socket | None = None

    @keyword("Run Agents Forked")
    def run_agents_forked(
        self,
        *args: str,
        cwd: str,
        stdin: str = "NONE",
        stdout: str,
        stderr: str,
        timeout: str = "60s",
        **env: str,
    ) -> ProcessResult:
        """`agents ARGS` in `cwd`, with this process' environment plus `env`, as `Run Process
        agents ARGS` with `stdin`, `stdout`, `stderr`, `timeout` and `on_timeout=kill`."""
        request = {"argv": ["agents", *args], "cwd": cwd, "env": {**os.environ, **env}}
        source = _stdin(stdin, cwd)
        out = open(stdout, "wb")  # noqa: SIM115 - handed to the fork, closed below
        err = open(stderr, "wb")  # noqa: SIM115
        try:
            fds = [0 if source is None else source.fileno(), out.fileno(), err.fileno()]
            code = self._run(request, fds, timestr_to_secs(timeout))
        finally:
            out.close()
            err.close()
            if source is not None:
                source.close()
        process = SimpleNamespace(stdout=None, stderr=None)
        return ProcessResult(process, out, err, rc=code, output_encoding="CONSOLE")

    def _run(self, request: dict[str, Any], fds: list[int], timeout: float) -> int:
        """The command's exit code (-9 when killed after `timeout` seconds, as Process says).
        Whatever stops the wait (a test's timeout, Ctrl-C) kills the command first, so the
        server is free for the next one."""
        channel = self._connect()
        channel.sendmsg(
            [json.dumps(request).encode()],
            [(socket.SOL_SOCKET, socket.SCM_RIGHTS, _ints(fds).tobytes())],
        )
        pid = None
        try:
            pid = _answer(channel, None)["pid"]
            answer = _answer(channel, timeout)
            if answer is None:
                _kill(pid)
                answer = _answer(channel, None)
        except BaseException:
            if pid is None:
                pid = _answer(channel, None)["pid"]
            _kill(pid)
            _answer(channel, None)
            raise
        return os.waitstatus_to_exitcode(answer["status"])

    def _close(self) -> None:
        """Robot's end: the server sees EOF and ends (its coverage data saved) before Robot
        does, so whatever combines the data after Robot finds it."""
        if self._channel is not None and self._server is not None:
            self._channel.close()
            self._server.wait()

    def _connect(self) -> socket.socket:
        if self._channel is None:
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            self._server = subprocess.Popen(
                [sys.executable, str(SERVER), str(theirs.fileno())],
                stdin=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
                start_new_session=True,  # Ctrl-C is Robot's; the server ends on EOF
            )
            theirs.close()
            self._channel = ours
            atexit.register(self._close)
        return self._channel


def _stdin(stdin: str, cwd: str) -> Any:
    """As the Process library reads `stdin`: NONE inherits this process' (None here), a path
    to a file is that file, any other text is written to a file the command reads."""
    if stdin.upper() == "NONE":
        try:
            os.fstat(0)
        except OSError:  # none to hand on (closed): the nearest is an empty one
            return open(os.devnull, "rb")
        return None
    path = Path(os.path.normpath(os.path.join(cwd, stdin)))
    if path.is_file():
        return open(path, "rb")
    text = tempfile.TemporaryFile(prefix="stdin-")  # noqa: SIM115
    text.write(stdin.encode())
    text.seek(0)
    return text


def _kill(pid: int) -> None:
    """As Process kills a command: its process group (its session, made in its first
    instant: until then, the command alone)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        os.kill(pid, signal.SIGKILL)


def _ints(fds: list[int]) -> array.array[int]:
    return array.array("i", fds)


def _answer(channel: socket.socket, timeout: float | None) -> Any:
    """The server's next answer (`{"pid": …}` or `{"status": …}`); None after `timeout`."""
    ready, _, _ = select.select([channel], [], [], timeout)
    if not ready:
        return None
    data = channel.recv(4096)
    if not data:
        raise RuntimeError("the fork server of Run Agents Forked has ended")
    return json.loads(data)
