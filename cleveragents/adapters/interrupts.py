"""POSIX signals as interrupts: SIGTERM and SIGHUP stop a command the way Ctrl-C does."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from cleveragents.errors import Interrupted

STOPPING = frozenset({signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
CHILD_GRACE_SECONDS = 10.0

# Interrupts Python swallowed: see `raise_if_swallowed`.
_swallowed: list[Interrupted] = []
# The hook that reported unraisable exceptions before ours: it still reports all the others.
_reporters: list[Callable[[sys.UnraisableHookArgs], object]] = []


def install() -> None:
    """SIGINT, SIGTERM and SIGHUP raise `Interrupted` in the main thread.

    A signal ignored when we started (`nohup`, a background job) stays ignored.
    """
    for number in STOPPING:
        if signal.getsignal(number) is not signal.SIG_IGN:
            signal.signal(number, _stop)
    if sys.unraisablehook is not _keep_swallowed:
        _reporters[:] = [sys.unraisablehook]
        sys.unraisablehook = _keep_swallowed


# Inside `held` blocks (how deep), and the signal that came meanwhile: it is raised as the
# outermost one ends. The signal mask alone does not hold it back: Linux may hand the signal
# to another thread (an output reader's), and Python then runs this handler in the main
# thread all the same.
_holding = 0
_pending: list[int] = []


def _stop(number: int, frame: FrameType | None) -> None:
    # Once stopping, later signals wait: a second Ctrl-C cannot cut the rollback (or the
    # store's own ROLLBACK) short. The process ends soon after; they never get delivered.
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    if _holding:
        _pending[:] = [number]
        return
    raise Interrupted(signal.Signals(number).name)


def _keep_swallowed(unraisable: sys.UnraisableHookArgs) -> None:
    """Where an exception cannot propagate (an at-fork hook, which runs while a subprocess
    with a `preexec_fn` starts; a `__del__` the garbage collector calls), Python only
    reports it. A signal handled there would be lost, and with it every later signal,
    which `_stop` blocked: the interrupt is kept for `raise_if_swallowed` instead."""
    if isinstance(unraisable.exc_value, Interrupted):
        _swallowed.append(unraisable.exc_value)
        return
    for report in _reporters:
        report(unraisable)


def raise_if_swallowed() -> None:
    """Raise again an interrupt Python swallowed (see `_keep_swallowed`).

    Called after starting a process and before each git command and action, so a Ctrl-C
    that landed in one of those places stops the command a moment later, not never.
    """
    if _swallowed:
        raise _swallowed.pop()


def settle_quietly() -> None:
    """From here on the command only finishes: signals that come now change nothing."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)


@contextmanager
def held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP back for the block (a few file system calls, a
    store transaction: what must run whole): one that came meanwhile stops the command as
    the block ends, also when the block failed (the failure is then the interrupt's
    context). Counted first: from there on no interrupt is raised before the block ends,
    not even in the moment `with` takes to enter it."""
    global _holding
    _holding += 1
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    except KeyboardInterrupt:
        if _holding == 1:
            _pending.clear()  # the command is stopping already: all a signal would do
        raise
    finally:
        _holding -= 1
        _raise_pending()


def _raise_pending() -> None:
    """Outside every `held` block, raise the interrupt that came inside one."""
    if not _holding and _pending:
        number = _pending.pop()
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)  # as `_stop` leaves them
        raise Interrupted(signal.Signals(number).name)


@contextmanager
def deferred() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP back for the block, so that it runs whole.

    Processes started inside inherit the mask: a Ctrl-C on the terminal, which signals
    the whole process group, does not kill the git commands of a rollback halfway either.
    First the git commands an interrupt cut short may still be writing (and holding
    their index lock): they are given time to end.
    """
    with held():
        _wait_for_children(CHILD_GRACE_SECONDS)
        yield


def _wait_for_children(seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return  # no child left
        if pid == 0:
            if time.monotonic() >= deadline:
                return  # a child that does not end: go on; a restore names what blocks it
            time.sleep(0.02)
