"""Send this process SIGINT while Python defines a class, from a `__set_name__` (as the
`dataclasses.field` of a module `agents` imports while it starts has one), and report the
exit code `agents` maps what was raised to.

    python interrupted_class.py

Python reports what a `__set_name__` raised as a RuntimeError caused by it: the interrupt
arrives wrapped. Prints `exit N` (130: taken as the interrupt it is).
"""

from __future__ import annotations

import os
import signal
import sys

from cleveragents.adapters import interrupts
from cleveragents.cli.main import exit_code


class SignalsWhenNamed:
    def __set_name__(self, owner: type, name: str) -> None:
        os.kill(os.getpid(), signal.SIGINT)


def define_a_class() -> None:
    class Defined:
        field = SignalsWhenNamed()


if __name__ == "__main__":
    interrupts.install()
    print(f"exit {exit_code([], define_a_class)}")
    sys.exit(0)
