"""Snapshots: checkpoints of the working tree (or of a tree made for a restore) as commits
on each plan's ref under `refs/cleveragents/`, built on the private index."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from cleveragents.adapters.git import checkout, index_file, nested, refs
from cleveragents.adapters.git.folder_listing import closed_on_the_way
from cleveragents.adapters.git.known_paths import KnownPaths
from cleveragents.adapters.git.objects import Entry
from cleveragents.adapters.git.private_index import PrivateIndex
from cleveragents.adapters.git.repository import IDENTITY, GitRepository
from cleveragents.adapters.git.user_ignores import UserIgnores
from cleveragents.domain.checkpoint import Checkpoint
from cleveragents.domain.plan_refs import checkpoints_ref, saved_ref
from cleveragents.errors import ConflictingState, GitFailed

# Most paths a checkpoint after a command builds in-process (`_added_tree`): each costs about
# 0.4 ms here (its file hashed, its trees written in Python), and past about 25 paths
# `write-tree` is as quick (measured at 10,000 files: 1 path 37 ms against 45, 10 paths 50
# against 63, 30 paths the same).
BUILT_MOST = 24
AUTHOR = f"{IDENTITY['GIT_AUTHOR_NAME']} <{IDENTITY['GIT_AUTHOR_EMAIL']}>"
MESSAGE_CAP = 500


class Snapshots:
    """Checkpoints of one working tree, each plan's on its own ref."""

    def __init__(
        self,
        repo: GitRepository,
        private: PrivateIndex,
        known: KnownPaths,
        now: Callable[[], datetime],
    ) -> None:
        self.repo = repo
        self.private = private
        self.known = known
        self.objects = private.objects
        self._now = now
        self._tips: dict[str, str | None] = {}  # each ref's newest commit, once resolved
        # Each plan's newest checkpoint while the private index still holds its tree (a
        # restore rewrites the index: then the next checkpoint scans the tree again).
        self.latest: dict[str, Checkpoint] = {}
        self.hidden: set[str] = set()  # paths of actions no checkpoint holds (ignored, nested)
        # Nested repositories with no commit the last `add --all` left out (see `nested.py`).
        self.uncommitted: list[str] = []
        # Paths the last `add --all` took out: a FIFO, socket or device stands where a file
        # was (see `nested.py`).
        self.not_files: list[str] = []
        # Nested repositories whose refs git cannot read it left out (see `nested.py`).
        self.unreadable: list[str] = []
        self.user_ignores = UserIgnores(repo, private.objects)

    def snapshot_tree(self, plan_id: str, scratch: bool = False) -> str:
        """The tree id of the working tree as it is now (tracked + untracked, not ignored).

        `scratch` works on a copy of the private index, for read-only commands: nothing a
        writer uses is written.
        """
        if not scratch:
            self.private.catch_up()
            held = self.private.holding()
            if nested.opaque(self.repo, self.private.tree_env()):
                held = None  # its gitlinks are gone
            tree = self._add_and_write(self.private.tree_env(), plan_id, held)
            self.user_ignores.attribute(plan_id)
            self.private.forget_recent()
            self.private.holds(tree)
            return tree
        with tempfile.TemporaryDirectory(prefix="cleveragents-scratch-") as folder:
            copy = Path(folder, "index")
            if self.private.index.exists():
                shutil.copy2(self.private.index, copy)  # timestamps kept: only changes are hashed
                if nested.marker(self.private.index).exists():
                    nested.marker(copy).touch()
                if nested.foreign_list(self.private.index).exists():
                    shutil.copy2(nested.foreign_list(self.private.index), nested.foreign_list(copy))
            self.private.catch_up(into=copy)
            return self._add_and_write(self.private.tree_env(copy), plan_id, keep=False)

    def _add_and_write(
        self, env: dict[str, str], plan_id: str, held: str | None = None, keep: bool = True
    ) -> str:
        """`add --all`, then the tree the index holds. `held`: the tree the index held
        before (known to this process), which `add --verbose` names every change to: the
        new tree is built from it in-process (`_added_tree`), with no `write-tree` (which
        reads and writes the whole index again: 10-14 ms of a 50 ms checkpoint at 10,000
        files). `keep`: a plan's ignore rules taken now are kept for it (not by a read)."""
        base = held if held is not None and self.private.records_the_disk() else None
        opened: list[str] = []  # folders git could not list, opened for it: not read again
        try:
            out = nested.add_all(
                self.repo, env, base is not None, self.uncommitted, self.not_files,
                self.unreadable, opened,
            )  # fmt: skip
        except GitFailed as error:
            reason = error.message.removeprefix("git add failed: ")
            raise GitFailed(
                f"cannot checkpoint the working tree: {reason}",
                hint=closed_on_the_way(self.repo.root, reason)
                or "make that path readable, or list it in .git/info/exclude, then retry",
            ) from error
        ignores = self.user_ignores
        added = out if base is not None and base == ignores.clean else None
        if ignores.withhold(env, plan_id, added, keep):
            base = None  # `add` named the files withheld since: `write-tree` says the rest
        if self.not_files or opened:
            base = None  # `add` printed no line for the paths it took out; or they are closed
        tree = self._added_tree(base, out, env) if base is not None else None
        if tree is None:
            tree = self.repo.git("write-tree", env=env)
        ignores.clean = None if ignores.diverged else tree
        return tree

    def _added_tree(self, held: str, out: bytes, env: dict[str, str]) -> str | None:
        """`held` with each path `add --verbose` printed (`add 'PATH'`, `remove 'PATH'`,
        one a line, in the C locale) read again from the working tree, each entry as the
        index has it now; None where only `write-tree` can say.

        git prints paths raw, so a name holding a newline could print lines that look like
        other paths'. Each path must therefore be what its line says: an added one a file
        or link whose entry is new and is the index's entry (read back from the index file,
        or by `ls-files` in a format only git reads; a file written again since `add` read
        it fails this too), a removed one gone from the disk and from the index but in
        `held`, and none twice. Every path a forged line names fails one of these: `add`
        changed it (then its own line names it too), or it holds what `held` holds, or the
        index has it otherwise or not at all (an ignored file, a path into `.git` or out of
        the tree). A line cut by a newline fails to parse. A folder (a nested repository)
        is left to `write-tree` as well."""
        if not out:
            return held  # nothing changed
        if out.count(b"\n") > BUILT_MOST:
            return None
        expected: dict[bytes, bool] = {}  # path -> whether it is added (else removed)
        for line in out.removesuffix(b"\n").split(b"\n"):
            verb, _, rest = line.partition(b" '")
            if verb not in (b"add", b"remove") or not rest.endswith(b"'") or len(rest) < 2:
                return None
            path = rest[:-1]
            if path in expected or not _plain(path):
                return None
            expected[path] = verb == b"add"
        paths = [p.decode("utf-8", "surrogateescape") for p in expected]
        built = self.known.update(held, self.repo.root, paths, expected)
        if built is None:
            return None
        tree, entries = built
        sizes = {}
        for path, entry in entries.items():
            if entry is not None:
                if (st := checkout.lstat(f"{self.repo.root}/{os.fsdecode(path)}")) is None:
                    return None  # pragma: no cover - deleted since `update` read it
                sizes[path] = st.st_size
        matches = index_file.holds(Path(env["GIT_INDEX_FILE"]), entries, sizes)
        if matches is None:  # an index format only git reads
            added = {path: entry for path, entry in entries.items() if entry is not None}
            matches = self._listed(paths, env) == added
        return tree if matches else None

    def _listed(self, paths: list[str], env: dict[str, str]) -> dict[bytes, Entry] | None:
        """The index's entries of `paths`, as `ls-files` lists them; None for a path out of
        the working tree."""
        try:
            out = self.repo.git_bytes(
                "ls-files", "-s", "-z", "--", *paths, env={**env, "GIT_LITERAL_PATHSPECS": "1"}
            )
        except GitFailed:  # pragma: no cover - `objects.update` found each in the tree
            return None
        indexed: dict[bytes, Entry] = {}
        for record in out.split(b"\0"):
            if record:
                meta, _, path = record.partition(b"\t")
                mode, oid, _ = meta.split(b" ")
                indexed[path] = (mode, bytes.fromhex(oid.decode()))
        return indexed

    def create(self, plan_id: str, label: str, changed: Sequence[str] | None = None) -> Checkpoint:
        """Commit the working tree and keep it reachable from the plan's ref.

        `changed`, when known, lists every path the agent wrote, edited or deleted since the
        plan's last checkpoint: then only those are read, not the whole tree, and none at
        all is the last checkpoint again. None (a command ran: anything may have changed)
        scans the whole working tree.
        """
        latest = self.latest.get(plan_id)
        tree = None
        if changed is not None and latest is not None:
            if not changed:
                return latest
            tree = self._update_paths(latest.tree, changed)
        if tree is None:
            tree = self.snapshot_tree(plan_id)
        self.hidden.clear()
        if latest is not None and tree == latest.tree:
            return latest
        commit = self.commit(plan_id, tree, f"cleveragents checkpoint: {label}")
        checkpoint = Checkpoint(
            id=commit, plan_id=plan_id, tree=tree, label=label, created_at=self._now()
        )
        self.latest[plan_id] = checkpoint
        return checkpoint

    def _update_paths(self, tree: str, paths: Sequence[str]) -> str | None:
        """`tree` with just `paths` read again from the working tree, built in-process (no
        index, no scan: `known_paths.KnownPaths`); None where that is not enough (a changed
        `.gitignore` changes what else is in the tree; a path git would record otherwise,
        such as a folder or one through a symbolic link): scan instead.

        The private index is brought up to date only before something reads it
        (`PrivateIndex.catch_up`): a plan of file actions writes it once, not once a step.
        """
        if any(p == ".gitignore" or p.endswith("/.gitignore") for p in paths):
            return None
        if self.user_ignores.diverged:
            return None  # a path the user ignores may be in `paths`: the scan withholds it
        if not self.private.records_the_disk():
            return None
        visible = [p for p in paths if p not in self.hidden]
        try:
            built = self.known.update(tree, self.repo.root, visible)
        except PermissionError:  # pragma: no cover - root: in a folder its user cannot enter
            return None  # the scan's `add --all` opens it (`nested.add_all`, top29)
        if built is None:
            return None
        if tree == self.user_ignores.clean:
            self.user_ignores.clean = built[0]  # no `.gitignore` among `paths`
        held = self.private.holding()
        self.private.note_behind(built[1])
        # The journal moves the index on from `tree`, which it held only if it was this
        # plan's newest checkpoint: else what it holds is no longer known (another plan's).
        self.private.holds(built[0] if held == tree else None)
        return built[0]

    def commit(self, plan_id: str, tree: str, message: str) -> str:
        """A commit of `tree` on top of the plan's ref, which then points at it."""
        return self._commit_on(checkpoints_ref(plan_id), plan_id, tree, message)

    def commit_saved(self, plan_id: str, tree: str, message: str) -> str:
        """A commit of files saved for undo, on the plan's saved ref: never among its
        checkpoints, which push and export send (the user's ignored files stay here)."""
        return self._commit_on(saved_ref(plan_id), plan_id, tree, message)

    def _commit_on(self, ref: str, plan_id: str, tree: str, message: str) -> str:
        if ref not in self._tips:
            self._tips[ref] = self._resolve(ref)
        parent = self._tips[ref]
        if len(message) > MESSAGE_CAP:  # a label can hold a whole command: keep argv small
            message = message[:MESSAGE_CAP] + " [...]"
        # Written in-process as `commit-tree -m MESSAGE -m "plan: ID"` would: one git
        # process less per checkpoint.
        text = f"{message}\n\nplan: {plan_id}\n".encode("utf-8", "surrogateescape")
        commit = self.objects.commit(tree, [parent] if parent else [], text, AUTHOR)
        try:
            self._move(ref, commit, parent)
        except (GitFailed, refs.Moved) as error:
            self._tips.pop(ref, None)
            reason = error.message if isinstance(error, GitFailed) else str(error)
            raise ConflictingState(
                f"checkpoint ref {ref} could not be moved: {reason}",
                hint="another cleveragents command may be working here; retry when it ends",
            ) from error
        self._tips[ref] = commit
        return commit

    def _move(self, ref: str, new: str, old: str | None) -> None:
        """`update-ref REF NEW OLD`, in-process where that is exactly what git would do
        (`refs.py`): a ref of ours that exists already, in a repository whose settings ask
        nothing more of it."""
        refs.update(self.repo, ref, new, old, self.private.settings)

    def at_tree(self, plan_id: str, tree: str, label: str) -> Checkpoint:
        """A checkpoint of a tree made for a restore (not a snapshot of the working tree)."""
        commit = self.commit(plan_id, tree, f"cleveragents checkpoint: {label}")
        return Checkpoint(
            id=commit, plan_id=plan_id, tree=tree, label=label, created_at=self._now()
        )

    def _resolve(self, ref: str) -> str | None:
        try:
            return self.repo.git("rev-parse", "--verify", "--quiet", ref) or None
        except GitFailed:
            return None


def _plain(path: bytes) -> bool:
    """Whether `path` is one `git add` could print: relative, each part a name, none of
    them `.git` (a forged line could name anything; no tree of ours is written for it)."""
    return all(
        part not in (b"", b".", b"..") and part.lower() != b".git" for part in path.split(b"/")
    )
