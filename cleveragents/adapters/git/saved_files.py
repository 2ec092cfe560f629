"""Saving and putting back files no checkpoint tree holds, byte for byte, with their modes.

Ignored files, files inside nested repositories and permission bits git does not record are
saved into a tree of their own (a commit on the plan's checkpoint ref keeps it reachable)
before a restore or an agent's action overwrites them, so `agents plan undo` and a
correction can put them back. Bytes are stored and read back raw by the object store
(`objects.py`): no `.gitattributes` rule or filter touches them.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from pathlib import Path

from cleveragents.adapters.folder_walk import remove_tree
from cleveragents.adapters.git.folder_making import make_folders
from cleveragents.adapters.git.modes import LINK
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_folders import Walked, absent_in, outermost, walk_folder
from cleveragents.adapters.git.saved_folders import git_mode as git_mode
from cleveragents.adapters.git.saved_folders import has_bytes as has_bytes
from cleveragents.adapters.git.saved_names import escaped, mend_git_dir, unescaped
from cleveragents.adapters.git.saved_paths import refuse_outside
from cleveragents.domain.checkpoint import SavedFiles
from cleveragents.domain.record_paths import TOP_FOLDER

UMASK = os.umask(0o022)
os.umask(UMASK)


def git_default_mode(executable: bool) -> int:
    """The permission bits git gives a file it writes."""
    return (0o777 if executable else 0o666) & ~UMASK


def unusual_mode(st: os.stat_result) -> int | None:
    """A regular file's permission bits when git would not write them so, else None."""
    if not stat.S_ISREG(st.st_mode):
        return None
    perm = stat.S_IMODE(st.st_mode)
    return None if perm == git_default_mode(bool(perm & 0o100)) else perm


