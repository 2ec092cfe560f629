"""The ignored files made or changed since a time: what a killed run's command may have made
where the host runs (`application/operation_repair.py`), which no checkpoint holds and no
saved record names (the look before the command saves the files that stand then).

One `ls-files` of every ignored file (an ignored folder's files too, not a nested
repository's), then an `lstat` of each: run once, when a killed run is settled.
"""

from __future__ import annotations

import stat
from collections.abc import Mapping

from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.repository import GitRepository


def ignored_since(repo: GitRepository, env: Mapping[str, str], since: int) -> list[str]:
    """Each ignored file or link of the tree whose status changed at `since` (ns) or later."""
    out = repo.git_bytes("ls-files", "-z", "--others", "--ignored", "--exclude-standard", env=env)
    found: list[str] = []
    for name in out.split(b"\0"):
        path = name.decode("utf-8", "surrogateescape")
        if not path or path.endswith("/"):  # a nested repository: not its files
            continue
        st = lstat(f"{repo.root}/{path}")
        if st is not None and not stat.S_ISDIR(st.st_mode) and st.st_ctime_ns >= since:
            found.append(path)
    return found
