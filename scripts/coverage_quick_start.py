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
from one is the real one, imported the first time it is used. A stand-in has no dunder
name (`__file__`, `__path__`, ...): code walking `sys.modules` (`inspect.getmodule`) sees a
module without a file, as it sees a built-in one, not a stand-in's name. And a process that
runs coverage's own command (`coverage run`, `combine`, `report`: `python -m coverage` or
its `bin/coverage` script) has no stand-in, its variables set or not: it may report, and its
runner inspects the modules (a stand-in's name for `__file__` crashed it: CI ci-47,
robot/suite_schedule.robot).
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

    def later(attribute: str) -> Later:
        if attribute.startswith("__") and attribute.endswith("__"):  # __file__, __path__, ...
            raise AttributeError(f"module {name!r} has no attribute {attribute!r}")
        return Later(name, attribute)

    module.__getattr__ = later  # type: ignore[method-assign]
    sys.modules.setdefault(name, module)


def coverage_command(argv: list[str]) -> bool:
    """Whether `argv` (`sys.orig_argv`) runs coverage's own command: `PYTHON -m coverage ...`
    or `PYTHON .../bin/coverage ...` (coverage3, coverage-3.11), after the interpreter's
    own options."""
    words = argv[1:]
    while words and words[0].startswith("-") and words[0] not in ("-m", "-c", "-"):
        words = words[2:] if words[0] in ("-X", "-W") else words[1:]
    if words[:1] == ["-m"]:
        return words[1:2] in (["coverage"], ["coverage.__main__"])
    return bool(words) and os.path.basename(words[0]).startswith("coverage")


def install() -> None:
    own_command = coverage_command(list(getattr(sys, "orig_argv", [])))
    if "coverage" not in sys.modules and not own_command:  # nothing of it to replace yet
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
