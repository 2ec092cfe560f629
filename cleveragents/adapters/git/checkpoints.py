"""GitCheckpoints: checkpoints as commits in the repository's own object database.

A private index per plan (seeded once from the user's index with its timestamps, so the
next `add -A` re-hashes only what changed) builds each tree; a ref per plan under
`refs/cleveragents/` keeps every checkpoint reachable, each commit's parent being the
previous checkpoint. The user's index, HEAD, branches, stash and reflogs are never touched.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from cleveragents.adapters.git.repository import IDENTITY, GitRepository
from cleveragents.domain.checkpoint import Checkpoint
from cleveragents.errors import ConflictingState, GitFailed

ZERO = "0" * 40


class GitCheckpoints:
    """Create, restore and compare checkpoints of one repository's working tree."""

    def __init__(self, repo: GitRepository, now: Callable[[], datetime]) -> None:
        self.repo = repo
        self._now = now
        self._tips: dict[str, str | None] = {}  # each plan's newest checkpoint, once resolved
        self._entries: dict[str, frozenset[tuple[str, str]]] = {}  # trees listed lately

    def ref(self, plan_id: str) -> str:
        return f"refs/cleveragents/plans/{plan_id}"

    def _index(self, plan_id: str) -> Path:
        return self.repo.state_dir / "index" / plan_id

    def _env(self, plan_id: str) -> dict[str, str]:
        index = self._index(plan_id)
        if not index.exists():
            index.parent.mkdir(parents=True, exist_ok=True)
            user_index = self.repo.git_dir / "index"
            if user_index.exists():
                # copy2 keeps the timestamps: a plain copy would make every entry racy.
                shutil.copy2(user_index, index)
        return {"GIT_INDEX_FILE": str(index), **IDENTITY}

    def snapshot_tree(self, plan_id: str) -> str:
        """The tree id of the working tree as it is now (tracked + untracked, not ignored)."""
        env = self._env(plan_id)
        self.repo.git("add", "--all", "--", ".", env=env)
        return self.repo.git("write-tree", env=env)

    def create(self, plan_id: str, label: str) -> Checkpoint:
        """Commit the working tree as it is now and keep it reachable from the plan's ref."""
        tree = self.snapshot_tree(plan_id)
        ref = self.ref(plan_id)
        if plan_id not in self._tips:
            self._tips[plan_id] = self._resolve(ref)
        parent = self._tips[plan_id]
        args = [
            "commit-tree",
            "--no-gpg-sign",
            tree,
            "-m",
            f"cleveragents checkpoint: {label}",
            "-m",
            f"plan: {plan_id}",
        ]
        if parent:
            args[2:2] = ["-p", parent]
        commit = self.repo.git(*args, env=self._env(plan_id))
        try:
            self.repo.git("update-ref", ref, commit, parent or ZERO)
        except GitFailed as error:
            self._tips.pop(plan_id, None)
            raise ConflictingState(
                f"checkpoint ref {ref} moved while writing a checkpoint",
                hint="another cleveragents command is working on this plan; retry when it ends",
            ) from error
        self._tips[plan_id] = commit
        return Checkpoint(
            id=commit, plan_id=plan_id, tree=tree, label=label, created_at=self._now()
        )

    def restore(self, checkpoint: Checkpoint) -> None:
        """Make the working tree equal to the checkpoint's tree; ignored files stay as they are.

        `add --all` first makes the private index describe the working tree, so that
        `read-tree -m -u` removes files created since, restores deleted ones, and resets
        content, modes and symlinks, without ever overwriting an unrecorded change.
        """
        env = self._env(checkpoint.plan_id)
        self.repo.git("add", "--all", "--", ".", env=env)
        self._spare_ignored(checkpoint.tree, env)
        self.repo.git("read-tree", "-m", "-u", checkpoint.tree, env=env)

    def _spare_ignored(self, tree: str, env: dict[str, str]) -> None:
        """Keep `read-tree` off files the checkpoint's own ignore rules exclude.

        A file created since the checkpoint is removed by the restore, unless the rules of
        the checkpoint ignore it: when a `.gitignore` was deleted or emptied since, files
        it ignored (build outputs, `node_modules`) look new, and would otherwise be lost.
        They are dropped from the private index, so `read-tree` leaves them on disk.
        """
        added = self.repo.git(
            "diff-index",
            "--cached",
            "--no-renames",
            "--name-only",
            "-z",
            "--diff-filter=A",
            tree,
            env=env,
        )
        candidates = [p for p in added.split("\0") if p]
        if not candidates:
            return
        ignored = self._ignored_by(tree, candidates)
        if ignored:
            with tempfile.NamedTemporaryFile("w", delete=False) as listing:
                listing.write("\0".join(ignored))
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
        names = self.repo.git("ls-tree", "-r", "--name-only", "-z", tree).split("\0")
        with tempfile.TemporaryDirectory(prefix="cleveragents-rules-") as rules:
            for name in names:
                if name == ".gitignore" or name.endswith("/.gitignore"):
                    target = Path(rules, name)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text(self.repo.git("cat-file", "blob", f"{tree}:{name}") + "\n")
            out = self._check_ignore(Path(rules), paths)
        return [p for p in out.split("\0") if p]

    def _check_ignore(self, work_tree: Path, paths: list[str]) -> str:
        env = {"GIT_DIR": str(self.repo.git_dir), "GIT_WORK_TREE": str(work_tree)}
        with tempfile.TemporaryFile() as stdin:
            stdin.write("\0".join(paths).encode())
            stdin.seek(0)
            try:
                return self.repo.git_with_input(
                    stdin, "check-ignore", "--no-index", "--stdin", "-z", env=env
                )
            except GitFailed:  # exit 1: none of them is ignored
                return ""

    def changed_paths(self, before: str, after: str) -> list[str]:
        """Paths that differ between two trees (commits work too)."""
        out = self.repo.git("diff-tree", "-r", "--no-renames", "--name-only", "-z", before, after)
        return [p for p in out.split("\0") if p]

    def entries(self, tree: str) -> frozenset[tuple[str, str]]:
        """The `(path, blob)` pairs of a tree: what drift is measured on."""
        if tree not in self._entries:
            listing = self.repo.git("ls-tree", "-r", "-z", tree).split("\0")
            pairs = (line.split("\t", 1) for line in listing if line)
            if len(self._entries) > 16:
                self._entries.clear()
            self._entries[tree] = frozenset((path, meta.split()[2]) for meta, path in pairs)
        return self._entries[tree]

    def patch(self, before: str, after: str) -> str:
        """The textual diff from one tree to another (binary files named, not shown)."""
        return self.repo.git("diff-tree", "-p", "-r", "--no-renames", "--no-color", before, after)

    def _resolve(self, ref: str) -> str | None:
        try:
            return self.repo.git("rev-parse", "--verify", "--quiet", ref) or None
        except GitFailed:
            return None