class FileSaver:
    """Writes saved files into the object database and puts them back."""

    def __init__(
        self,
        repo: GitRepository,
        commit: Callable[[str, str, str], str],
        objects: ObjectStore | None = None,
    ) -> None:
        self.repo = repo
        self.objects = objects or ObjectStore(repo)
        self._commit = commit  # (plan_id, tree, message) -> a commit on the plan's saved ref

    def save(
        self, plan_id: str, paths: Iterable[str], why: str, repositories: Iterable[str] = ()
    ) -> SavedFiles:
        """The current state of `paths` (files, links, whole folders; or their absence).
        `repositories`: those of `paths` that are nested repositories, saved whole (their
        `.git` too), where any other folder holding one is refused."""
        whole = set(repositories)
        entries: list[tuple[str, str, int]] = []  # (path, git mode, exact mode)
        absent: list[str] = []
        wanted = list(dict.fromkeys(paths))
        refuse_outside(wanted, self.repo.root)
        covering = outermost(wanted)  # a folder holding others is walked once, first
        covers = set(covering.values())
        walks: dict[str, Walked] = {}
        done: set[str] = set()
        queue = [*(p for p in wanted if p in covers), *wanted]
        for path in queue:  # grows with the links found on the way
            if path in done:
                continue
            done.add(path)
            walked = walks.get(covering.get(path, ""))
            if walked is not None and (not walked.repository or path in whole):
                nothing = absent_in(walked, path)
                if nothing is not None:  # what it holds is in the walk's entries
                    absent += [path] if nothing else []
                    continue
            # A link (or file) standing where a folder of `path` would be: `path` is not in
            # the tree (reading through a link would save a host file); the link is saved.
            blocker = link_on_the_way(self.repo.root, path)
            if blocker is not None:
                absent.append(path)
                if blocker not in wanted:
                    wanted.append(blocker)
                    queue.append(blocker)
                continue
            try:
                st = os.lstat(os.path.join(self.repo.root, path))
            except FileNotFoundError:
                absent.append(path)
                continue
            if stat.S_ISDIR(st.st_mode):
                walks[path] = walk_folder(self.repo.root, path, path in whole)
                entries += walks[path].entries
                if not walks[path].entries:  # only empty folders, which no checkpoint holds
                    absent.append(path)
            elif has_bytes(st):
                entries.append((path, git_mode(st), stat.S_IMODE(st.st_mode)))
            else:  # a FIFO, socket or device: nothing to keep, never opened
                absent.append(path)
        place = {path: index for index, path in enumerate(wanted)}
        absent.sort(key=place.__getitem__)  # in the order given, as they were looked at
        commit = None
        if entries:
            tree = self._tree([(path, mode) for path, mode, _ in entries])
            commit = self._commit(plan_id, tree, f"cleveragents saved files: {why}")
        return SavedFiles(
            plan_id=plan_id,
            commit=commit,
            modes={path: exact for path, _, exact in entries},  # links' are never applied
            absent=absent,
            at=time.time_ns(),
        )

    def _tree(self, entries: list[tuple[str, str]]) -> str:
        """A tree of the files at `entries` (working-tree paths), their bytes stored raw."""
        blobs = self.hash_files(entries)
        return self.tree_of([(p, m, b) for (p, m), b in zip(entries, blobs, strict=True)])

    def hash_files(self, entries: list[tuple[str, str]]) -> list[str]:
        """The blob of each (path, git mode) of the working tree, written raw: files in one
        `hash-object --stdin-paths` (a whole folder of ignored files is one git call, not
        one per file); a link's target, or a file whose path a line cannot carry, here."""
        blobs: list[str | None] = []
        listed: list[bytes] = []
        for path, mode in entries:
            full = self.repo.root / path
            _check_readable(self.repo.root, path)
            if mode == LINK:
                blobs.append(self.objects.blob(os.readlink(os.fsencode(full))))
            elif "\n" in str(full):
                blobs.append(self.objects.blob(full.read_bytes()))
            else:
                blobs.append(None)
                listed.append(os.fsencode(full))
        stored = iter(self.objects.store_files(listed))
        return [blob if blob is not None else next(stored) for blob in blobs]

    def tree_of(self, entries: list[tuple[str, str, str]]) -> str:
        """A tree of (path, git mode, blob) entries whose blobs are stored already."""
        records = [
            f"{mode} {blob}\t{escaped(path)}".encode("utf-8", "surrogateescape")
            for path, mode, blob in entries
        ]
        return self.objects.tree_of_paths(b"\0".join(records) + b"\0")

    def put_back(
        self,
        saved: SavedFiles,
        spare: Collection[str] = (),
        in_tree: Callable[[str], bool] = lambda _: False,
    ) -> list[str]:
        """Make every path of `saved` as it was when it was saved, but those of `spare`
        (an undo keeps them as they are: the user's); the paths it changed.

        A folder with files in it standing where a saved file was stays where `in_tree`
        says the restored checkpoint holds something at or under it (a checkpoint's folder
        wins). Any other (a folder a command made where an ignored file was) goes: the
        restore saved it first (`Restores.restore`), and the saved file comes back in its
        place. One standing where nothing was stays, as no saved file claims its path.
        """
        files = self.listing(saved.commit)
        folders = [path for path in saved.folders if path != TOP_FOLDER]  # the tree's own
        refuse_outside(
            [*saved.absent, *saved.modes, *folders, *saved.made, *(p for p, _, _ in files)],
            self.repo.root,
        )
        if spare:
            files = [entry for entry in files if entry[0] not in spare]
            saved = saved.model_copy(
                update={
                    "absent": [p for p in saved.absent if p not in spare],
                    "modes": {p: m for p, m in saved.modes.items() if p not in spare},
                }
            )
        done: list[str] = []

        def stands(path: str) -> bool:  # a checkpoint's folder with something in it
            return _occupied(os.path.join(self.repo.root, path)) and in_tree(path)

        for path in saved.absent:
            # one through a link is not in the tree: not there. A folder with something in
            # it where nothing stood stays (a checkpoint's, or one no tree holds: `d/.GIT`)
            there = os.path.join(self.repo.root, path)  # no `Path`: its parse reads each name
            if link_on_the_way(self.repo.root, path) is None and not _occupied(there):
                if os.path.lexists(there):
                    done.append(path)
                remove(there)
        blobs = self.objects.contents(blob for _, _, blob in files)
        for path, mode, blob in files:
            full = self.repo.root / path
            held = _holds(self.repo.root, path, mode, blobs[blob])
            clear_way(self.repo.root, path)  # never write through a link on the way
            if stands(path):
                continue
            done += [] if held else [path]
            remove(full)
            make_folders(full.parent)
            if mode == LINK:
                os.symlink(blobs[blob].decode("utf-8", "surrogateescape"), full)
            else:
                full.write_bytes(blobs[blob])
        for path, perm in saved.modes.items():
            full = self.repo.root / path
            through_link = link_on_the_way(self.repo.root, path) is not None
            if not through_link and full.is_file() and not full.is_symlink():
                if stat.S_IMODE(full.lstat().st_mode) != perm & 0o777:
                    done.append(path)
                os.chmod(full, perm & 0o777)  # permission bits only: never setuid, whatever
        for path, _, _ in files:
            mend_git_dir(self.repo.root, path)
        return done

    def listing(self, commit: str | None, paths: Sequence[str] = ()) -> list[tuple[str, str, str]]:
        """The (path, git mode, blob) of each file a saved record's commit (or a tree)
        holds; only those at or under `paths` when some are given."""
        if commit is None:
            return []
        literal = {"GIT_LITERAL_PATHSPECS": "1"}  # a path is a name, never a pattern
        out = self.repo.git_bytes("ls-tree", "-r", "-z", commit, "--", *paths, env=literal)
        files = []
        for line in out.split(b"\0"):
            if line:
                meta, path = line.split(b"\t", 1)
                mode, _, blob = meta.decode().split()
                files.append((unescaped(path.decode("utf-8", "surrogateescape")), mode, blob))
        return files


