"""Send this process a signal as a `run` action starts a slow command.

    python swallowed_interrupt.py REPO SIGNAL [at-fork|started]

The `agents` signal handling is installed as `agents` installs it. `at-fork`: a hook
registered with `os.register_at_fork` signals this process once, right after the fork of the
action's process, while Python runs its at-fork hooks, where an exception is only reported
("Exception ignored in ..."). `started`: a profile hook signals it as the process object is
made, just before the action holds it (the handler raises where Python next looks).
Prints `interrupted: REASON` and how many processes it started are left (exit 130) if the
interrupt stopped the action, or `finished: SUMMARY` (exit 0) if it was lost.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from types import FrameType

from cleveragents.adapters import interrupts
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import RunAction


def main(repo: Path, name: str, where: str = "at-fork") -> int:
    interrupts.install()
    sent: list[bool] = []

    def signal_once() -> None:
        if not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.Signals[name])

    def on_started(frame: FrameType, event: str, arg: object) -> None:
        started = event == "return" and frame.f_code is subprocess.Popen.__init__.__code__
        if started and frame.f_locals.get("args") == "sleep 20":
            sys.setprofile(None)
            signal_once()

    if where == "at-fork":
        os.register_at_fork(after_in_parent=signal_once)
    else:
        sys.setprofile(on_started)
    environment = WorkspaceEnvironment(repo, repo / ".git")
    try:
        outcome = environment.apply(RunAction(command="sleep 20"))
    except KeyboardInterrupt as stop:
        sys.setprofile(None)
        print(f"interrupted: {stop}")
        print(f"processes left: {_children()}")
        return 130
    print(f"finished: {outcome.summary}")
    return 0


def _children() -> int:
    """How many processes this one started that have not ended and been waited for."""
    pid = os.getpid()
    return len(Path(f"/proc/{pid}/task/{pid}/children").read_text().split())


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), *sys.argv[2:]))
