"""The files no checkpoint holds made or changed since a time: what a killed run's command
may have made where the host runs (`application/operation_repair.py`), which no saved record
names (the look before the command saves the files that stand then). Ignored files, and
what of a nested `.git` (or a `.claude` in a nested repository) git or Claude Code would run
(`GitDirs.running`): the put-back after a command takes those back (attack 22, finding K).

First, a FIFO or socket made since where git opens a file (`.gitattributes`, a nested
`HEAD`) is removed, as after a command (`workspace/git_waits.py`): the settling's own git,
and every `agents` after it, waited on it for good. Then one `ls-files` of every ignored
file (an ignored folder's files too, not a nested repository's), and an `lstat` of each:
run once, when a killed run is settled.
"""

from __future__ import annotations

import stat
from collections.abc import Mapping

from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.workspace import git_waits
from cleveragents.domain.command_saves import Seen


def ignored_since(
    repo: GitRepository, env: Mapping[str, str], since: int, running: Mapping[str, Seen]
) -> tuple[list[str], list[str], list[str]]:
    """Each ignored file or link of the tree, and each of `running`, whose status changed at
    `since` (ns) or later; and the line naming the FIFOs removed first, if any."""
    said = git_waits.remove_new(repo.root, since)  # before the git below reads one
    out = repo.git_bytes("ls-files", "-z", "--others", "--ignored", "--exclude-standard", env=env)
    found: list[str] = []
    for name in out.split(b"\0"):
        path = name.decode("utf-8", "surrogateescape")
        if not path or path.endswith("/"):  # a nested repository: not its files
            continue
        st = lstat(f"{repo.root}/{path}")
        if st is not None and not stat.S_ISDIR(st.st_mode) and st.st_ctime_ns >= since:
            found.append(path)
    return found, [path for path, seen in running.items() if seen[3] >= since], said
