"""The upper layer of a command's overlay (`command_safety/overlay_box.py`), applied to
the working tree after the command, top-down:

- a whiteout (a character device 0,0) removes the tree's path (a file, a link, a folder
  whole); an opaque folder (`user.overlay.opaque` = `y`) first loses the entries of the
  tree's folder it does not have;
- a folder is made when missing (with its mode), or given its mode; what stands where it
  goes (a file, a link) is removed first;
- a file or link is moved into place by one rename (atomic: its bytes, mode and mtime;
  a copy beside it first when the upper lies on another file system);
- a FIFO, socket or device is left out, said (no checkpoint holds one).

`.git` (F1 of attack 27): nothing under an existing `.git` (any depth, any case of the
name) is applied. A new `.git` is applied only when `git_dirs.py` would have kept it: a
folder that runs nothing (`git_dir_runs.runs_something`, judged on the upper's copy,
before it is in the tree); a `.git` file or link never. A folder of another name made a
git directory (`HEAD`, `objects/`, `refs/`: `git_directory.py`) gets no `config`, hook,
`commondir` or `gitdir` of the upper's that runs something (placed last, once the rest
shows whether the folder is one). What is left out is kept in one
commit the outcome names, as the put-back's drops are (`kept_drops.py`).

No loss (F2): the command never wrote the tree, so a tree path changed since the command
started (its ctime, or one of a folder's entries') is the user's: it is kept in a commit
first, and the outcome names it, with the command's version in place.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cleveragents.adapters.git.git_dir_runs import runs, runs_something
from cleveragents.adapters.git.git_directory import HOOKS, is_git_directory, watched
from cleveragents.adapters.git.kept_drops import KeptDrops
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_files import FileSaver, remove
from cleveragents.domain.command_saves import GitEntry, shown_path

OPAQUE = "user.overlay.opaque"
GIT_FILES = ("config", "config.worktree", "commondir", "gitdir")  # run something in a git dir
Commit = Callable[[str, str, str], str]  # (plan_id, tree, message) -> a saved commit


@dataclass
class Applied:
    """What applying one upper did."""

    wrote: list[str] = field(default_factory=list)  # the tree's paths it changed
    notes: list[str] = field(default_factory=list)  # lines for the command's outcome


def apply_upper(
    root: Path,
    git_dir: Path,
    upper: Path,
    started: int,
    commit: Commit | None = None,
    plan_id: str | None = None,
) -> Applied:
    """Apply `upper` to the tree at `root`; a path changed there since `started` (ns) is
    the user's, kept first in a commit of the plan `plan_id`."""
    done = Applied()
    keeping = commit is not None and plan_id is not None
    users = _drops(root, git_dir, commit if keeping else None)
    left = _drops(upper, git_dir, commit if keeping else None)
    work = _Work(root, git_dir, upper, started, (users, left), done)
    work.keeping = keeping
    work.changed = _changed(root, upper, started)  # before anything of the apply changes it
    work.folder("")
    work.settled()
    changed = ", ".join(map(shown_path, sorted(work.users)))
    line = (
        f"the command's version of {changed} is in place; yours, changed while it ran, "
        "is kept in commit {commit} (git show {commit}:PATH)"
    )
    done.notes += users.commit(plan_id, "cleveragents: your files a command replaced", line)
    if work.yours:
        shown = ", ".join(map(shown_path, work.yours))
        done.notes.append(f"yours, changed while the command ran, kept: {shown}")
    if work.left:
        listed = ", ".join(work.left)
        line = (
            f"left out of the tree: {listed}; kept in commit {{commit}} "
            "(git show {commit}:PATH, each .git folder as .git~cleveragents)"
        )
        said = left.commit(plan_id, "cleveragents: a command's .git left out", line)
        kept = any(s.startswith("left out") for s in said)
        done.notes += said if kept else [*said, f"left out of the tree: {listed}"]
    if work.special:
        done.notes.append(f"left out (no checkpoint holds one): {', '.join(work.special)}")
    done.wrote = sorted(set(done.wrote))
    return done


def _drops(root: Path, git_dir: Path, commit: Commit | None) -> KeptDrops:
    if commit is None:
        return KeptDrops(root, None, None)
    return KeptDrops(root, FileSaver(GitRepository(root, git_dir), commit), commit)


