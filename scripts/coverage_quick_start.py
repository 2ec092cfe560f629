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

And such a process never writes a report, nor uses multiprocessing (the run's concurrency
is threads): importing coverage imported its reporters (HTML, XML, JSON, LCOV, text,
annotate: `xml.dom.minidom`, `html.entities`, ...) and `multiprocessing` all the same: a
`python -c pass` coverage starts in ran 418 M instructions, 369 M without them (85 M
unmeasured). Each is put in `sys.modules` as a stand-in first (`REPORTS`): a name taken
from one is the real one, imported the first time it is used.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import sys
import types

# coverage's modules that only report (and its multiprocessing patch): stood in for.
REPORTS = ("annotate", "html", "jsonreport", "lcovreport", "xmlreport", "report", "multiproc")


def no_stack(*args: object, **kwargs: object) -> str:
    return ""


class Later:
    """A name of one of coverage's `REPORTS` modules: the real one, imported when used."""

    def __init__(self, module: str, name: str) -> None:
        self._where = (module, name)

    def _real(self) -> object:
        module, name = self._where
        if getattr(sys.modules.get(module), "stand_in", False):
            del sys.modules[module]
        return getattr(importlib.import_module(module), name)

    def __call__(self, *args: object, **kwargs: object) -> object:
        return self._real()(*args, **kwargs)  # type: ignore[operator]

    def __getattr__(self, attribute: str) -> object:
        return getattr(self._real(), attribute)


def stand_in(name: str) -> None:
    module = types.ModuleType(name)
    module.stand_in = True  # type: ignore[attr-defined]
    module.__getattr__ = lambda attribute: Later(name, attribute)  # type: ignore[method-assign]
    sys.modules.setdefault(name, module)


def install() -> None:
    if "coverage" not in sys.modules:  # not yet imported here: nothing of it to replace
        for report in REPORTS:
            stand_in(f"coverage.{report}")
    # Imported with the garbage collector off, what it made then left out of every later
    # collection, as `agents` does with typer (cleveragents/cli/main.py): 372 M
    # instructions to 343 M for `python -c pass`.
    gc.disable()
    try:
        import coverage.collector
    finally:
        gc.freeze()
        gc.enable()

    setattr(coverage.collector, "short_stack", no_stack)  # noqa: B010 - a name coverage does not export


# A .pth line that raises prints its traceback in every Python started: never. Without it
# the tests run as before, only slower.
if os.environ.get("COVERAGE_PROCESS_START") or os.environ.get("COVERAGE_PROCESS_CONFIG"):
    with contextlib.suppress(Exception):
        install()
