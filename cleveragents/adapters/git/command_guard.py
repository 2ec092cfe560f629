"""CommandGuard: what a command may destroy that no checkpoint holds, saved before it runs.

A `run` action can delete or rewrite ignored files (`rm -rf .env build`), nested
repositories (`rm -rf vendor/lib`: a checkpoint holds only their HEAD, as a gitlink) and
permission bits git does not record (`chmod 600`, or the removal of a `0600` file, which a
checkpoint brings back `0644`). Before the command, one `ls-files` lists the ignored files
(an ignored folder as one name); they and every file of each nested repository, its `.git`
too (read as plain files: nothing of it runs), are hashed into the object database within
the bound of `domain.command_saves` (a file whose stat is as when it was last hashed is not
read again), and every checkpointed file's permission bits are noted. After it, a second look
finds which of them the command changed, and only those are recorded (their state before,
a `SavedFiles`), so undo, a correction and a failed option's rollback put them back.
What the operation's record lacks of the look is kept in it before the command runs
(`unkept`), for an undo after agents was killed meanwhile. Whatever is beyond the bound is
named before the command runs.

Cost per command: the listing (one git process, on the other core while the modes are
read), an `lstat` per checkpointed file and, twice, per ignored or nested file within the
bound, and
one `diff-index` after the command (`benchmarks/command_step.py`); bytes are read only for
those new or changed since the last look of this process, and a tree and a commit
are written only for what is new to the record (before) or changed (after).
"""

from __future__ import annotations

import os
import stat
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path

from cleveragents.adapters.folder_walk import walk
from cleveragents.adapters.git import checkout, filled_folders, folder_modes, nested
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_files import (
    FileSaver,
    git_default_mode,
    git_mode,
    link_on_the_way,
)
from cleveragents.adapters.workspace import hidden_paths
from cleveragents.domain.checkpoint import SavedFiles
from cleveragents.domain.command_saves import (
    EACH_BYTES,
    MOST_FILES,
    TOTAL_BYTES,
    CommandLook,
    IgnoredFile,
    Seen,
    is_racy,
    shown_path,
    size_text,
)
from cleveragents.errors import GitFailed

Found = list[tuple[str, os.stat_result]]
RECENT = 2_000_000_000  # ns: a file whose ctime is this close to a look is read after it


