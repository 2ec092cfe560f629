"""A process making the box's mount points (as `agents` does) SIGKILLed by itself right after
one's name shows in the tree: before `mount_points.made` journals what it made there. The
next process's sweep must still take it, and nothing else."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
CHILD = """
import os, signal, sys
from pathlib import Path
from cleveragents.adapters.command_safety import mount_points
root, kind = Path(sys.argv[1]), sys.argv[2]
real = getattr(os, kind)
def then_killed(*args, **kwargs):
    real(*args, **kwargs)
    if "rc" in args:  # the mount point's name, not the journal's folder
        os.kill(os.getpid(), signal.SIGKILL)
setattr(mount_points.os, kind, then_killed)
places, folders = (("a/rc",), ()) if kind == "link" else ((), ("a/rc",))
with mount_points.made(root, places, root / ".git" / "cleveragents", folders=folders):
    pass
"""


def killed_once_named(root: Path, kind: str) -> tuple[list[str], list[str]]:
    """Make the mount point `a/rc` of the repository `root` (a file when `kind` is "link",
    a folder when "mkdir"), the maker killed once it is named; what the sweep then removed,
    and the journals left after it."""
    from cleveragents.adapters.command_safety.mount_points import FOLDER, sweep

    (root / "a").mkdir(parents=True, exist_ok=True)
    child = subprocess.run([sys.executable, "-c", CHILD, str(root), kind], cwd=PROJECT, check=False)
    assert child.returncode == -9, f"the maker ended {child.returncode}, not by its SIGKILL"
    assert (root / "a" / "rc").exists(), "the mount point never stood"
    state = root / ".git" / "cleveragents"
    removed, _ = sweep(root, state)
    return removed, sorted((state / FOLDER).iterdir())
