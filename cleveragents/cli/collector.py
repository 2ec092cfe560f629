"""Python's cyclic garbage collector around what a command imports: off while it imports,
then what it made left out of every later collection."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def uncollected() -> Iterator[None]:
    """Import typer and the CLI (or run a read-only view, or import a command's services)
    with Python's cyclic garbage collector off, then leave what they made out of every
    later collection (`gc.freeze`): the classes and functions of some 150 modules, kept
    until the process ends. Collecting as they were made, and walking them all again in the
    collection at exit, took a tenth of the instructions of `agents --help` and of `plan
    list`. Reference counting frees them as before; only a cycle among them is left to the
    end of the process. For a process that runs `main` once: `agents` itself."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.freeze()
            gc.enable()