class CommandGuard:
    """Looks at what a command may destroy before it runs, and records what it did after."""

    def __init__(
        self, repo: GitRepository, saver: FileSaver, commit: Callable[[str, str, str], str]
    ) -> None:
        self.repo = repo
        self.saver = saver
        self._commit = commit  # (plan_id, tree, message) -> a commit on the plan's saved ref
        self._hashed: dict[str, IgnoredFile] = {}  # ignored files hashed before, by path
        # Ignored folders found over the bound, by path: not walked again while the folder
        # itself is unchanged (its inode and mtime: a file added or removed at its top). One
        # changed deeper down stays unsaved, and named so: never claimed saved.
        self._over: dict[str, tuple[tuple[int, int], list[str]]] = {}
        # What the operation under way has in its record already (see `unkept`).
        self._kept: dict[str, IgnoredFile] = {}
        self._kept_modes: dict[str, int] = {}
        self._kept_folders: dict[str, int] = {}

    def look(
        self,
        plan_id: str,
        env: dict[str, str],
        checkpointed: Iterable[str],
        uncommitted: Iterable[str] = (),
    ) -> CommandLook:
        """Save the ignored files and nested repositories within the bound and note every
        file's permission bits. `uncommitted`: nested repositories with no commit, which
        the checkpoint leaves out as it does ignored folders."""
        look = CommandLook(plan_id=plan_id, at=time.time_ns())
        checkpointed = list(checkpointed)
        finding = hidden_paths.start(self.repo.root)  # on a core of its own too
        # git lists the ignored files on the other core while the modes are read here.
        with self.repo.git_started(
            "ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory",
            env=env,
        ) as listing:  # fmt: skip
            folders: list[str] = []
            seen = permissions(self.repo.root, checkpointed, folders)
            listed = listing(b"")
        look.modes = {path: perm for path, (perm, _) in seen.items()}
        # A change of mode in the same second as the one git recorded leaves the ctime it
        # compares as it was (whole seconds, unless git is built with USE_NSEC), and an
        # entry as recent as its index is compared by content only ("racy git"): a file
        # changed that recently is read again after the command (`_maybe_changed`).
        index = checkout.lstat(env.get("GIT_INDEX_FILE", ""))
        since = min(look.at, index.st_mtime_ns if index is not None else 0) - RECENT
        look.recent = {path for path, (_, ctime) in seen.items() if ctime >= since}
        names = [n.decode("utf-8", "surrogateescape") for n in listed.split(b"\0") if n]
        # A folder where the checkpoint holds a path is a nested repository (a gitlink): the
        # checkpoint holds none of its files, so it is saved whole, `.git` too, as an ignored
        # folder is (a `.git` file or folder is what git itself looks for).
        repositories = dict.fromkeys([*folders, *uncommitted])
        names += [f"{p}/" for p in repositories if self._lstat(f"{p}/.git") is not None]
        # Files git never records (`.GIT/`, `git~1`, `docs/.git/`) are saved as ignored ones.
        folders_named = [name for name in names if name.endswith("/")]
        walked = hidden_paths.listing(finding)
        names += [
            path
            for path in hidden_paths.found(self.repo.root, walked)
            if path not in names and not any(path.startswith(f) for f in folders_named)
        ]
        found = self._within_bound(names, look.unsaved)
        look.ignored = self._hash(found, look.at, look.unsaved)
        # Folders of the files a restore brings back, and empty ones: no checkpoint records
        # their modes, nor an empty folder (one the command removes is made again), but
        # for those of a folder over the bound, which undo cannot bring back (a skeleton).
        over = [n for n in names if n.endswith("/") and _named(n, look.unsaved)]
        empty = hidden_paths.empty_folders(walked)
        look.empty = [e for e in empty if not any(f"{e}/".startswith(n) for n in over)]
        look.folders = folder_modes.folder_modes(
            self.repo.root, [*checkpointed, *look.ignored], empty
        )
        return look

    def changed(
        self,
        look: CommandLook,
        env: dict[str, str],
        opened: dict[str, tuple[int, int]] | None = None,
    ) -> SavedFiles | None:
        """What the command changed of what `look` saw, as it was before (a folder `opened`
        for the walk after it: as it was before that); None if nothing."""
        files, racy = [], []
        for path, saved in look.ignored.items():
            if self._now(path) != saved.seen:
                files.append((path, saved))
            elif is_racy(saved.seen, look.at):
                racy.append((path, saved))
        if racy:  # maybe rewritten within the clock tick they were seen in: read again
            blobs = self.saver.hash_files([(p, saved.git_mode) for p, saved in racy])
            files += [(p, s) for (p, s), blob in zip(racy, blobs, strict=True) if blob != s.blob]
        modes = {path: stat.S_IMODE(saved.seen[0]) for path, saved in files}
        maybe = self._maybe_changed(look, env)
        now = permissions(self.repo.root, maybe)
        for path in maybe:
            perm = look.modes[path]
            if path in now:
                if now[path][0] != perm:  # a chmod
                    modes[path] = perm
            elif perm != git_default_mode(bool(perm & 0o100)):  # a restore writes git's
                modes[path] = perm
        folders = folder_modes.changed(self.repo.root, look.folders, opened)
        # An empty folder it removed: no checkpoint brings it back, its record does.
        empty = folder_modes.gone(self.repo.root, look.empty)
        folders.update({p: look.folders[p] for p in empty if p in look.folders})
        # A folder it made that stands empty: no tree holds it, so no restore removes it.
        empty_now = hidden_paths.empty_folders(
            hidden_paths.listing(hidden_paths.start(self.repo.root))
        )
        # One it wrote into: a restore removes it with what it holds, its record makes it again.
        empty += (into := filled_folders.filled(look.empty, empty, empty_now))
        folders.update(filled_folders.modes(look.folders, into))
        # Not those of a nested repository (`git init sub`) nor under a name git refuses:
        # no checkpoint holds those, and an undo leaves them as they are.
        made = folder_modes.made(
            empty_now,
            look.folders,
            lambda f: _named(f"{f}/", look.unsaved) or folder_modes.git_kept(self.repo.root, f),
        )
        return self._record(look, files, modes, folders, empty, made)

    def _maybe_changed(self, look: CommandLook, env: dict[str, str]) -> list[str]:
        """The files of `look.modes` whose mode may have changed since: those `diff-index`
        lists against `look.tree` (their stat differs from what the private index recorded,
        ctime included, or the index does not hold them as `tree` does), and the recent
        ones. git compares the stat of every file in C, on threads: one `lstat` pass here,
        not two."""
        listed = set(look.modes) if look.tree is None else self._listed(look.tree, env)
        return [p for p in look.modes if p in listed or p in look.recent]

    def _listed(self, tree: str, env: dict[str, str]) -> set[str]:
        # A gitlink the index holds makes git read that repository's HEAD even so, and die
        # where a command broke its refs (`nested.py`); `add --all` drops them next anyway.
        nested.opaque(self.repo, env)
        out = self.repo.git_bytes(
            "-c", "core.trustctime=true", "-c", "core.checkStat=default",
            "diff-index", "-z", "--name-only", "--no-renames", "--ignore-submodules=all",
            tree, env=env,
        )  # fmt: skip
        return {name.decode("utf-8", "surrogateescape") for name in out.split(b"\0")}

    def unkept(self, look: CommandLook) -> SavedFiles | None:
        """What `look` saw that the operation under way has not kept yet (an ignored file
        new or changed since, an unusual mode): kept before the command runs, it is there
        for undo even if this process is killed while the command runs (the oldest state
        of a path wins, so what was kept before stands for the unchanged ones)."""
        files = [(p, saved) for p, saved in look.ignored.items() if self._kept.get(p) != saved]
        modes = {path: stat.S_IMODE(saved.seen[0]) for path, saved in files}
        modes |= {
            path: perm
            for path, perm in look.modes.items()
            if perm != git_default_mode(bool(perm & 0o100)) and self._kept_modes.get(path) != perm
        }
        folders = {
            path: perm
            for path, perm in folder_modes.unusual(look.folders).items()
            if self._kept_folders.get(path) != perm
        }
        self._kept.update(files)
        self._kept_modes.update(modes)
        self._kept_folders.update(folders)
        return self._record(look, files, modes, folders, [], [])

    def forget(self) -> None:
        """A new operation: nothing is kept in its record yet."""
        self._kept.clear()
        self._kept_modes.clear()
        self._kept_folders.clear()

    def _record(
        self,
        look: CommandLook,
        files: list[tuple[str, IgnoredFile]],
        modes: dict[str, int],
        folders: dict[str, int],
        empty: list[str],
        made: list[str],
    ) -> SavedFiles | None:
        if not modes and not folders and not empty and not made:
            return None
        commit = None
        if files:
            tree = self.saver.tree_of([(p, saved.git_mode, saved.blob) for p, saved in files])
            commit = self._commit(look.plan_id, tree, "cleveragents saved files: before a command")
        return SavedFiles(
            plan_id=look.plan_id, commit=commit, modes=modes, at=look.at, folders=folders,
            empty=empty, made=made,
        )  # fmt: skip

    def _now(self, path: str) -> Seen | None:
        """None also for a path through a link the command made (`build -> /etc`): the
        file is gone from the tree, and what the link leads to is never read."""
        if link_on_the_way(self.repo.root, path) is not None:
            return None
        st = self._lstat(path)
        return None if st is None else _seen(st)

    def _lstat(self, path: str) -> os.stat_result | None:
        return checkout.lstat(f"{self.repo.root}/{path}")

    def _within_bound(self, names: list[str], unsaved: list[str]) -> Found:
        """The files of the listed ignored `names` that fit in the bound; the rest named in
        `unsaved`. A folder is saved whole or not at all (but for files over the bound
        each): its walk stops as soon as it is over."""
        found: Found = []
        total = 0
        for name in names:
            path = name.removesuffix("/")
            st = self._lstat(path)
            if st is None:
                continue  # pragma: no cover - removed since `ls-files` listed it
            whole = True  # whether `inside` is all there is
            if stat.S_ISDIR(st.st_mode):
                over = self._over.get(path)
                if over is not None and over[0] == (st.st_ino, st.st_mtime_ns):
                    unsaved += over[1]  # see `_over`
                    continue
                inside, whole = self._folder(path, TOTAL_BYTES - total, MOST_FILES - len(found))
            elif stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode):
                inside = [(path, st)]
            else:  # pragma: no cover - git lists no FIFO, socket or device; never read one
                continue
            fitting = [(p, s) for p, s in inside if s.st_size <= EACH_BYTES]
            unsaved += [
                f"{shown_path(p)} ({size_text(s.st_size)})"
                for p, s in inside
                if s.st_size > EACH_BYTES
            ]
            size = sum(s.st_size for _, s in fitting)
            if total + size > TOTAL_BYTES or len(found) + len(fitting) > MOST_FILES:
                more = "" if whole else " or more"
                kind = "a nested repository, " if self._lstat(f"{path}/.git") is not None else ""
                unsaved.append(f"{shown_path(name)} ({kind}{size_text(size)}{more})")
                if stat.S_ISDIR(st.st_mode):
                    self._over[path] = ((st.st_ino, st.st_mtime_ns), [unsaved[-1]])
                continue
            found += fitting
            total += size
        return found

    def _folder(self, path: str, room: int, slots: int) -> tuple[Found, bool]:
        """The files and links in a folder, as far as `room` bytes and `slots` files reach
        (then one file more, which says it is over), and whether that is all of them. A
        nested repository inside is walked as any folder: its `.git` is files like others,
        which no checkpoint holds (`saved_files.py` stores it under an escaped name)."""
        found: Found = []
        used = 0
        cut = len(os.fspath(self.repo.root)) + 1
        for top, folders, files in walk(self.repo.root / path):
            for name in [*files, *(f for f in folders if os.path.islink(os.path.join(top, f)))]:
                full = os.path.join(top, name)
                st = os.lstat(full)
                if not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
                    continue  # a FIFO, socket or device: no bytes to keep
                found.append((full[cut:], st))
                used += st.st_size if st.st_size <= EACH_BYTES else 0
                if used > room or len(found) > slots:
                    return found, False
        return found, True

    def _hash(self, found: Found, at: int, unsaved: list[str]) -> dict[str, IgnoredFile]:
        """Each found file's blob: hashed again only when its stat changed since. One this
        process may not read is named in `unsaved`."""
        saved: dict[str, IgnoredFile] = {}
        wanted: list[tuple[str, str, Seen]] = []
        for path, st in found:
            seen = _seen(st)
            known = self._hashed.get(path)
            if known is not None and known.seen == seen and not is_racy(seen, at):
                saved[path] = known
            elif stat.S_ISLNK(st.st_mode) or os.access(self.repo.root / path, os.R_OK):
                wanted.append((path, git_mode(st), seen))
            else:  # pragma: no cover - the suites run as root, who reads every file
                unsaved.append(f"{shown_path(path)} (unreadable)")
        for (path, mode, seen), blob in zip(wanted, self._blobs(wanted, unsaved), strict=True):
            if blob is not None:
                saved[path] = self._hashed[path] = IgnoredFile(mode, blob, seen)
        return saved

    def _blobs(self, wanted: list[tuple[str, str, Seen]], unsaved: list[str]) -> list[str | None]:
        """The blob of each file, all in one git call; where git cannot read one (removed
        since the walk, by a build running beside), one by one, naming those it cannot."""
        if not wanted:
            return []
        try:
            return list(self.saver.hash_files([(path, mode) for path, mode, _ in wanted]))
        except (GitFailed, OSError):  # pragma: no cover - a file gone between walk and read
            blobs: list[str | None] = []
            for path, mode, _ in wanted:
                try:
                    blobs.append(self.saver.hash_files([(path, mode)])[0])
                except (GitFailed, OSError):
                    blobs.append(None)
                    unsaved.append(f"{shown_path(path)} (could not be read)")
            return blobs


