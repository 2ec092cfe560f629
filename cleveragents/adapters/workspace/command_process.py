"""One command as a process: its environment, its limits, its output streamed into the
capped record (never held whole), its timeout and interrupts."""

from __future__ import annotations

import contextlib
import contextvars
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import IO

from cleveragents.adapters import interrupts
from cleveragents.adapters.command_safety.bubblewrap import HOME
from cleveragents.adapters.command_safety.limits import PidsCgroup, SandboxLimits
from cleveragents.adapters.workspace.box_beat import beating_for
from cleveragents.domain.action import ActionOutcome
from cleveragents.domain.command_environment import NEVER_PASSED
from cleveragents.domain.command_output import OutputRecord

# Secrets the agent's own commands have no business seeing, even when named.
HIDDEN_VARIABLES = NEVER_PASSED
# What bash reads at start-up besides its command: a model's command line is all that runs.
SHELL_STARTUP = ("BASH_ENV", "ENV", "BASHOPTS", "SHELLOPTS")
# What a model's command sees of our environment, besides what the user names (--pass-env).
PASSED = ("PATH", "HOME", "LANG", "LANGUAGE", "TERM", "TZ")
# The locale's categories (POSIX and glibc's), not any name that starts with `LC_`: a host's
# `LC_SECRET` is no locale.
LOCALE = frozenset(
    (
        "LC_ALL", "LC_ADDRESS", "LC_COLLATE", "LC_CTYPE", "LC_IDENTIFICATION", "LC_MEASUREMENT",
        "LC_MESSAGES", "LC_MONETARY", "LC_NAME", "LC_NUMERIC", "LC_PAPER", "LC_TELEPHONE",
        "LC_TIME",
    )
)  # fmt: skip
CHUNK = 64 * 1024
TAIL = 4096  # the end of the output where a program says which limit refused it
LOOK_SECONDS = 0.2  # how often a command's waiter is looked at (`given_up_when`)
GIVEN_UP = "stopped: what waited for it is gone"
_given_up: contextvars.ContextVar[Callable[[], bool] | None] = contextvars.ContextVar(
    "given_up", default=None
)


@contextlib.contextmanager
def given_up_when(gone: Callable[[], bool]) -> Iterator[None]:
    """The commands run meanwhile (in this thread) are stopped once `gone()` says what waits
    for them is no more (Claude Code ended the launcher that asked for one)."""
    token = _given_up.set(gone)
    try:
        yield
    finally:
        _given_up.reset(token)


def environment(confined: bool, sandbox: bool, named: Sequence[str] = ()) -> dict[str, str]:
    """The variables a command runs with: a plan file's, all but our secrets; a model's,
    the allow list and what the user named, with a HOME of its own in the sandbox."""
    env = {k: v for k, v in os.environ.items() if k not in HIDDEN_VARIABLES}
    if not confined:
        return env
    env = {
        k: v
        for k, v in env.items()
        if (k in PASSED or k in LOCALE or k in named)
        and k not in SHELL_STARTUP
        and not k.startswith("BASH_FUNC_")
    }
    if sandbox:
        env["HOME"] = HOME
        env["TMPDIR"] = "/tmp"  # the sandbox's own, fresh; any other is not there
    return env


def run(
    args: str | list[str],
    cwd: str,
    env: dict[str, str],
    timeout: float,
    limits: SandboxLimits | None = None,
    stdin: bytes = b"",
    enter: Callable[[], None] | None = None,
) -> ActionOutcome:
    """Run `args` (a shell line when a string) to its end, its timeout, or an interrupt;
    under `limits` (a sandboxed command), naming the limit that stopped it. It reads
    `stdin`, then end of file. `enter`: what the child does last before it runs `args`
    (the overlay over the tree: `overlay_box.py`)."""
    cgroup = PidsCgroup.made(limits.processes) if limits is not None else None
    try:
        return _run(args, cwd, env, timeout, limits, cgroup, stdin, enter)
    finally:
        if cgroup is not None:
            cgroup.remove()


