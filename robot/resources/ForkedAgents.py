"""`agents ARGS` as a fork of this Robot process instead of a new Python, for suites whose
point is what `agents` does, not how its process starts (`${AGENTS_FORKED}` in agents.resource).

A new `agents` under the suite's coverage spent some 0.3 s of CPU before doing anything: 0.13 s
importing and starting coverage, the rest importing our CLI (traced); a suite starting it
80 times paid that 80 times. Here the CLI (and the anthropic SDK, for a command that talks to
Claude) is imported once, in this process, and every command runs `cleveragents.cli.main.main`
in a fork of it: its own pid, working directory, environment, signal handlers and standard
streams, stdout and stderr in the same files `Run Process` writes, the same result object
(`rc`, `stdout`, `stderr` read as `Run Process` reads them), killed the same way on timeout."""

from __future__ import annotations

import os
import select
import signal
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from robot.api.deco import keyword, library
from robot.libraries.Process import ProcessResult
from robot.utils import timestr_to_secs

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout, for the fork's body
from features.support.forked_agents import prepared, restart_coverage, run_main


@library(scope="GLOBAL")
class ForkedAgents:
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
        environ = {**os.environ, **env}
        prepared(environ)
        source = _stdin(stdin, cwd)
        out = open(stdout, "wb")  # noqa: SIM115 - handed to the fork, closed below
        err = open(stderr, "wb")  # noqa: SIM115
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            pid = os.fork()
            if pid == 0:  # the child: never returns
                _child(["agents", *args], cwd, environ, source, out.fileno(), err.fileno())
            code = _wait(pid, timestr_to_secs(timeout))
        finally:
            out.close()
            err.close()
            if source is not None:
                source.close()
        process = SimpleNamespace(stdout=None, stderr=None)
        return ProcessResult(process, out, err, rc=code, output_encoding="CONSOLE")


def _stdin(stdin: str, cwd: str) -> Any:
    """As the Process library reads `stdin`: NONE inherits this process' (None here), a path
    to a file is that file, any other text is written to a file the command reads."""
    if stdin.upper() == "NONE":
        return None
    path = Path(os.path.normpath(os.path.join(cwd, stdin)))
    if path.is_file():
        return open(path, "rb")
    text = tempfile.TemporaryFile(prefix="stdin-")  # noqa: SIM115
    text.write(stdin.encode())
    text.seek(0)
    return text


def _child(argv: list[str], cwd: str, env: dict[str, str], source: Any, out: int, err: int) -> None:
    try:
        restart_coverage()
        if source is not None:
            os.dup2(source.fileno(), 0)
        os.dup2(out, 1)
        os.dup2(err, 2)
    finally:
        run_main(argv, cwd, env)


def _wait(pid: int, timeout: float) -> int:
    """The fork's exit code (-9 when killed after `timeout` seconds, as Process reports)."""
    handle = os.pidfd_open(pid)
    try:
        ready, _, _ = select.select([handle], [], [], timeout)
        if not ready:
            os.kill(pid, signal.SIGKILL)
    finally:
        os.close(handle)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)
