"""A restore's scan: each path where the working tree (or the private index) differs from
the checkpoint's tree, as `Difference`s: the paths the restore writes."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from cleveragents.adapters.git import nested, trees
from cleveragents.adapters.git.known_paths import KnownPaths
from cleveragents.adapters.git.modes import ABSENT, FILE, GITLINK
from cleveragents.adapters.git.private_index import PrivateIndex
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.errors import ConflictingState


class Difference(NamedTuple):
    """A path where a tree and the private index differ, as `diff-index --cached` says:
    status D the restore creates it, A deletes it, M or T rewrites it."""

    tree_mode: str
    index_mode: str
    status: str
    tree_oid: str
    index_oid: str


class RestoreScan:
    """Where the working tree differs from a checkpoint's tree, writing nothing."""

    def __init__(self, repo: GitRepository, private: PrivateIndex, known: KnownPaths) -> None:
        self.repo = repo
        self.private = private
        self.known = known
        self.objects = known.objects

    def scanned(
        self, tree: str, env: dict[str, str], held: str | None
    ) -> dict[str, Difference] | None:
        """Each path where the working tree may differ from `tree`, writing nothing: one
        `diff-index` (no --cached) lists where `tree` and the private index differ and each
        entry whose file's timestamps changed (or that has none: after a restore, or a
        checkpoint of known paths), and the files the index lacks that no rule ignores (as
        `add --all` would add them). Statuses as `Difference` says; the index side is the
        file on disk, unread (`checkout` leaves a file that holds the target's bytes
        already, as `git status` would not list it). None where only `add --all` can say: a
        repository whose files git records otherwise than the disk says, a nested
        repository, a gitlink.

        Where the index holds `tree` (`held`, as far as this process knows: a step put
        back to its own checkpoint after its command failed), `diff-files` lists the same
        entries, in the same form, without reading `tree` (its trees were 2 ms of the 5
        `diff-index` spent in git at 1,000 files).

        The files the index lacks are listed by a second git process while the first
        compares: at the same time, on the other core (as `git status` does both in one
        process, with threads). `diff-index` reads the whole of `tree`, in C; comparing
        the trees here and asking `ls-files --modified` for the files cost more at every
        size (a 115-file restore, in `git status` times: 3.0 against 2.2-2.6 at 1,000
        files, 1.5-1.7 against 1.35-1.5 at 10,000, 1.27 against 1.15 at 50,000)."""
        if (
            not self.private.records_the_disk()
            or not nested.marker(Path(env["GIT_INDEX_FILE"])).exists()
        ):
            return None  # (or the index may hold gitlinks: only `compared` sees them)
        zero = "0" * 2 * self.objects.digest_size
        with self.repo.git_started(
            "ls-files", "-z", "--others", "--exclude-standard", env=env
        ) as others:
            if held == tree:
                changes = self._raw_diff(env, "diff-files")
            else:
                changes = self._diff_index(tree, env, cached=False)
            untracked = others(b"")
        if any(GITLINK in (c.tree_mode, c.index_mode) for c in changes.values()):
            return None
        for name in untracked.split(b"\0"):
            path = name.decode("utf-8", "surrogateescape")
            if not path or path in changes:
                continue
            if path.endswith("/"):
                return None  # a nested repository: `add --all` records it as a gitlink
            changes[path] = Difference(ABSENT, FILE, "A", zero, zero)
        return dict(sorted(changes.items()))

    def compared(self, tree: str, held: str | None, env: dict[str, str]) -> dict[str, Difference]:
        """Each path where `tree` and the private index differ (see `Difference`): from
        the two trees in-process when the index is known to hold `held` and both are
        loose, else as `diff-index --cached` lists them."""
        changes = None if held is None else self._tree_diff(tree, held)
        if changes is None:
            changes = self._diff_index(tree, env, cached=True)
        for path, change in changes.items():
            if change.status == "T" and change.index_mode == GITLINK:
                raise ConflictingState(
                    f"a restore would replace the nested repository {path}",
                    hint="move it out of the way, then retry",
                )
        return changes

    def _tree_diff(self, tree: str, held: str) -> dict[str, Difference] | None:
        """`compared` in-process, from loose trees; None where one is not loose."""
        found = self.known.diff(tree, held)
        if found is None:
            return None
        changes = {}
        none = (ABSENT, "0" * 2 * self.objects.digest_size)
        for name, (before, after) in found.items():
            was = none if before is None else (before[0].decode(), before[1].hex())
            now = none if after is None else (after[0].decode(), after[1].hex())
            status = "D" if after is None else "A" if before is None else "M"
            if status == "M" and int(was[0], 8) & 0o170000 != int(now[0], 8) & 0o170000:
                status = "T"
            path = name.decode("utf-8", "surrogateescape")
            changes[path] = Difference(f"{was[0]:0>6}", f"{now[0]:0>6}", status, was[1], now[1])
        return changes

    def _diff_index(self, tree: str, env: dict[str, str], cached: bool) -> dict[str, Difference]:
        """`diff-index` of `tree` against the private index (`--cached`) or, through it,
        against the working tree (`--raw`)."""
        return self._raw_diff(env, "diff-index", *(["--cached"] if cached else []), tree)

    def _raw_diff(self, env: dict[str, str], command: str, *args: str) -> dict[str, Difference]:
        """What `git COMMAND --raw ARGS` lists (`diff-index`, `diff-files`), by path."""
        opaque = nested.OF_TREES if "--cached" in args else nested.OF_WORKING_TREE
        out = self.repo.git_bytes(command, "--raw", "-z", "--no-renames", opaque, *args, env=env)
        return {
            path: Difference(tree_mode, index_mode, status, tree_oid, index_oid)
            for records in trees.raw_records(out)
            for path, (tree_mode, index_mode, tree_oid, index_oid, status) in records.items()
        }
