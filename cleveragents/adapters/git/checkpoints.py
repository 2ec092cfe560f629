"""GitCheckpoints: checkpoints as commits in the repository's own object database.

A private index per plan (seeded once from the user's index with its timestamps, so the
next `add -A` re-hashes only what changed) builds each tree; a ref per plan under
`refs/cleveragents/` keeps every checkpoint reachable, each commit's parent being the
previous checkpoint. The user's index, HEAD, branches, stash and reflogs are never touched.
"""

from __future__ import annotations

import shutil
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
        self.repo.git("read-tree", "-m", "-u", checkpoint.tree, env=env)

    def changed_paths(self, before: str, after: str) -> list[str]:
        """Paths that differ between two trees (commits work too)."""
        out = self.repo.git("diff-tree", "-r", "--no-renames", "--name-only", "-z", before, after)
        return [p for p in out.split("\0") if p]

    def patch(self, before: str, after: str) -> str:
        """The textual diff from one tree to another (binary files named, not shown)."""
        return self.repo.git("diff-tree", "-p", "-r", "--no-renames", "--no-color", before, after)

    def _resolve(self, ref: str) -> str | None:
        try:
            return self.repo.git("rev-parse", "--verify", "--quiet", ref) or None
        except GitFailed:
            return None
