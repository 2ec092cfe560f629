"""The files no checkpoint holds made or changed since a time: what a killed run's command
may have made where the host runs (`application/operation_repair.py`), which no saved record
names (the look before the command saves the files that stand then). Ignored files, and
what of a nested `.git` (or a `.claude` in a nested repository) git or Claude Code would run
(`GitDirs.running`): the put-back after a command takes those back (attack 22, finding K).

First, a FIFO or socket made since where git opens a file (`.gitattributes`, a nested
`HEAD`) is removed, as after a command (`workspace/git_waits.py`): the settling's own git,
and every `agents` after it, waited on it for good. Then one `ls-files` of every ignored
file (an ignored folder's files too, not a nested repository's), and an `lstat` of each,
and of each FIFO and socket made since (git lists none, no checkpoint holds one: the put-back
after a command removes one where the host runs, `sh tools/run.sh` of a hook waited on it for
good, attack 23 F28): run once, when a killed run is settled. A folder its owner cannot list
is made listable first (`folder_listing.looked_into`), and said.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping
from typing import Protocol

from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.folder_listing import opened_lines
from cleveragents.adapters.git.git_dirs import GitDirs
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.workspace import git_waits


class HasRepo(Protocol):
    @property
    def repo(self) -> GitRepository: ...


# The ignored files, what git or Claude Code would run, the line naming FIFOs removed.
Since = tuple[list[str], list[str], list[str]]


def ignored_since(
    repo: GitRepository,
    env: Mapping[str, str],
    dirs: GitDirs,
    since: int,
    until: int | None,
) -> Since:
    """Each ignored file or link and each FIFO or socket of the tree, and each of what
    `dirs` finds git or Claude Code would run (`GitDirs.running`), whose status changed at
    `since` (ns) or later, and before `until` when given; and the line naming the FIFOs
    removed first, if any."""
    end = until if until is not None else 1 << 80
    walked = dirs.walk()  # first: a folder its owner cannot list is made listable for `find`
    pipes: list[str] = []  # those it leaves: the one `find` of the tree
    said = git_waits.remove_new(repo.root, since, pipes)  # before the git below reads one
    out = repo.git_bytes("ls-files", "-z", "--others", "--ignored", "--exclude-standard", env=env)
    found: list[str] = []
    for name in out.split(b"\0"):
        path = name.decode("utf-8", "surrogateescape")
        if not path or path.endswith("/"):  # a nested repository: not its files
            continue
        st = lstat(f"{repo.root}/{path}")
        if st is not None and not stat.S_ISDIR(st.st_mode) and since <= st.st_ctime_ns < end:
            found.append(path)
    for path in pipes:  # git lists none
        st = lstat(f"{repo.root}/{path}")
        if st is not None and st.st_ctime_ns < end:
            found.append(path)
    # The walk above: removing a FIFO makes or moves no `.git`, `.claude` or folder.
    running = [p for p, seen in dirs.running(walked).items() if since <= seen[3] < end]
    said += opened_lines()  # folders the walk made listable (`folder_listing.looked_into`)
    return found, [path for path in running if not own_worktree(repo, path)], said


def own_worktree(repo: GitRepository, path: str) -> bool:
    """Whether `path` is the `.git` file of a linked worktree of the tree's own repository
    (`git worktree add`): it names an entry of the repository's `worktrees/` that names it
    back. The box cannot write there; removing it turned git in that folder onto the main
    checkout (attack 23, F12), so it always stays."""
    full = repo.root / path
    if path.rpartition("/")[2] != ".git" or not full.is_file() or full.is_symlink():
        return False
    try:
        text = full.read_bytes()[:4096].decode("utf-8", "surrogateescape")
        if not text.startswith("gitdir: "):
            return False
        entry = (full.parent / text[8:].strip()).resolve()
        if entry.parent != (repo.common_dir / "worktrees").resolve():
            return False
        back = (entry / "gitdir").read_text(errors="surrogateescape").strip()
        return (entry / back).resolve() == full.resolve()
    except OSError:
        return False


def changed_at(
    tree: HasRepo, paths: Iterable[str], at: int, settling: int | None = None
) -> set[str]:
    """Which of `paths` (of the tree `tree.repo` is of) changed status at `at` (ns) or later:
    one standing by its own change time; one gone by the folder it went from (`removed_at`).
    A folder changed since `settling` began (a FIFO it removed) dates nothing."""
    root = str(tree.repo.root)
    found: set[str] = set()
    gone: dict[str, dict[str, list[str]]] = {}  # standing folder -> entry gone -> paths
    for path in paths:
        st = lstat(f"{root}/{path}")
        if st is None:
            folder, entry = _standing(root, path)
            gone.setdefault(folder, {}).setdefault(entry, []).append(path)
        elif st.st_ctime_ns >= at:
            found.add(path)
    for folder, entries in gone.items():
        if len(entries) == 1 and removed_at(root, folder, at, settling):
            found.update(*entries.values())
    return found


# How far apart the times one change stamps on a folder and on an entry it makes may lie.
TICK = 20_000_000


def removed_at(root: str, folder: str, at: int, settling: int | None = None) -> bool:
    """Whether the last change of `folder`'s entries (its mtime) came at `at` or later (and
    before `settling`) and was a removal: no entry of it made or changed since (a `.git`'s
    times are git's own bookkeeping). A deletion leaves no time of its own: the folder's is
    its only date, and only the last one shows (two entries gone from one folder cannot be
    dated apart, `changed_at`); a user's deletion after a kill stays (attack mount25)."""
    st = lstat(f"{root}/{folder}" if folder else root)
    if st is None or not stat.S_ISDIR(st.st_mode) or st.st_mtime_ns < at:
        return False
    if settling is not None and st.st_mtime_ns >= settling:
        return False
    try:
        names = os.listdir(f"{root}/{folder}" if folder else root)
    except OSError:
        return False
    for name in names:
        inner = lstat(f"{root}/{folder}/{name}" if folder else f"{root}/{name}")
        if name != ".git" and (inner is None or inner.st_ctime_ns >= st.st_mtime_ns - TICK):
            return False
    return True


def _standing(root: str, path: str) -> tuple[str, str]:
    """The nearest folder of `path` that stands (a real folder, "" the top), and the entry
    of it on `path`'s way (gone with `path`)."""
    parts = path.split("/")
    for n in range(1, len(parts)):  # from the top: never through a link
        st = lstat(f"{root}/{'/'.join(parts[:n])}")
        if st is None or not stat.S_ISDIR(st.st_mode):
            return "/".join(parts[: n - 1]), parts[n - 1]
    return "/".join(parts[:-1]), parts[-1]