def _run(
    args: str | list[str],
    cwd: str,
    env: dict[str, str],
    timeout: float,
    limits: SandboxLimits | None,
    cgroup: PidsCgroup | None,
    stdin: bytes = b"",
    enter: Callable[[], None] | None = None,
) -> ActionOutcome:
    # Its own session, so a Ctrl-C reaches us first and we stop the whole command; and
    # killed with us (SIGKILL gives no chance to clean up), so a command a killed
    # correction started cannot write into the working tree after its rollback. Started
    # with interrupts held: one that came as it started is raised here, where it is
    # stopped, never between its start and the wait (it wrote on through the rollback).
    process = None
    try:
        with interrupts.held():
            process = subprocess.Popen(
                args,
                shell=isinstance(args, str),
                cwd=cwd,
                env=env,
                stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_child_setup(limits, cgroup, enter),
            )
        with beating_for(process.pid):
            return _awaited(process, args, timeout, limits, cgroup, stdin)
    except KeyboardInterrupt:
        if process is not None and process.returncode is None:  # not stopped and waited yet:
            _stop(process)  # its process group id may be another's once it was
        raise


def _awaited(
    process: subprocess.Popen[bytes],
    args: str | list[str],
    timeout: float,
    limits: SandboxLimits | None,
    cgroup: PidsCgroup | None,
    stdin: bytes,
) -> ActionOutcome:
    assert process.stdout is not None
    if process.stdin is not None:  # fed beside the wait: a command that never reads blocks none
        threading.Thread(target=_feed, args=(process.stdin, stdin), daemon=True).start()
    record = OutputRecord()
    reader = threading.Thread(target=_drain, args=(process.stdout, record), daemon=True)
    reader.start()
    deadline = time.monotonic() + timeout
    try:
        # Starting it ran Python's at-fork hooks (for the preexec_fn), where an
        # interrupt is swallowed: it is raised here, not lost.
        interrupts.raise_if_swallowed()
        if _waited(process, args, timeout):
            _stop(process)
            reader.join(timeout=5)
            return ActionOutcome(ok=False, summary=GIVEN_UP, output=record.text())
        # A process it left behind may hold the output open: that counts against the time.
        reader.join(max(0.0, deadline - time.monotonic()))
        if reader.is_alive():
            raise subprocess.TimeoutExpired(args, timeout)
    except KeyboardInterrupt:
        # The command runs in its own session: it would outlive us if not stopped here.
        # It may have ended (and been reaped) as the interrupt came: then none is left.
        _stop(process)
        raise
    except subprocess.TimeoutExpired:
        _stop(process)
        reader.join(timeout=5)
        return ActionOutcome(
            ok=False, summary=f"timed out after {timeout:g}s", output=record.text(), timed_out=True
        )
    code = process.returncode
    summary = f"exit {code}"
    if limits is not None:
        refused = cgroup is not None and cgroup.refused()
        stopped = limits.stopped_by(code, record.last(TAIL), refused)
        summary += f"; stopped: {stopped}" if stopped else ""
    return ActionOutcome(ok=code == 0, summary=summary, exit_code=code, output=record.text())


def _waited(process: subprocess.Popen[bytes], args: str | list[str], timeout: float) -> bool:
    """Wait for the process to end, within `timeout`; True when it was given up first."""
    gone = _given_up.get()
    if gone is None:
        process.wait(timeout=timeout)
        return False
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            process.wait(timeout=min(left, LOOK_SECONDS))
            return False
        except subprocess.TimeoutExpired:
            if gone():
                return True
    raise subprocess.TimeoutExpired(args, timeout)


def _drain(stream: IO[bytes], record: OutputRecord) -> None:
    with stream:
        while chunk := stream.read1(CHUNK):  # type: ignore[attr-defined]
            record.add(chunk)


def _feed(stream: IO[bytes], data: bytes) -> None:
    with contextlib.suppress(OSError), stream:
        stream.write(data)


def _stop(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _child_setup(
    limits: SandboxLimits | None,
    cgroup: PidsCgroup | None,
    enter: Callable[[], None] | None = None,
) -> Callable[[], None]:
    def setup() -> None:  # pragma: no cover - runs in the child, between fork and exec
        signal.pthread_sigmask(signal.SIG_UNBLOCK, interrupts.STOPPING)  # held in agents only
        _die_with_parent()
        if cgroup is not None:
            cgroup.enter()
        if limits is not None:
            limits.apply()
        if enter is not None:
            enter()

    return setup


def _die_with_parent() -> None:  # pragma: no cover - runs in the child, between fork and exec
    """Ask Linux to SIGKILL this child when the agents process dies (PR_SET_PDEATHSIG)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)
    except (OSError, AttributeError):
        pass  # not Linux: the command may outlive a killed agents process
