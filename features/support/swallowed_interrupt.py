"""Send this process a signal while Python runs its at-fork hooks, where an exception is
only reported ("Exception ignored in ..."), then run a slow command.

    python swallowed_interrupt.py REPO SIGNAL

The `agents` signal handling is installed as `agents` installs it; a hook registered with
`os.register_at_fork` signals this process once, right after the fork of the `run` action's
process. Prints `interrupted: REASON` and how many processes it started are left (exit 130) if
the interrupt stopped the action, or `finished: SUMMARY` (exit 0) if it was lost.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from cleveragents.adapters import interrupts
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import RunAction


def main(repo: Path, name: str) -> int:
    interrupts.install()
    sent: list[bool] = []

    def signal_once() -> None:
        if not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.Signals[name])

    os.register_at_fork(after_in_parent=signal_once)
    environment = WorkspaceEnvironment(repo, repo / ".git")
    try:
        outcome = environment.apply(RunAction(command="sleep 20"))
    except KeyboardInterrupt as stop:
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
    sys.exit(main(Path(sys.argv[1]), sys.argv[2]))
