"""git's own test of whether a folder is a git directory (`setup.c: is_git_directory`).

Looking for a repository, git asks of each folder from the current one up, before it
looks for a `.git` in the next one: is this folder itself a git directory? It is when its
`HEAD` is valid (`validate_headref`: a `ref: refs/...` line, an object id, or a link into
`refs/`) and the common dir (the folder, or the one its `commondir` file names) has
`objects/` and `refs/` git can enter. Such a folder, whatever its name, is a repository
whose config, hooks and fsmonitor the user's `git status` there runs (bare repositories
are discovered so by default: `safe.bareRepository` is `all` in git 2.39).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from cleveragents.adapters.folder_walk import walk
from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.folder_listing import Opened
from cleveragents.domain.command_saves import Seen

# The files of a git directory that decide what git runs there, and where hooks lie.
WATCHED = ("config", "config.worktree", "HEAD", "commondir", "gitdir", "info/attributes")
HOOKS = "hooks"
OWN_GIT_DIRS = ("modules", "worktrees")  # each sub-folder a git directory of its own
HEAD_BYTES = 255  # what git reads of a HEAD file
OBJECT_ID = re.compile(rb"[0-9a-fA-F]{40}")


def is_git_directory(folder: str) -> bool:
    """Whether git takes the folder at the absolute path `folder` for a git directory."""
    if not _valid_head(os.path.join(folder, "HEAD")):
        return False
    common = _common_dir(folder)
    return all(os.access(os.path.join(common, name), os.X_OK) for name in ("objects", "refs"))


def _valid_head(path: str) -> bool:
    try:
        st = lstat(path)
        if st is None:
            return False
        if stat.S_ISLNK(st.st_mode):
            return os.readlink(path).startswith("refs/")
        if not stat.S_ISREG(st.st_mode):  # a FIFO's `open` would wait for good
            return False
        with open(path, "rb") as opened:
            data = opened.read(HEAD_BYTES)
    except OSError:  # a folder named HEAD, one git cannot read: git refuses it too
        return False
    if data.startswith(b"ref:") and data[4:].lstrip().startswith(b"refs/"):
        return True
    return OBJECT_ID.match(data) is not None


def _common_dir(folder: str) -> str:
    """The folder the `commondir` file of `folder` names (relative to it), else itself."""
    try:
        with open(os.path.join(folder, "commondir"), "rb") as opened:
            named = os.fsdecode(opened.read().rstrip(b"\r\n"))
    except OSError:
        return folder
    return os.path.join(folder, named) if named else folder


def watched(git_dir: Path, top: Opened | None = None) -> dict[str, Seen]:
    """The stat of the files in a git directory that decide what git runs there. A link
    among its folders (`hooks -> ~/.ssh`, `modules/x -> ~`) is one entry, never listed
    through: what a put-back removes of it is the link, never what it leads to. Given the
    opening of the `top` of the tree holding it, a folder of it its owner cannot list or
    enter (`chmod 444 hooks`, as a user not root) is made so first (`folder_listing.Opened`)."""
    files: dict[str, Seen] = {}
    bases = [""]
    while bases and len(files) < 4096:  # a folder the command filled with hooks is over
        base = bases.pop()
        _names(git_dir / base, {}, base, top)  # opened: its files are looked at by name
        hooks = _names(git_dir / base / HOOKS, files, f"{base}{HOOKS}", top)
        for name in [*WATCHED, *(f"{HOOKS}/{n}" for n in hooks)]:
            st = lstat(f"{git_dir}/{base}{name}")
            if st is not None:
                files[f"{base}{name}"] = seen_of(st)
        for group in OWN_GIT_DIRS:
            named = _names(git_dir / base / group, files, f"{base}{group}", top)
            for n in named:
                st = lstat(f"{git_dir}/{base}{group}/{n}")
                if st is not None and stat.S_ISLNK(st.st_mode):
                    files[f"{base}{group}/{n}"] = seen_of(st)
                else:
                    bases.append(f"{base}{group}/{n}/")
    return files


def _names(folder: Path, files: dict[str, Seen], name: str, top: Opened | None) -> list[str]:
    """The names in `folder`; none through a link, which is noted in `files` as `name`."""
    st = lstat(str(folder))
    if st is not None and stat.S_ISLNK(st.st_mode):
        files[name] = seen_of(st)
        return []
    if st is not None and top is not None and stat.S_ISDIR(st.st_mode):
        top.look(folder.relative_to(top.root).as_posix(), st)
    try:
        return sorted(os.listdir(folder))
    except OSError:
        return []


def seen_of(st: os.stat_result) -> Seen:
    return (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def files_of(root: Path, place: str) -> dict[str, Seen]:
    """The files and links at `place` (itself, or all below a folder; links not followed),
    each with its status."""
    st = lstat(f"{root}/{place}")
    if st is None or not stat.S_ISDIR(st.st_mode):
        return {} if st is None else {place: seen_of(st)}
    found: dict[str, Seen] = {}
    for folder, subfolders, names in walk(root / place):
        inside = Path(folder).relative_to(root).as_posix()
        for name in [*names, *subfolders]:
            one = lstat(f"{folder}/{name}")
            if one is not None and not stat.S_ISDIR(one.st_mode):
                found[f"{inside}/{name}"] = seen_of(one)
    return found
