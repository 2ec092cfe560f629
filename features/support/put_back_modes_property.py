"""The property of the put-back in folders a command made read-only, as a user not root
(`adapters/git/folder_listing.opened_around`): whatever modes a command gives the folders
holding what it planted, and the planted files (`chmod 555`, `500`, `444`, `311`, `000`),
the put-back after it neither fails nor leaves any of it, and gives each folder that stands
the mode the command gave it (a folder its owner could not list or enter: that mode and
`u+rwx`, the walk's, said); and the folders the user made `000`, `311` and `600` before it
keep their exact modes and bytes, named by no line, and the next command says nothing (walk26).

Each example: a command that plants a nested repository with an fsmonitor, a `.claude`
setting, a `.mcp.json` and an `.exrc` (with the home's `set exrc`) in `a/b`, then random
`chmod`s of `a`, `a/b`, `a/b/.claude`, `a/b/.git`, `a/b/.git/hooks` and the planted files;
the real `GitCheckpoints` look and put-back, run by `nobody` in a forked process
(`nobody_put_back.py`).

And `check_undo_property`: whatever modes my folders `u0` and `u0/v` have (one git may not
list, enter or write to), the real `agents plan run` of a command that removes my files in
them, then `agents plan undo`, bring back both files with their bytes and both folders with
their exact modes (top29: git's `add --all` left such a folder out of every checkpoint).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.nobody_put_back import (
    NOBODY,
    as_nobody,
    undone_as_nobody,
    undone_whole,
    user_folders_kept,
)
from features.support.properties import reproducible

TARGETS = [
    "a", "a/b", "a/b/.claude", "a/b/.git", "a/b/.git/hooks", "a/b/.git/config",
    "a/b/.mcp.json", "a/b/.exrc", "a/b/.claude/settings.json",
]  # fmt: skip
MODES = ["555", "500", "444", "311", "000", "700"]
CHMODS = st.lists(st.tuples(st.sampled_from(TARGETS), st.sampled_from(MODES)), max_size=5)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0

    @reproducible(examples, seed)
    @given(CHMODS)
    def holds(chmods: list[tuple[str, str]]) -> None:
        nonlocal ran
        ran += 1
        # Deepest first: a folder made 000 before what is in it would stop the `chmod`.
        ordered = sorted(chmods, key=lambda one: -one[0].count("/"))
        after = " && ".join(["true", *(f"chmod {mode} {path}" for path, mode in ordered)])
        # In /tmp: `nobody` reaches it (`tmp` is root's alone).
        top = Path(tempfile.mkdtemp(prefix="put-back-modes-", dir="/tmp"))
        if os.geteuid() == 0:
            os.chown(top, NOBODY, NOBODY)
        try:
            found = as_nobody(top, after)
        finally:
            subprocess.run(["chmod", "-R", "u+rwx", str(top)], check=False)
            shutil.rmtree(top)
        assert found["left"] == [], (after, found)
        user_folders_kept(found, [*found["said"], *found["next"]])  # walk26
        assert found["next"] == [], (after, found)
        given_modes = {path: int(mode, 8) for path, mode in ordered if path in ("a", "a/b")}
        for path, now in zip(("a", "a/b"), found["modes"], strict=True):
            if path not in given_modes:
                continue
            mode = given_modes[path]
            looked = mode if mode & 0o500 == 0o500 else mode | 0o700  # the walk's u+rwx
            assert int(now, 8) == looked, (after, path, found)

    holds()
    return ran


# Modes git lists a folder with or not, and a user may write to or not; none with `r` and
# no `x` (`600`: git lists it, cannot stat what it holds, and the checkpoint is refused).
FOLDER_MODES = [0o000, 0o100, 0o300, 0o311, 0o500, 0o555, 0o700, 0o711, 0o755]


def check_undo_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the undo property; the number of examples that ran."""
    ran = 0

    @reproducible(examples, seed)
    @given(st.sampled_from(FOLDER_MODES), st.sampled_from(FOLDER_MODES))
    def holds(outer: int, inner: int) -> None:
        nonlocal ran
        ran += 1
        top = Path(tempfile.mkdtemp(prefix="undo-modes-", dir="/tmp"))  # `nobody` reaches it
        if os.geteuid() == 0:
            os.chown(top, NOBODY, NOBODY)
        try:
            found = undone_as_nobody(top, {"u0": outer, "u0/v": inner})
        finally:
            subprocess.run(["chmod", "-R", "u+rwx", str(top)], check=False)
            shutil.rmtree(top)
        assert undone_whole(found), (oct(outer), oct(inner), found)
        assert found["u0"][:2] == [oct(outer), oct(inner)], (oct(outer), oct(inner), found)

    holds()
    return ran
