"""What stands in a restore's way that no tree holds, and what a restore must spare:
ignored files where it creates a path, files the checkpoint's own ignore rules exclude."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from cleveragents.adapters.git import checkout
from cleveragents.adapters.git.folder_making import make_folders
from cleveragents.adapters.git.modes import EXECUTABLE, FILE, GITLINK, LINK, TREE_FOLDER
from cleveragents.adapters.git.objects import Entries, ObjectStore
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.restore_scan import Difference
from cleveragents.adapters.git.saved_files import in_the_way, unusual_mode
from cleveragents.domain.restore_scope import within
from cleveragents.errors import GitFailed

BLOB_MODES = (FILE.encode(), EXECUTABLE.encode(), LINK.encode())


class Obstacles:
    """Looks at the working tree where a restore is about to write."""

    def __init__(self, repo: GitRepository, objects: ObjectStore) -> None:
        self.repo = repo
        self.objects = objects

    def in_the_way(self, changes: dict[str, Difference]) -> list[str]:
        """What stands where the restore creates a path and no tree holds it: ignored files
        and folders, or a file where a folder must be."""
        found: list[str] = []
        for path, change in changes.items():
            if change.status != "D":
                continue
            blocker = in_the_way(self.repo.root, path)
            if blocker == path and change.tree_mode == GITLINK and self._is_repository(path):
                continue  # a nested repository a command broke: what it changed comes back
            # One our index holds (status A, M or T) is in the safety checkpoint already.
            if blocker is not None and (blocker not in changes or changes[blocker].status == "D"):
                found.append(blocker)
        return list(dict.fromkeys(found))

    def _is_repository(self, path: str) -> bool:
        return self.lstat(f"{path}/.git") is not None

    def is_folder(self, path: str) -> bool:
        st = self.lstat(path)
        return st is not None and stat.S_ISDIR(st.st_mode)

    def mode(self, path: str) -> int | None:
        st = self.lstat(path)
        return None if st is None else unusual_mode(st)

    def lstat(self, path: str) -> os.stat_result | None:
        return checkout.lstat(f"{self.repo.root}/{path}")

    def spare_ignored(
        self, tree: str, changes: dict[str, Difference], saved_paths: list[str]
    ) -> list[str]:
        """Files the restore must leave alone: those the checkpoint's own ignore rules exclude.

        A file created since the checkpoint is removed by the restore, unless the rules of
        the checkpoint ignore it: when a `.gitignore` was deleted or emptied since, files
        it ignored (build outputs, `node_modules`) look new, and would otherwise be lost.
        They stay on disk and leave the private index. Not where saved files go back
        (`saved_paths`): what stood there is known exactly; nor files today's rules ignore
        as well (those are tracked in spite of their rules).
        """
        candidates = [
            p
            for p, change in changes.items()
            if change.status == "A" and not within(p, saved_paths)
        ]
        if not candidates:
            return []
        ignored = self._ignored_by(tree, candidates)
        if ignored:
            # Ignored by today's rules too, such a file is one the user tracks in spite of
            # them (`git add -f`), created since: the restore removes it like any other.
            still = set(self._check_ignore(self.repo.root, ignored).split("\0"))
            ignored = [p for p in ignored if p not in still]
        return ignored

    def ignored_here(self, paths: list[str]) -> set[str]:
        """Which of `paths` today's ignore rules (the working tree's) exclude."""
        return {p for p in self._check_ignore(self.repo.root, paths).split("\0") if p}

    def untrack(self, paths: list[str], env: dict[str, str]) -> None:
        """Drop `paths` from the private index, so that `read-tree -m -u` leaves them on disk."""
        with tempfile.NamedTemporaryFile("wb", delete=False) as listing:
            listing.write("\0".join(paths).encode("utf-8", "surrogateescape"))
        try:
            self.repo.git(
                "rm",
                "--cached",
                "--quiet",
                "--ignore-unmatch",
                f"--pathspec-from-file={listing.name}",
                "--pathspec-file-nul",
                env=env,
            )
        finally:
            os.unlink(listing.name)

    def _ignored_by(self, tree: str, paths: list[str]) -> list[str]:
        """Which `paths` the `.gitignore` files of `tree` (plus info/exclude) ignore."""
        read = self._rules_along(tree, paths)
        if read is None:
            names = self.repo.git("ls-tree", "-r", "--name-only", "-z", tree).split("\0")
            rules_files = [n for n in names if n == ".gitignore" or n.endswith("/.gitignore")]
            read = self.objects.contents(f"{tree}:{name}" for name in rules_files)
        with tempfile.TemporaryDirectory(prefix="cleveragents-rules-") as rules:
            for name, data in read.items():
                target = Path(rules, name.removeprefix(f"{tree}:"))
                make_folders(target.parent)
                target.write_bytes(data + b"\n")
            out = self._check_ignore(Path(rules), paths)
        return [p for p in out.split("\0") if p]

    def _rules_along(self, tree: str, paths: list[str]) -> dict[str, bytes] | None:
        """The `.gitignore` files of `tree` in the folders of `paths` and above them, the
        only ones git reads for those paths, by path; read from the trees along them (made
        here lately or loose), not from a listing of every file of `tree` (at 10,000 files
        a git process and 10,000 names). None where a tree on the way is not read here."""
        folders = {""}
        for path in paths:
            parts = path.split("/")[:-1]
            folders.update("/".join(parts[:depth]) for depth in range(1, len(parts) + 1))
        entries: dict[str, Entries] = {}
        for folder in sorted(folders, key=lambda f: f.count("/") + (f != "")):  # parents first
            oid = tree
            if folder:
                above, _, name = folder.rpartition("/")
                entry = entries.get(above, {}).get(name.encode("utf-8", "surrogateescape"))
                if entry is None or entry[0] != TREE_FOLDER:
                    continue  # not a folder of `tree`: no rules there
                oid = entry[1].hex()
            found = self.objects.entries(oid)
            if found is None:
                return None
            entries[folder] = found
        blobs = {
            f"{folder}/.gitignore".lstrip("/"): rules[1].hex()
            for folder, found in entries.items()
            if (rules := found.get(b".gitignore")) is not None and rules[0] in BLOB_MODES
        }
        read = self.objects.contents(blobs.values())
        return {name: read[oid] for name, oid in blobs.items()}

    def _check_ignore(self, work_tree: Path, paths: list[str]) -> str:
        env = {"GIT_DIR": str(self.repo.git_dir), "GIT_WORK_TREE": str(work_tree)}
        listed = "\0".join(paths).encode("utf-8", "surrogateescape")
        try:
            return self.repo.git_with_input(
                listed, "check-ignore", "--no-index", "--stdin", "-z", env=env
            )
        except GitFailed:  # exit 1: none of them is ignored
            return ""
