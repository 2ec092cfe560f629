"""Measured test runs only: the walk for the files no process ran, once a behave worker.

`nox -s tests` installs this module, with a `.pth` line that imports it, into its own
virtualenv. Coverage, saving a process' data, walks every file of `cleveragents/` (some
320), resolves each path and writes a row for each into the process' data file, so that
a file nothing imported counts at 0 %: 17 ms of CPU a process here (20 ms a save against
3 ms without), and a run measures some 6,000 processes (`agents` forks, hooks, Claude
Code's shell prefix). One walk a run is enough, the data files being combined: behave's
workers (`coverage run -m behave`, which this module leaves alone: coverage is not yet
imported when `.pth` lines run there) still walk; every process coverage starts through
its own `.pth` line (the subprocesses) does not, nor any process forked from one. The
forks of behave's workers skip it through `features/support/forked_agents.py`.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator


def _none(self: object) -> Iterator[tuple[str, str | None]]:
    return iter(())


def install() -> None:
    if "coverage" not in sys.modules:  # not started through coverage's `.pth`: as it was
        return
    from coverage import inorout

    if hasattr(inorout.InOrOut, "find_possibly_unexecuted_files"):
        inorout.InOrOut.find_possibly_unexecuted_files = _none  # type: ignore[method-assign]


# A .pth line that raises prints its traceback in every Python started: never. Without it
# the tests run as before, only slower.
with contextlib.suppress(Exception):
    install()
