"""The property of `adapters/command_safety/mount_points.py`: the empty files a sandboxed
command's box stands on go, and only they, whether the command ends or `agents` is killed.

Each example: a real repository with random host-run names not there yet (their folders
standing), and a real process (as `agents` is) that makes their mount points, journaled,
and runs a command in the real bubblewrap sandbox bound on them. Once the command runs, the
user puts at some of the names their own empty file, their own bytes, a folder or a link,
from outside. Then the command ends, or the process is killed by its PID (SIGKILL) and the
next one sweeps the journal it left. It holds that each name the user put something at
holds just that, each other name is gone, and no journal is left.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

NAMES = ["rc", "a/rc", "a/b/x.sh", "c/tool", "d.sh"]
KINDS = ["nothing", "empty", "bytes", "folder", "link"]
PROJECT = Path(__file__).resolve().parents[2]
CHILD = """
import json, subprocess, sys
from pathlib import Path
from cleveragents.adapters.command_safety.bubblewrap import Bubblewrap
from cleveragents.adapters.command_safety.mount_points import made
from cleveragents.domain.host_binds import HostBinds
root, places = Path(sys.argv[1]), tuple(json.loads(sys.argv[2]))
binds = HostBinds(made=places)
argv = Bubblewrap(root, root / ".git").argv(["sh", "-c", ": > started; sleep 1"], False, host=binds)
with made(root, places, root / ".git" / "cleveragents"):
    sys.exit(subprocess.run(argv, cwd=root).returncode)
"""


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    from cleveragents.adapters.command_safety.mount_points import FOLDER, sweep

    ran = 0
    work = Path(tempfile.mkdtemp(prefix="mount-points-", dir=tmp))

    @reproducible(examples, seed)
    @given(
        st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(KINDS)), min_size=1, max_size=5),
        st.booleans(),
    )
    def example(picked: list[tuple[str, str]], killed: bool) -> None:
        nonlocal ran
        ran += 1
        root = work / f"tree{ran}"
        root.mkdir()
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        puts = dict(picked)
        for name in puts:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
        places = json.dumps(sorted(puts))
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(root), places],
            cwd=PROJECT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 30
            while not (root / "started").exists():
                assert child.poll() is None and time.monotonic() < deadline, "never started"
                time.sleep(0.01)
            for name, kind in puts.items():
                _put(root / name, kind)
            if killed:
                os.kill(child.pid, signal.SIGKILL)
            assert child.wait(timeout=30) == (-signal.SIGKILL if killed else 0)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        time.sleep(0.1) if killed else None  # bwrap ends with its parent (`--die-with-parent`)
        state = root / ".git" / "cleveragents"
        swept, _ = sweep(root, state)
        assert killed or not swept, f"swept after a command that ended: {swept}"
        for name, kind in puts.items():
            _held(root / name, kind)
        left = os.listdir(state / FOLDER)
        assert not left, f"journals left: {left}"

    example()
    return ran


def _put(path: Path, kind: str) -> None:
    """What the user puts at `path` (the box's empty file standing there) from outside."""
    if kind == "nothing":
        return
    path.unlink()
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "bytes":
        path.write_bytes(b"the user's\n")
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to("elsewhere")


def _held(path: Path, kind: str) -> None:
    assert kind == "nothing" or os.path.lexists(path), f"{path}: the user's {kind} was removed"
    if kind == "nothing":
        assert not os.path.lexists(path), f"{path.name}: the box's empty file stands"
    elif kind in ("empty", "bytes"):
        want = b"" if kind == "empty" else b"the user's\n"
        assert not path.is_symlink() and path.read_bytes() == want, f"{path} lost the user's"
    elif kind == "folder":
        assert path.is_dir() and not path.is_symlink(), f"{path}: the user's folder is gone"
    else:
        assert os.readlink(path) == "elsewhere", f"{path}: the user's link is gone"
