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
is made listable for the time of it (`GitDirs.opened`), its mode set back after; first, what
the killed run left so opened is set back (`opened_journals.set_back_left`): that opening's.
"""

from __future__ import annotations

import stat
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Protocol

from cleveragents.adapters.git.checkout import lstat
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
    with dirs.opened():  # a folder its owner cannot list: for `ls-files` and `find` too
        walked = dirs.walk()
        pipes: list[str] = []  # those it leaves: the one `find` of the tree
        said = git_waits.remove_new(repo.root, since, pipes)  # before the git below reads one
        out = repo.git_bytes(
            "ls-files", "-z", "--others", "--ignored", "--exclude-standard", env=env
        )
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
    return found, [path for path in running if not own_worktree(repo, path)], said


@contextmanager
def held(dirs: GitDirs) -> Iterator[None]:
    """One opening (`GitDirs.opened`) every walk and look of the block shares, its folders
    given their modes back at its end only: a killed run's settling snapshots and puts back
    inside it (review27 R1: given back after its walk, a folder the killed command made
    `311` hid what it planted there from the settling's snapshot: nothing was put back)."""
    with dirs.opened() as opened:
        opened.held = True
        yield


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


def changed_at(tree: HasRepo, paths: Iterable[str], at: int, began: int | None = None) -> set[str]:
    """Which of `paths` (of the tree `tree.repo` is of) changed status at `at` (ns) or later,
    by its own change time. One gone never did: a deletion leaves no time of its own, and
    the folder it went from cannot date it. The user's removal, after the kill, of a file
    made during the run (no record names it) leaves that folder as the user's removal of
    the path itself would: same entries, same times (settle27: the killed command's own
    `rm scripts/check.sh` of a hook's script stayed, taken for the user's). So it goes
    back, said, what stood there kept where `agents plan undo` brings it back; but one the
    user's HEAD tracked when the run `began` (ns) and tracks no more is gone by the user's
    `git switch` (or commit of a `git rm`) and stays gone (`checked_out_away`)."""
    root = str(tree.repo.root)
    found: set[str] = set()
    gone: list[str] = []
    for path in paths:
        st = lstat(f"{root}/{path}")
        if st is None:
            gone.append(path)
        elif st.st_ctime_ns >= at:
            found.add(path)
    return found | (set() if began is None else checked_out_away(tree.repo, gone, began))


def checked_out_away(repo: GitRepository, gone: list[str], began: int) -> set[str]:
    """Which of `gone` the tree of the user's HEAD held at `began` (ns, its reflog) and the
    tree of HEAD now does not. The box cannot write the own `.git`: HEAD moved since is the
    user's, and on the HEAD they moved to the path is gone anyway (review27 R14: a killed
    run's settling wrote back the `.envrc` and hook scripts of the branch they left)."""
    then = repo.git_outcome("rev-parse", "-q", "--verify", f"HEAD@{{@{began // 10**9}}}^{{tree}}")
    now = repo.git_outcome("rev-parse", "-q", "--verify", "HEAD^{tree}")
    if not gone or then[0] or now[0] or then[1] == now[1]:
        return set()  # no reflog, no commit yet, or the same files: as any deletion

    def held(tree: bytes) -> set[str]:
        listed = ("ls-tree", "-r", "-z", "--name-only", tree.decode().strip(), "--", *gone)
        out = repo.git_bytes("--literal-pathspecs", *listed)
        return {name.decode("utf-8", "surrogateescape") for name in out.split(b"\0") if name}

    return held(then[1]) - held(now[1])
