"""Measured test runs only: Robot's own process runs unmeasured, what it starts measured.

`nox -s tests` installs this module with two `.pth` lines: one before coverage's own
`a1_coverage.pth` (`import cleveragents_not_robot`), one after it
(`import cleveragents_not_robot; cleveragents_not_robot.put_back()`). In a Robot process
pabot starts (`bin/robot`, or `python -m robot`), the first takes coverage's variables out
of the environment, so that coverage's line starts nothing there, and the second puts them
back, so that every process Robot starts (`agents`, the fork server, hooks) is measured as
before. Robot runs no code of ours but a few imports of its libraries, all of which the
`agents` it starts run too; under coverage's tracer (Python 3.11: every call of Robot's
keywords seen) it spent more CPU: robot/diff.robot's Robot process 2.4 s, 1.2 without;
robot/checkpoints.robot's 4.3 s, 2.8 without.
Anywhere else this module does nothing.
"""

from __future__ import annotations

import contextlib
import os
import sys

VARIABLES = ("COVERAGE_PROCESS_START", "COVERAGE_PROCESS_CONFIG")
_held: dict[str, str] = {}


def robot_runner(argv: list[str]) -> bool:
    """Whether `argv` (`sys.orig_argv`) starts Robot's runner: `PYTHON .../bin/robot ...`
    or `PYTHON -m robot ...` (`robot.run` too), after the interpreter's own options."""
    words = argv[1:]
    while words and words[0].startswith("-") and words[0] not in ("-m", "-c", "-"):
        words = words[2:] if words[0] in ("-X", "-W") else words[1:]
    if words[:1] == ["-m"]:
        return words[1:2] in (["robot"], ["robot.run"])
    return bool(words) and os.path.basename(words[0]) == "robot"


def hold() -> None:
    if robot_runner(list(getattr(sys, "orig_argv", []))):
        for name in VARIABLES:
            if name in os.environ:
                _held[name] = os.environ.pop(name)


def put_back() -> None:
    """Coverage's variables back in the environment, for the processes Robot starts."""
    with contextlib.suppress(Exception):
        os.environ.update(_held)


# A .pth line that raises prints its traceback in every Python started: never. Without it
# the tests run as before, only slower.
with contextlib.suppress(Exception):
    hold()
