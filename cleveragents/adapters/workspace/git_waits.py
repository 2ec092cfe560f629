"""FIFOs and sockets a command left where git opens a file by name, removed after it.

git opens `.gitignore`, `.gitattributes`, `.gitmodules` and `.mailmap` in any folder of the
tree, and `HEAD`, `config`, refs... in a nested repository's git directory, with a plain
`open`: at a FIFO that `open` waits for a writer that never comes, and no signal but
SIGKILL ends it. The next checkpoint's `add --all` would hang the run for good. Every
command-runner's put-back (`GitCheckpoints.after_command`, a recorded session's lost look,
the end of a Claude Code session) comes here right after `.git` entries are put back
(`git_dirs.py` removes a new `.git` with a FIFO whole; its `git config --file` reads none
of these) and before any git that reads them runs: one `find` of the tree lists the FIFOs
and sockets changed since the command began, and those at a name git reads are removed
and named. Others are left out of checkpoints (`workspace/tree_walk.py`).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from cleveragents.adapters import host_programs
from cleveragents.adapters.git.folder_listing import opened_around
from cleveragents.domain.command_saves import shown_path

# Files git opens by name in any folder of the tree, and in a git directory (of a nested
# repository, or one of another name: `HEAD`, refs).
GIT_READS = (".gitignore", ".gitattributes", ".gitmodules", ".mailmap")
GIT_DIR_READS = ("HEAD", "config", "config.worktree", "commondir", "gitdir", "packed-refs")
TICK = 100_000_000  # ns: the kernel stamps a ctime from a clock a tick (<= 10 ms) behind
WAITS = "git would wait on it for good"


def git_reads(path: str) -> bool:
    """Whether git may open `path` by name (a FIFO there would hold it for good)."""
    parts = path.split("/")
    inside = any(part in (".git", "refs") for part in parts[:-1])
    return parts[-1] in GIT_READS or parts[-1] in GIT_DIR_READS or inside


def remove_new(root: Path, since: int, left: list[str] | None = None) -> list[str]:
    """Remove each FIFO and socket of the tree at `root` made or moved since `since` (ns)
    at a name git reads; one line naming them, or none. `left` gets the others the same
    `find` listed (a killed run's settle reports them: one `find` of the tree, not two)."""
    pipes = new_pipes(root, since)
    waits = sorted(p for p in pipes if git_reads(p))
    if left is not None:
        left += [p for p in pipes if not git_reads(p)]
    with opened_around(root, waits) as said:  # a folder the command made 555 (`folder_listing`)
        for path in waits:
            try:
                (root / path).unlink()
            except FileNotFoundError:  # pragma: no cover - gone since `find` listed it
                continue
    return [removed_line(waits), *said] if waits else []


def new_pipes(root: Path, since: int) -> list[str]:
    """Each FIFO and socket of the tree at `root` (its `.git` left out) made or moved since
    `since` (ns), by one `find`."""
    find = host_programs.find("find", root)
    if find is None:  # pragma: no cover - findutils is part of every base system
        return []
    top = os.fsencode(root)
    changed = f"@{(since - TICK) // 1_000_000_000}.{(since - TICK) % 1_000_000_000:09d}"
    listed = subprocess.run(
        [find, top, "-path", top + b"/.git", "-prune", "-o",
         "(", "-type", "p", "-o", "-type", "s", ")", "-newerct", changed, "-printf", "%P\\0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "LC_ALL": "C"},
        check=False,
    ).stdout  # fmt: skip
    return [os.fsdecode(p) for p in listed.split(b"\0") if p]


def removed_line(paths: list[str]) -> str:
    return f"removed {', '.join(shown_path(p) for p in paths)}: {WAITS}"