def permissions(
    root: Path, paths: Iterable[str], seen_folders: list[str] | None = None
) -> dict[str, tuple[int, int]]:
    """The permission bits and ctime of each of `paths` that is a regular file; those that
    are folders are added to `seen_folders`. One `lstat` a file, relative to its folder, opened
    once: half the cost of `lstat` of each full path (the kernel walks the path from the
    root each time)."""
    folders: dict[str, list[str]] = defaultdict(list)
    for path in paths:
        folder, _, name = path.rpartition("/")
        folders[folder].append(name)
    found: dict[str, tuple[int, int]] = {}
    for folder, names in folders.items():
        try:
            fd = os.open(root / folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError:
            continue  # gone, or not a folder any more: none of its files is there
        try:
            for name in names:
                try:
                    st = os.lstat(name, dir_fd=fd)
                except OSError:
                    continue
                at = f"{folder}/{name}" if folder else name
                if stat.S_ISREG(st.st_mode):
                    found[at] = (stat.S_IMODE(st.st_mode), st.st_ctime_ns)
                elif stat.S_ISDIR(st.st_mode) and seen_folders is not None:
                    seen_folders.append(at)
        finally:
            os.close(fd)
    return found


def _seen(st: os.stat_result) -> Seen:
    return (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _named(folder: str, unsaved: list[str]) -> bool:
    """Whether `unsaved` names `folder` (over the bound: `name/ (size)`)."""
    return any(line.startswith(f"{shown_path(folder)} (") for line in unsaved)