def _holds(root: Path, path: str, mode: str, data: bytes) -> bool:
    """Whether `path` holds already what a put-back would write there (link or file)."""
    full = root / path
    if link_on_the_way(root, path) is not None:
        return False
    try:
        st = full.lstat()
        if stat.S_ISLNK(st.st_mode):
            return mode == LINK and os.readlink(full) == data.decode("utf-8", "surrogateescape")
        return stat.S_ISREG(st.st_mode) and git_mode(st) == mode and full.read_bytes() == data
    except OSError:
        return False


def _occupied(full: str | os.PathLike[str]) -> bool:
    """Whether a folder with something in it stands at `full`."""
    if not os.path.isdir(full) or os.path.islink(full):
        return False
    with os.scandir(full) as names:
        return any(True for _ in names)


def remove(full: str | os.PathLike[str]) -> None:
    """Remove a file, a link or a whole folder standing at `full` (already saved)."""
    if os.path.isdir(full) and not os.path.islink(full):
        remove_tree(full)
    elif os.path.lexists(full):  # a file, a link, a FIFO
        os.unlink(full)


def clear_way(root: Path, path: str) -> None:
    """Remove a file or link standing where a folder on the way to `path` must be: what
    is written or removed at `path` next never goes through a link."""
    parts = Path(path).parts[:-1]
    for depth in range(1, len(parts) + 1):
        where = root.joinpath(*parts[:depth])
        if where.is_symlink() or (os.path.lexists(where) and not where.is_dir()):
            where.unlink()
            return
        if not where.exists():
            return


def link_on_the_way(root: Path, path: str) -> str | None:
    """The first folder on the way to `path` that is no folder (a link, a file)."""
    parts = Path(path).parts
    at = os.open(root, os.O_PATH | os.O_DIRECTORY)
    try:
        for depth, part in enumerate(parts[:-1], 1):
            try:
                st = os.lstat(part, dir_fd=at)
            except FileNotFoundError:
                return None
            if not stat.S_ISDIR(st.st_mode):
                return str(Path(*parts[:depth]))
            step = os.open(part, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=at)
            os.close(at)
            at = step
    finally:
        os.close(at)
    return None


def _check_readable(root: Path, path: str) -> None:
    """Refuse, before git reads it, a path through a link or one that is no file or link."""
    blocker = link_on_the_way(root, path)
    if blocker is not None:  # pragma: no cover - callers look first; this is the last guard
        raise OSError(f"{blocker} is not a folder (a link?): {path} is not in the tree")
    if not has_bytes((root / path).lstat()):  # pragma: no cover - as above
        raise OSError(f"{path} is not a regular file or link: it is never read")


def in_the_way(root: Path, path: str) -> str | None:
    """What stands where a restore must create `path`: the path itself, or a file or link
    where one of its folders must be; None when the way is clear."""
    parts = Path(path).parts
    for depth in range(1, len(parts)):
        where = root.joinpath(*parts[:depth])
        try:
            st = where.lstat()
        except FileNotFoundError:
            return None
        if not stat.S_ISDIR(st.st_mode):
            return str(Path(*parts[:depth]))
    return path if os.path.lexists(root / path) else None


def inside_nested_repository(root: Path, path: str) -> bool:
    """Whether a folder on the way to `path` is a repository of its own (its files are not
    in our checkpoints: git records such a folder as one entry)."""
    parts = Path(path).parts
    return any(os.path.lexists(root.joinpath(*parts[:i], ".git")) for i in range(1, len(parts)))


def shared_file(root: Path, path: str, ino: int) -> bool:
    """Whether `path` (relative to `root`, reached through no link) is still the file of
    inode `ino`, of more than one name: a hard link (`~/.bashrc` of the tree's `bashrc`),
    whose other name sees what is written here."""
    if link_on_the_way(root, path) is not None:
        return False
    try:
        st = os.lstat(root / path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and st.st_ino == ino and st.st_nlink > 1


def real_folder(root: Path, path: str) -> bool:
    """Whether `path` (relative to `root`; the folder holding a `.claude`) is still a
    folder, reached through no link."""
    if not path:
        return True
    try:
        st = os.lstat(root / path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and link_on_the_way(root, path) is None