class _Work:
    def __init__(
        self,
        root: Path,
        git_dir: Path,
        upper: Path,
        started: int,
        drops: tuple[KeptDrops, KeptDrops],  # the user's replaced; the `.git`s left out
        done: Applied,
    ) -> None:
        self.root, self.upper, self.started = root, upper, started
        (self.drops, self.left_drops), self.done = drops, done
        self.keeping = True  # a commit can keep the user's files
        self.changed: set[str] = set()  # the tree's paths changed since the command started
        self.users: set[str] = set()  # the user's paths kept in a commit
        self.yours: list[str] = []  # the user's paths left as they are (no commit to keep)
        self.left: list[str] = []  # `.git`s left out, said
        self.special: list[str] = []  # FIFOs, sockets, devices left out
        self.upper_repo = GitRepository(upper, git_dir)
        self.later: list[tuple[str, str, os.stat_result]] = []  # (folder, path, stat): `settled`
        self.opaques: set[str] = set()  # the upper's folders that hide the tree's entries

    def folder(self, path: str) -> None:
        """Apply the upper's folder `path` (the tree's is a folder now)."""
        full = self.upper / path if path else self.upper
        mode = os.lstat(full).st_mode
        if mode & stat.S_IRWXU != stat.S_IRWXU:  # the command's `chmod 500 d`: read all the same
            os.chmod(full, stat.S_IMODE(mode) | stat.S_IRWXU)
        with os.scandir(full) as listing:
            entries = sorted(listing, key=lambda e: e.name)
        # Under an opaque folder (made anew over one removed) nothing of the tree's shows:
        # its sub-folders are opaque too, though only the top one is marked.
        if path and (_opaque(full) or _under(path, self.opaques)):
            self.opaques.add(path)
            names = {e.name for e in entries}
            with contextlib.suppress(FileNotFoundError), os.scandir(self.root / path) as tree:
                gone = [e.name for e in tree if e.name not in names]
            for name in sorted(gone):
                self._remove(f"{path}/{name}")
        for entry in entries:
            self.entry(f"{path}/{entry.name}" if path else entry.name)

    def entry(self, path: str) -> None:
        st = os.lstat(self.upper / path)
        name = path.rpartition("/")[2]
        if name.lower() == ".git" and not self._new_git_kept(path, st):
            return
        if stat.S_ISCHR(st.st_mode) and st.st_rdev == 0:  # a whiteout
            self._remove(path)
        elif stat.S_ISDIR(st.st_mode):
            try:
                was = self._folder_at(path, st)
            except _Skipped:
                return
            self.folder(path)
            mode = stat.S_IMODE(st.st_mode)  # its own mode last: one without `u+wx` holds
            os.chmod(self.root / path, mode)  # nothing of its entries back
            if was != mode:
                self.done.wrote.append(path)
        elif stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode):
            if (folder := _git_file_of(path)) is not None:
                self.later.append((folder, path, st))  # once the rest stands: see `settled`
            else:
                self._place(path, st)
        else:
            self.special.append(shown_path(path))

    def _place(self, path: str, st: os.stat_result) -> None:
        """The upper's file or link at `path` put in the tree (the user's kept first)."""
        target = self.root / path
        now = _lstat(target)
        if self._yours(path):
            return
        if now is not None and stat.S_ISDIR(now.st_mode):
            self._remove(path)
        else:
            self._keep_users(path)
        _moved(self.upper / path, target, st)
        self.done.wrote.append(path)

    def settled(self) -> None:
        """The files that would make a folder a git directory run something (a `config`,
        a hook, a `commondir`), placed last: left out, kept aside, where the folder is a
        git directory once the rest stands and the file runs something
        (`git_dir_runs.runs`, judged on the upper's copy), as the put-back's `disarm`."""
        for folder, path, st in self.later:
            full = self.root / folder if folder else self.root
            name = path[len(folder) + 1 :] if folder else path
            why = runs(self.upper_repo, folder, name) if is_git_directory(str(full)) else None
            if why is None:
                self._place(path, st)
                continue
            self.left_drops.drop(path)
            self.left.append(
                f"{shown_path(path)} (makes {shown_path(folder)} a git directory, {why})"
            )

    def _new_git_kept(self, path: str, st: os.stat_result) -> bool:
        """Whether the upper's `.git` at `path` goes into the tree: never inside one the
        tree has; a new one only when it runs nothing. One that does not: kept aside."""
        why: str | None = None
        if os.path.lexists(self.root / path):
            why = "in a .git of the tree"
        elif stat.S_ISDIR(st.st_mode):
            entry = GitEntry("folder", st.st_ino, watched(self.upper / path))
            why = runs_something(self.upper_repo, path, entry)
        elif stat.S_ISCHR(st.st_mode) and st.st_rdev == 0:
            return True  # a whiteout of one the command made and removed: nothing
        else:
            why = runs_something(self.upper_repo, path, GitEntry("file", st.st_ino, {}))
        if why is None:
            return True
        self.left_drops.drop(path)
        self.left.append(f"{shown_path(path)} ({why})")
        return False

    def _folder_at(self, path: str, st: os.stat_result) -> int | None:
        """The tree's folder at `path`, made when missing (what stands there goes first),
        its owner given `u+rwx` for its entries; its mode before (None: made)."""
        target = self.root / path
        now = _lstat(target)
        if now is not None and not stat.S_ISDIR(now.st_mode):
            self._remove(path)
            now = _lstat(target)
            if now is not None:  # the user's, kept as it is: the folder is not made
                raise _Skipped
        if now is None:
            target.mkdir()
            os.chmod(target, stat.S_IRWXU)
            return None
        if now.st_mode & stat.S_IRWXU != stat.S_IRWXU:
            os.chmod(target, stat.S_IMODE(now.st_mode) | stat.S_IRWXU)
        return stat.S_IMODE(now.st_mode)

    def _remove(self, path: str) -> None:
        """The tree's `path` goes (the user's, changed meanwhile, kept first)."""
        if not os.path.lexists(self.root / path) or self._yours(path):
            return
        if not self._keep_users(path):
            remove(self.root / path)
        self.done.wrote.append(path)

    def _yours(self, path: str) -> bool:
        """With no commit to keep them in: the user's, changed meanwhile, stays as it is."""
        if self.keeping or path not in self.changed:
            return False
        self.yours.append(path)
        return True

    def _keep_users(self, path: str) -> bool:
        """When the tree's `path` (or what is in it) changed since the command started:
        kept and removed (True)."""
        if path not in self.changed:
            return False
        self.drops.drop(path)
        self.users.add(path)
        return True


