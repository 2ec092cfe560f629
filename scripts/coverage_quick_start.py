"""Measured test runs only: coverage starts a process without walking its call stack.

`nox -s tests` installs this module, with a `.pth` line that imports it, into its own
virtualenv, named to run before coverage's own `a1_coverage.pth`. Each `Collector`
coverage makes (one a process it starts, one a fork `restart_coverage` measures) keeps
`short_stack()` of where it was made, which `inspect.stack()` builds by reading the source
line of every frame: 6.5 ms of CPU of the 12 a start takes here, in some 6,000 processes and
forks a run, for a text coverage prints only when its collectors are stopped out of order.
Where coverage is to start in this process (its variables set), this module imports
coverage's collector first and leaves that text empty; elsewhere it imports nothing.
`features/support/forked_agents.py` does the same for the forks of behave's workers.
"""

from __future__ import annotations

import contextlib
import os


def no_stack(*args: object, **kwargs: object) -> str:
    return ""


def install() -> None:
    import coverage.collector

    setattr(coverage.collector, "short_stack", no_stack)  # noqa: B010 - a name coverage does not export


# A .pth line that raises prints its traceback in every Python started: never. Without it
# the tests run as before, only slower.
if os.environ.get("COVERAGE_PROCESS_START") or os.environ.get("COVERAGE_PROCESS_CONFIG"):
    with contextlib.suppress(Exception):
        install()
