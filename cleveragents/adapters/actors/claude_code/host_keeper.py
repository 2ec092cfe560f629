"""The keeper of a user's hook run on the host: it holds the hook's lease (`host_leases.py`)
while any process the hook started lives, whatever that process does with its descriptors.

The lease was a descriptor the hook's processes inherited; Python's `subprocess` closes every
inherited descriptor by default, so a hook whose `make` recipe started `sleep 3; make fmt`
through Python held none, and the model's next boxed call rewrote the Makefile that the
leftover then ran on the host (attack 17 finding 1). Here the launcher Claude Code started
forks a keeper, which makes itself a child subreaper (PR_SET_CHILD_SUBREAPER) and starts the
hook (`sh -c LINE`) as its child: every process the hook starts stays the keeper's
descendant (a double fork, `setsid`, `nohup` alike: an orphan comes to the keeper, not to
init), and the keeper, alone holding the lease, waits for every one of them. Claude Code
gets the hook's own exit status (and its output, which goes to Claude Code's pipes directly)
as soon as the hook's own process ends: the launcher says it, the keeper goes on holding.
Claude Code ending the launcher (a hook's timeout) ends the hook's own process, as it would
without agents (a signal passed on; SIGKILL through the keeper's parent-death signal).

Not held: a process the hook only asks to run something (an already-running tmux server,
`systemd-run --user`, `at`, a daemon it talks to) is no descendant of it.
"""

from __future__ import annotations

import contextlib
import os
import signal

SUBREAPER = 36  # prctl's PR_SET_CHILD_SUBREAPER
PARENT_DEATH = 1  # prctl's PR_SET_PDEATHSIG
PASSED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT)


def run_kept(line: str, lease: int) -> int:
    """Run `sh -c line` as the hook; its exit status (as a shell says it) once its own
    process ends; the lease descriptor `lease` is the keeper's from here on."""
    said, told = os.pipe()
    launcher = os.getpid()
    signal.pthread_sigmask(signal.SIG_BLOCK, PASSED)  # passed on once the hook's pid is known
    keeper = os.fork()
    if keeper == 0:  # pragma: no cover - the keeper's own process (measured by the tests)
        code = 0
        try:
            os.close(said)
            _keep(line, lease, told, launcher)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(told)
    os.close(lease)
    return _said(said)


def _said(said: int) -> int:
    """What the keeper tells: the hook's pid, then its exit status."""
    with os.fdopen(said, "rb") as reading:
        first = reading.readline().strip()
        hook = int(first) if first.isdigit() else 0
        for number in PASSED:
            signal.signal(number, lambda n, _f: _passed(hook, n))
        signal.pthread_sigmask(signal.SIG_UNBLOCK, PASSED)
        last = reading.readline().strip()
    try:
        code = int(last)
    except ValueError:  # the keeper was killed: the hook's end is not known
        return 1
    if code < 0:  # ended by a signal: so is the launcher, as the shell was before
        with contextlib.suppress(OSError, ValueError):  # SIGKILL's cannot be set, nor need be
            signal.signal(-code, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [-code])
        os.kill(os.getpid(), -code)
        return 128 - code
    return code


def _passed(hook: int, number: int) -> None:
    if hook > 0:
        with contextlib.suppress(OSError):
            os.kill(hook, number)


def _keep(line: str, lease: int, told: int, launcher: int) -> None:  # pragma: no cover
    _prctl(SUBREAPER, 1)
    hook = os.fork()
    if hook == 0:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, PASSED)
        os.execv("/bin/sh", ["sh", "-c", line])  # the lease and `told` close on exec
    os.write(told, f"{hook}\n".encode())
    try:  # signalled by it: never another process given its pid
        handle = os.pidfd_open(hook)
    except OSError:  # a kernel before 5.3: by its pid, until it is waited for
        handle = -hook
    for number in PASSED:  # the keeper outlives the hook's signals: its leftovers hold it
        signal.signal(number, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, PASSED)
    signal.signal(signal.SIGUSR1, lambda _n, _f: _end(handle))
    _prctl(PARENT_DEATH, signal.SIGUSR1)
    if os.getppid() != launcher:  # the launcher was killed before the keeper could tell
        _end(handle)
    blank = os.open(os.devnull, os.O_RDWR)  # Claude Code's pipes end with the hook's
    for kept in (0, 1, 2):
        os.dup2(blank, kept)
    os.close(blank)
    while True:
        try:
            pid, status = os.wait()
        except ChildProcessError:  # no process of the hook is left: the lease ends
            return
        if pid == hook:
            _prctl(PARENT_DEATH, 0)
            if handle > 0:
                os.close(handle)
            handle = 0
            with contextlib.suppress(OSError):
                os.write(told, f"{os.waitstatus_to_exitcode(status)}\n".encode())
                os.close(told)


def _end(handle: int) -> None:  # pragma: no cover - the keeper's
    """The launcher ended before the hook (Claude Code killed it): the hook's own process
    ends too, as it did when the launcher was the hook's shell."""
    with contextlib.suppress(OSError):
        if handle > 0:
            signal.pidfd_send_signal(handle, signal.SIGKILL)
        elif handle < 0:
            os.kill(-handle, signal.SIGKILL)


def _prctl(option: int, value: int) -> None:
    import ctypes

    ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)
