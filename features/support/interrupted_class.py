"""Send this process SIGINT where code that reports errors its own way turns the interrupt
into another error, and print the exit code `agents` maps what was raised to:

- `set-name`: while Python defines a class, from a `__set_name__` (a dataclass field of a
  module `agents` imports while it starts has one): Python raises a RuntimeError caused by
  the interrupt;
- `rewrapped`: inside a library that raises an error of its own naming it, chained to
  nothing (pydantic building a model's schema does).

    python interrupted_class.py set-name|rewrapped

Prints `exit N` (130: taken as the interrupt it is).
"""

from __future__ import annotations

import os
import signal
import sys
import time

from cleveragents.adapters import interrupts
from cleveragents.cli.exits import exit_code


class SignalsWhenNamed:
    def __set_name__(self, owner: type, name: str) -> None:
        os.kill(os.getpid(), signal.SIGINT)


def define_a_class() -> None:
    class Defined:
        field = SignalsWhenNamed()


def build_in_a_library() -> None:
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)
    except BaseException as error:
        raise ValueError(f"Error building `model` serializer: {error!r}") from None


if __name__ == "__main__":
    interrupts.install()
    command = define_a_class if sys.argv[1] == "set-name" else build_in_a_library
    print(f"exit {exit_code([], command)}")
    sys.exit(0)
