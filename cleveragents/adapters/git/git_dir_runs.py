"""What of a `.git` (or a folder git takes for a git directory) would run something when
the user's own git looks at it: a hook, a link or a FIFO where git opens a file, a config
key beyond what `git init`, `clone` and `commit` write, a `commondir` or `gitdir` naming
another git directory (`git_dirs.py` removes it after a command)."""

from __future__ import annotations

import fnmatch
import os
import stat
from collections.abc import Callable

from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.git_directory import HOOKS
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_files import link_on_the_way
from cleveragents.domain.command_saves import GitEntry as Entry
from cleveragents.domain.command_saves import shown_path
from cleveragents.errors import GitFailed

# What `git init`, `clone`, `commit` and `submodule` write: none of it runs a command.
SAFE = (
    "core.repositoryformatversion", "core.filemode", "core.bare", "core.logallrefupdates",
    "core.ignorecase", "core.precomposeunicode", "core.symlinks", "extensions.objectformat",
    "init.defaultbranch", "user.name", "user.email", "remote.*.url", "remote.*.fetch",
    "branch.*.remote", "branch.*.merge", "submodule.*.url", "submodule.*.active",
)  # fmt: skip


def runs_something(repo: GitRepository, path: str, entry: Entry) -> str | None:
    """Why a new `.git` may run something when the user's git looks at it, or None."""
    if entry.kind != "folder":
        return f"a git {entry.kind} naming a git directory elsewhere"
    # A link (`config -> ../cfg`, `hooks -> ../hooks`) leads to a tree file a later
    # command fills; a FIFO would hold git's `open` for good: none is what git makes.
    if os.path.islink(f"{repo.root}/{path}/{HOOKS}"):
        return f"with {HOOKS}, a link or no regular file"
    for name in entry.files:
        if (why := runs(repo, path, name)) is not None:
            return why
    return None


def disarm(repo: GitRepository, path: str, entry: Entry, drop: Callable[[str], None]) -> list[str]:
    """A folder of another name than `.git` that git takes for a git directory now
    (`git_directory.py`), new or replaced: it holds the user's files, so only what of
    it would run something goes (hooks, a config naming a command, a `commondir`);
    one line for each."""
    said: list[str] = []
    for name in sorted(entry.files):
        why = runs(repo, path, name)
        if why is None or not os.path.lexists(repo.root / path / name):
            continue  # runs nothing, or gone with a folder removed above it
        if link_on_the_way(repo.root, f"{path}/{name}") is not None:
            continue  # never through a link: the link itself is an entry of its own
        drop(f"{path}/{name}")  # kept, then removed
        shown = shown_path(f"{path}/{name}")
        said.append(f"removed {shown}: makes {shown_path(path)} a git directory, {why}")
    return said


def runs(repo: GitRepository, path: str, name: str) -> str | None:
    """Why the file `name` of the git directory `path` may run something, or None."""
    st = lstat(f"{repo.root}/{path}/{name}")  # a link's end may be filled later
    head_link = name == "HEAD" and st is not None and stat.S_ISLNK(st.st_mode)  # to refs/
    if st is not None and not stat.S_ISREG(st.st_mode) and not head_link:
        return f"with {shown_path(name)}, a link or no regular file"
    base, hooks, rest = name.rpartition(f"{HOOKS}/")
    if hooks and not rest.endswith(".sample") and (not base or base.endswith("/")):
        return f"with the hook {shown_path(name)}"
    if name.endswith(("commondir", "gitdir")) or name.startswith("worktrees/"):
        return "naming another git directory"
    if name.endswith(("config", "config.worktree")):
        key = _unsafe_key(repo, f"{path}/{name}")
        if key is not None:
            return f"its {shown_path(name)} names {shown_path(key)}"
    return None


def _unsafe_key(repo: GitRepository, path: str) -> str | None:
    """The first key of a config file that is not one of `SAFE` (an include too)."""
    try:
        out = repo.git_bytes(
            "config", "--file", path, "--no-includes", "--list", "--name-only", "-z"
        )
    except GitFailed:
        return "what git cannot read"
    for raw in out.split(b"\0"):
        key = raw.decode("utf-8", "surrogateescape")
        section, _, name = key.partition(".")
        middle, _, last = name.rpartition(".")
        shape = f"{section}.*.{last}" if middle else key
        if key and not any(fnmatch.fnmatchcase(shape, safe) for safe in SAFE):
            return key
    return None
