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

import logging
import os
import select
import signal
import sys
import tempfile
import traceback
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from robot.api.deco import keyword, library
from robot.libraries.Process import ProcessResult
from robot.utils import timestr_to_secs


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
        _prepared(environ)
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


def _prepared(env: dict[str, str]) -> None:
    """What a fork should find imported: the CLI, and the SDK when the command is to talk to
    Claude."""
    import cleveragents.cli.app
    import cleveragents.cli.main  # noqa: F401

    if env.get("ANTHROPIC_BASE_URL"):
        import anthropic  # noqa: F401


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
    code = 70
    try:
        _restart_coverage()
        if source is not None:
            os.dup2(source.fileno(), 0)
        os.dup2(out, 1)
        os.dup2(err, 2)
        # New streams on 0-2, as a started Python makes them (Robot replaced sys.stdout).
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
        for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGALRM):
            signal.signal(number, signal.SIG_DFL)
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.setitimer(signal.ITIMER_REAL, 0)  # a Robot test timeout's timer stays here
        # Logging as a new Python has it: no handler, warnings and worse. Robot's handler on
        # the root logger wrote the command's git calls into Robot's output.xml, whose file
        # the fork shares (it was left unreadable), and a handler there stops basicConfig.
        root = logging.getLogger()
        for handler in list(root.handlers):
            root.removeHandler(handler)
        root.setLevel(logging.WARNING)
        logging.disable(logging.NOTSET)
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
        sys.argv = list(argv)
        from cleveragents.cli.main import main

        code = main(argv[1:])
    except SystemExit as ended:
        code = ended.code if isinstance(ended.code, int) else 1
    except BaseException:  # as Python would: the traceback, exit 1
        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
            _save_coverage()
        finally:
            os._exit(code)


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


def _restart_coverage() -> None:
    """Under coverage (the suite's), measure the fork as coverage measures a fork: its own
    data file, saved before `os._exit`."""
    try:
        from coverage import Coverage
        from coverage.control import _after_fork_in_child
    except ImportError:
        return
    if Coverage.current() is not None:
        _after_fork_in_child()


def _save_coverage() -> None:
    try:
        from coverage import Coverage
    except ImportError:
        return
    current = Coverage.current()
    if current is not None:
        current.stop()
        current.save()
