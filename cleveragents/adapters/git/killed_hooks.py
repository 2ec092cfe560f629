"""The hooks a killed command made or changed in the repository's own `.git/hooks`.

The put-back after a command removes a hook it made or changed there (`claude_dirs.py`,
from the look before it). A SIGKILL of `agents` loses that look; the settle knows only
when it was taken (`Operation.first_look`) and when the killed command could last have
written (`until`: the lock's last beat and its margin). A hook whose status changed between
the two is the command's: its bytes are kept in a commit, and it is removed, as the put-back
after a command would have (a hook of the user's it rewrote too: no look holds its bytes).
One changed before is the user's (within the kernel's coarse clock of the look: a change
just after it may date a jiffy before), one changed later too (attack 31, F7).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.claude_dirs import NEW_HOOK, OWN_HOOKS
from cleveragents.adapters.git.put_back_failures import remove_made
from cleveragents.adapters.git.saved_files import FileSaver, git_mode
from cleveragents.domain.command_saves import shown_path

COARSE_NS = 100_000_000  # the file times' coarse clock lags the look's by a jiffy at most


def hooks_back(
    root: Path,
    saver: FileSaver,
    commit: Callable[[str, str, str], str],
    plan_id: str,
    at: int,
    until: int,
) -> list[str]:
    """Remove each file or link of the tree's own `.git/hooks` changed from `at` (ns) to
    before `until`, its bytes kept in one commit first; one line for those removed, and one
    for each that could not be."""
    folder = f"{root}/{OWN_HOOKS}"
    top = lstat(folder)
    if top is None or not stat.S_ISDIR(top.st_mode):
        return []
    found = []
    for name in sorted(os.listdir(folder)):
        st = lstat(f"{folder}/{name}")
        if (
            st is not None
            and not stat.S_ISDIR(st.st_mode)
            and at - COARSE_NS <= st.st_ctime_ns < until
        ):
            found.append((f"{OWN_HOOKS}/{name}", git_mode(st)))
    if not found:
        return []
    blobs = saver.hash_files(found)
    tree = saver.tree_of([(p, m, b) for (p, m), b in zip(found, blobs, strict=True)])
    short = commit(plan_id, tree, "cleveragents removed files: .git/hooks")[:12]
    failed = dict(remove_made(root, [path for path, _ in found], set()))
    kept = (
        f"; what the command wrote there is kept in commit {short}, never in the tree "
        f"(git show {short}:PATH, each .git folder as .git~cleveragents)"
    )
    removed = [f"removed {shown_path(p)}: {NEW_HOOK}{kept}" for p, _ in found if p not in failed]
    return [*removed, *failed.values()]
