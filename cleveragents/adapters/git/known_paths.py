"""Checkpoints of known paths built in-process: no index, no scan, no git process.

After an agent's write, edit or delete the changed paths are known, so the new tree is the
last checkpoint's tree with just those entries replaced: the files' blobs and the trees
along their paths are written by the object store (`objects.py`), the old trees read from
it (none at all for trees made here lately, which it remembers).

Anything this does not mirror exactly is left to the full scan (`update` returns None): a
path that is now a folder or something other than a file or link, one through a link or a
recorded non-folder, and repositories whose `core.fileMode`, `core.symlinks` or
`core.ignoreCase` make `git add` record something else than the file system says.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path

from cleveragents.adapters.git.modes import TREE_FOLDER as TREE
from cleveragents.adapters.git.modes import TREE_LINK as LINK
from cleveragents.adapters.git.modes import mode_of_file
from cleveragents.adapters.git.objects import Entries, Entry, ObjectStore, read_whole

Changes = dict[bytes, tuple[bytes, bytes] | None]  # path -> its new entry; None: removed


class Unsure(Exception):
    """A path whose entry only a full scan of the working tree can say."""


class KnownPaths:
    """Edits checkpoint trees in an object store: the paths named read again from disk."""

    def __init__(self, objects: ObjectStore) -> None:
        self.objects = objects

    def diff(self, old: str, new: str) -> dict[bytes, tuple[Entry | None, Entry | None]] | None:
        """Each path whose entry differs between two trees, with its entry in each (None
        where it has none), as `diff-tree -r` lists them; only from trees made here lately
        or stored loose: None when one on the way is not (packed), for git to say."""
        found: dict[bytes, tuple[Entry | None, Entry | None]] = {}
        todo = [(b"", old, new)]
        while todo:
            prefix, a, b = todo.pop()
            left, right = self.objects.entries(a), self.objects.entries(b)
            if left is None or right is None:
                return None
            for name in left.keys() | right.keys():
                before, after = left.get(name), right.get(name)
                if before == after:
                    continue
                path = prefix + name
                was_tree = before is not None and before[0] == TREE
                is_tree = after is not None and after[0] == TREE
                if was_tree or is_tree:
                    todo.append(
                        (
                            path + b"/",
                            before[1].hex() if was_tree and before else "",
                            after[1].hex() if is_tree and after else "",
                        )
                    )
                kept = (None if was_tree else before, None if is_tree else after)
                if kept != (None, None):  # a file or link on one side at least
                    found[path] = kept
        return dict(sorted(found.items()))

    def update(
        self,
        tree: str,
        root: Path,
        paths: Sequence[str],
        expected: dict[bytes, bool] | None = None,
    ) -> tuple[str, Changes] | None:
        """`tree` with each of `paths` as the working tree at `root` has it now (a missing
        one removed), and the entries it set (None: removed); None where only a full scan
        can say, also where a folder's entries would go (the private index holds them).

        `expected` (by path, as bytes): True where the path must now have an entry other
        than its entry in `tree`, False where it must have gone from the disk and have one
        in `tree`; None when one does not hold."""
        try:
            wanted = {p.encode("utf-8", "surrogateescape"): self._entry(root, p) for p in paths}
        except Unsure:
            return None
        edited = self.edit(tree, wanted, expected)
        return None if edited is None else (edited, wanted)

    def edit(
        self, tree: str, wanted: Changes, expected: dict[bytes, bool] | None = None
    ) -> str | None:
        """`tree` with each path of `wanted` set to its entry (None: removed), its trees
        written here; None where a folder's entries would go, or a file or nested repository
        stands where a folder must (git says what then), or `expected` (see `update`) does
        not hold."""
        if not wanted:
            return tree
        folders = {_parent(p) for p in wanted}
        for folder in list(folders):
            while folder:
                folder = _parent(folder)
                folders.add(folder)
        if not folders.isdisjoint(wanted):
            return None  # a path and one under it: the order of git's records would say
        trees = self._read(bytes.fromhex(tree), folders)
        if trees is None:
            return None
        for path, entry in wanted.items():
            folder, name = _parent(path), path.rpartition(b"/")[2]
            before = trees[folder].get(name)
            if before is not None and before[0] == TREE:
                return None  # a folder removed or replaced: its files are many entries
            if expected is not None:
                added = entry is not None and entry != before
                if not (added if expected[path] else entry is None and before is not None):
                    return None
            if entry is None:
                trees[folder].pop(name, None)
            else:
                trees[folder][name] = entry
        # Deepest first, so each folder's new id is in its parent before that is written.
        for folder in sorted(folders, key=lambda f: -f.count(b"/") - (f != b"")):
            if not folder:
                break
            parent, name = trees[_parent(folder)], folder.rpartition(b"/")[2]
            if trees[folder]:
                parent[name] = (TREE, self.objects.tree(trees[folder]))
            else:  # git records no empty folder
                parent.pop(name, None)
        return self.objects.tree(trees[b""]).hex()

    def _read(self, tree: bytes, folders: set[bytes]) -> dict[bytes, Entries] | None:
        """Each folder's entries in `tree` ({} where it has none), from the trees made here
        lately and, for the others, one read of the object store; None when a folder on the way
        is recorded as something else (a file, a nested repository)."""
        found: dict[bytes, Entries] = {}
        unknown: list[bytes] = []
        for folder in sorted(folders, key=lambda f: f.count(b"/") + (f != b"")):
            if not folder:
                oid: bytes | None = tree
            else:
                parent = found.get(_parent(folder))
                if parent is None:
                    unknown.append(folder)
                    continue
                mode, oid = parent.get(folder.rpartition(b"/")[2], (TREE, b""))
                if mode != TREE:
                    return None
            entries = self.objects.entries(oid.hex()) if oid else {}  # remembered, or loose
            if entries is None:
                unknown.append(folder)
            else:
                found[folder] = dict(entries)
        if unknown:
            read = self.objects.folders(tree, unknown)
            if read is None:
                return None
            found.update(read)
        return found

    def _entry(self, root: Path, path: str) -> tuple[bytes, bytes] | None:
        """The tree entry `path` has on disk now, its bytes stored; None when it is gone.
        Raises `Unsure` for what only a full scan can say (a folder, a device, a link or a
        file on the way)."""
        parts = Path(path).parts
        for depth in range(1, len(parts)):
            try:
                st = os.lstat(root.joinpath(*parts[:depth]))
            except (FileNotFoundError, NotADirectoryError):
                return None
            if not stat.S_ISDIR(st.st_mode):
                raise Unsure(path)
        full = root / path
        try:
            st = full.lstat()
        except (FileNotFoundError, NotADirectoryError):
            return None
        if stat.S_ISLNK(st.st_mode):
            return LINK, self.objects.write(b"blob", os.readlink(os.fsencode(full)))
        if not stat.S_ISREG(st.st_mode):
            raise Unsure(path)
        mode = mode_of_file(bool(st.st_mode & stat.S_IXUSR)).encode()
        return mode, self.objects.write(b"blob", read_whole(full))


def _parent(path: bytes) -> bytes:
    return path.rpartition(b"/")[0]