def _git_file_of(path: str) -> str | None:
    """The folder `path` would run something in as a git directory's `config`, hook,
    `commondir` or `gitdir`, or None (never inside a `.git`: its own rule holds there)."""
    parts = path.split("/")
    if any(part.lower() == ".git" for part in parts):
        return None
    if parts[-1] in GIT_FILES:
        return "/".join(parts[:-1])
    if HOOKS in parts[:-1]:
        return "/".join(parts[: parts.index(HOOKS)])
    return None


class _Skipped(Exception):
    """The user's file stands where the command's folder goes: the folder is left out."""


def _opaque(full: Path) -> bool:
    try:
        return os.getxattr(full, OPAQUE, follow_symlinks=False) == b"y"
    except OSError:
        return False


def _under(path: str, folders: set[str]) -> bool:
    """Whether `path`'s parent folder is one of `folders`."""
    return path.rpartition("/")[0] in folders if "/" in path else False


def _lstat(full: Path) -> os.stat_result | None:
    try:
        return os.lstat(full)
    except (FileNotFoundError, NotADirectoryError):  # a file stands where a folder of it was
        return None


def _changed(root: Path, upper: Path, started: int) -> set[str]:
    """The tree's paths the upper changes (an opaque folder's entries too) that changed
    since `started`: read before the apply, whose own renames change the ctime of a file
    another name of which it replaces."""
    found: set[str] = set()
    opaques: set[str] = set()
    for folder, folders, files in os.walk(upper):  # top-down: a folder's parent comes first
        inside = os.path.relpath(folder, upper)
        inside = "" if inside == "." else inside
        names = [*folders, *files]
        if inside and (_opaque(Path(folder)) or _under(inside, opaques)):
            opaques.add(inside)
            with contextlib.suppress(OSError), os.scandir(root / inside) as tree:
                names += [e.name for e in tree if e.name not in names]
        for name in names:
            path = f"{inside}/{name}" if inside else name
            if _changed_since(root / path, started):
                found.add(path)
    return found


def _changed_since(full: Path, started: int) -> bool:
    st = _lstat(full)
    if st is None:
        return False
    if st.st_ctime_ns >= started:
        return True
    if not stat.S_ISDIR(st.st_mode):
        return False
    for folder, folders, files in os.walk(full):
        for name in [*folders, *files]:
            one = _lstat(Path(folder, name))
            if one is not None and one.st_ctime_ns >= started:
                return True
    return False


def _moved(source: Path, target: Path, st: os.stat_result) -> None:
    """`source` (a file or link of the upper) at `target`, by one rename; across file
    systems, a copy beside `target` first, then the rename."""
    try:
        os.rename(source, target)
        return
    except OSError as error:
        if error.errno != 18:  # EXDEV
            raise
    beside = target.with_name(f".{target.name}.cleveragents~")
    remove(beside)
    if stat.S_ISLNK(st.st_mode):
        os.symlink(os.readlink(source), beside)
    else:
        shutil.copy2(source, beside)
    os.rename(beside, target)
