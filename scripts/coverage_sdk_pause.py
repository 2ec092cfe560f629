"""Measured test runs only: coverage stands aside while packages not ours import themselves.

`nox -s tests` installs this module, with a `.pth` line that imports it, into its own
virtualenv. Every `agents` start imports typer and pydantic (a third of its import time);
one that talks to Claude imports the SDK too: some 1,500 pydantic classes, 1.1 s of CPU
here, and 0.65 s more under coverage's tracer (Python 3.11 has no `sys.monitoring`, so
the tracer sees every call even in files it does not measure). None of them is code of
ours: coverage measures only `cleveragents`, and their imports run none of it, so pausing
the tracer while a module of theirs executes loses no line (robot/tree.robot and
robot/claude_code_plans.robot measured the same lines with and without it). Only
where coverage's tracer runs on the importing thread; anywhere else this does nothing.
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

# Packages that are no code of ours, whose imports every `agents` start pays for: a module
# of one of these (the top package or any submodule) executes with the tracer paused.
PAUSED = frozenset(
    {
        "anthropic",
        "annotated_doc",
        "annotated_types",
        "claude_agent_sdk",
        "click",
        "git",
        "gitdb",
        "httpcore",
        "httpx",
        "jiter",
        "playwright",
        "pydantic",
        "pydantic_core",
        "rich",
        "shellingham",
        "smmap",
        "tree_sitter",
        "tree_sitter_bash",
        "typer",
        "typing_extensions",
        "typing_inspection",
        "yaml",
    }
)


class _PausingLoader:
    """The SDK's own loader, with coverage stopped while it executes the package."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def __getattr__(self, name: str) -> Any:  # resources, source, …: the real loader's
        return getattr(self.real, name)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        created: ModuleType | None = self.real.create_module(spec)
        return created

    def exec_module(self, module: ModuleType) -> None:
        tracer = sys.gettrace()
        if type(tracer).__name__ != "CTracer":  # not coverage's: leave it be
            self.real.exec_module(module)
            return
        # Off on this thread only, then the same tracer back: every frame the import
        # started has ended, so its stack of frames is as it left it, and the frames
        # below go on being measured (coverage gives each one the tracer as its f_trace
        # for just this `settrace(gettrace())`). Coverage.stop() and start() would not:
        # a new tracer misses the rest of every frame below.
        sys.settrace(None)
        try:
            self.real.exec_module(module)
        finally:
            sys.settrace(tracer)


class _Finder:
    """Finds nothing itself: it hands the SDK's spec back with the pausing loader."""

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name.partition(".")[0] not in PAUSED:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _PausingLoader(spec.loader)  # type: ignore[assignment]
        return spec


def install() -> None:
    if "coverage" in sys.modules and not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


# A .pth line that raises prints its traceback in every Python started: never. Without the
# finder the tests run as before, only slower.
with contextlib.suppress(Exception):
    install()
