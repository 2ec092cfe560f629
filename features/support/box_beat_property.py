"""The property of the box's own beat (trust.killed_put_back.property.feature): the working
tree's lock, the settle's bound on what a killed run's command changed (`AFTER_BEAT` after
its last touch), is touched while the command lives, whatever became of the agents process,
and no longer once it ended (attack 24, F8: a stopped agents beat no more while its command,
in a session of its own, wrote on; the write was taken for the user's).

Each example runs a real writer in a process of its own (the real `PlanLocks` and
`command_process.run`), whose command touches `last` every 50 ms for a random time and then
makes `done`; the writer is stopped (SIGSTOP) a random moment in, and SIGKILLed either once
the command ended (and more than a beat later) or, it writing on, once `done` stands. What
must hold, on the files' own times: the command's last write is no later than the lock's
last touch and `SLACK` (a loaded machine's lateness; the settle's margin is ten seconds);
once the command ended the lock is touched no more (the user's edits after it stay theirs);
a command still running when agents was killed writes nothing after it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

import cleveragents
from features.support.properties import reproducible

SLACK = 2_000_000_000  # ns
BEAT = 500_000_000  # ns: `storage/lock.BEAT`
WRITER = """
import os, sys
from pathlib import Path
from cleveragents.adapters.storage.lock import PlanLocks
from cleveragents.adapters.workspace import command_process
locks, tree, line = sys.argv[1:4]
with PlanLocks(Path(locks)).hold("p", "box beat property"):
    command_process.run(["sh", "-c", line], tree, dict(os.environ), 60)
"""


def check_property(examples: int, seed: int, work: Path) -> int:
    """Returns how many writers were killed."""
    killed = 0

    @reproducible(examples, seed)
    @example(stop_at=0.2, writes=2.6, ended=True)
    @example(stop_at=0.2, writes=2.6, ended=False)
    @given(
        stop_at=st.floats(0.1, 0.4),
        writes=st.floats(2.6, 3.0),
        ended=st.booleans(),
    )
    def check(stop_at: float, writes: float, ended: bool) -> None:
        nonlocal killed
        tree = Path(tempfile.mkdtemp(prefix="box-beat-", dir=work))
        locks = tree / "locks"
        line = (
            f"end=$(( $(date +%s%N) + {int(writes * 1e9)} )); "
            "while [ $(date +%s%N) -lt $end ]; do : > last; sleep 0.05; done; : > done"
        )
        if not ended:  # it writes on, till killed
            line += "; while :; do : > last; sleep 0.05; done"
        root = str(Path(cleveragents.__file__).parents[1])
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(locks), str(tree), line],
            env={**os.environ, "PYTHONPATH": root},
            start_new_session=True,
        )
        try:
            while not (tree / "last").exists():
                time.sleep(0.01)
            time.sleep(stop_at)
            os.kill(writer.pid, signal.SIGSTOP)
            while not (tree / "done").exists():
                time.sleep(0.05)
            if ended:
                time.sleep(1.2)  # the writer's command gone: a beat on would show by now
            kill = time.time_ns()
            os.kill(writer.pid, signal.SIGKILL)
            writer.wait()
            killed += 1
            time.sleep(0.5)
        finally:
            if writer.poll() is None:
                os.killpg(writer.pid, signal.SIGKILL)
                writer.wait()
        said = f"stopped {stop_at:.2f} s in, command writing {writes:.2f} s, ended {ended}"
        beat = os.stat(locks / "worktree.lock").st_mtime_ns
        last = os.stat(tree / "last").st_mtime_ns
        done = os.stat(tree / "done").st_mtime_ns
        assert done <= beat + SLACK, f"{said}: its last write is past the lock's last touch"
        if ended:
            assert beat <= done + BEAT + SLACK // 2, f"{said}: the lock is touched after it ended"
        else:
            assert last <= kill + 200_000_000, f"{said}: it wrote after agents was killed"

    check()
    return killed
