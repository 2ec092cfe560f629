"""GitCheckpoints: checkpoints as commits in the repository's own object database.

A private index per working tree (never the user's: no skip-worktree or assume-unchanged bit
of theirs hides a file from us) builds each tree in the private git directory of
`private_dir`, so every file's bytes are stored as they are on disk. A ref per plan under
`refs/cleveragents/` keeps every checkpoint reachable, each commit's parent being the
previous one. The user's index, HEAD, branches, stash and reflogs are never touched, and no
hook of theirs runs.

Before a restore writes or deletes anything, what it would destroy that no checkpoint tree
holds (ignored files in its way, files inside nested repositories, unrecorded permission
bits) is saved and handed to `keep`, which records it for `agents plan undo`.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from datetime import datetime
from pathlib import Path

from cleveragents.adapters.git import (
    checkout,
    ignore_rules,
    index_file,
    nested,
    refs,
)
from cleveragents.adapters.git.command_guard import CommandGuard
from cleveragents.adapters.git.git_dirs import GitDirs
from cleveragents.adapters.git.known_paths import KnownPaths
from cleveragents.adapters.git.objects import Entry
from cleveragents.adapters.git.private_index import PrivateIndex
from cleveragents.adapters.git.repository import IDENTITY, GitRepository
from cleveragents.adapters.git.restore_obstacles import Obstacles
from cleveragents.adapters.git.restore_scan import RestoreScan
from cleveragents.adapters.git.restores import Restores
from cleveragents.adapters.git.saved_files import (
    FileSaver,
    inside_nested_repository,
)
from cleveragents.adapters.git.saved_states import SavedStates
from cleveragents.adapters.git.tree_queries import TreeQueries
from cleveragents.domain.checkpoint import (
    Checkpoint,
    Differences,
    SavedFiles,
    TreeEntry,
)
from cleveragents.domain.command_saves import CommandLook
from cleveragents.domain.plan_refs import checkpoints_ref
from cleveragents.domain.saved_states import State
from cleveragents.errors import ConflictingState, GitFailed

# Most paths a checkpoint after a command builds in-process (`_added_tree`): each costs about
# 0.4 ms here (its file hashed, its trees written in Python), and past about 25 paths
# `write-tree` is as quick (measured at 10,000 files: 1 path 37 ms against 45, 10 paths 50
# against 63, 30 paths the same).
BUILT_MOST = 24
AUTHOR = f"{IDENTITY['GIT_AUTHOR_NAME']} <{IDENTITY['GIT_AUTHOR_EMAIL']}>"
MESSAGE_CAP = 500


class GitCheckpoints:
    """Create, restore and compare checkpoints of one repository's working tree."""

    def __init__(self, repo: GitRepository, now: Callable[[], datetime]) -> None:
        self._repo = repo
        self._now = now
        self._tips: dict[str, str | None] = {}  # each plan's newest checkpoint, once resolved
        # Each plan's newest checkpoint while the private index still holds its tree (a
        # restore rewrites the index: then the next checkpoint scans the tree again).
        self._latest: dict[str, Checkpoint] = {}
        self._hidden: set[str] = set()  # paths of actions no checkpoint holds (ignored, nested)
        # Nested repositories with no commit the last `add --all` left out (see `nested.py`).
        self.uncommitted: list[str] = []
        self.private = PrivateIndex(repo)
        self.objects = self.private.objects
        self.queries = TreeQueries(repo, self.objects)
        self.known = KnownPaths(self.objects)
        self.saver = FileSaver(repo, self._commit, self.objects)
        self.states = SavedStates(self.saver)
        self.guard = CommandGuard(repo, self.saver, self._commit)
        self.git_dirs = GitDirs(repo, self.objects.contents)
        # Where saved files are recorded before a restore destroys anything (the operation).
        self._keep: Callable[[SavedFiles], None] = _nowhere
        self.scan = RestoreScan(repo, self.private, self.known)
        self.obstacles = Obstacles(repo, self.objects)
        self.restores = Restores(
            repo, self.private, self.saver, self.scan, self.obstacles, self._latest.clear
        )

    @property
    def repo(self) -> GitRepository:
        return self._repo

    @repo.setter
    def repo(self, repo: GitRepository) -> None:
        """The rooms this class delegates to run their git through the same repository."""
        self._repo = repo
        for room in (self.private, self.queries, self.scan, self.obstacles, self.restores):
            room.repo = repo

    @property
    def keep(self) -> Callable[[SavedFiles], None]:
        return self._keep

    @keep.setter
    def keep(self, keep: Callable[[SavedFiles], None]) -> None:
        """Each operation gives its own: what a command's look kept before is not in it."""
        self._keep = keep
        self.guard.forget()

    def ref(self, plan_id: str) -> str:
        return checkpoints_ref(plan_id)

    @property
    def index(self) -> Path:
        return self.private.index

    def tree_env(self, index: Path | None = None) -> dict[str, str]:
        return self.private.tree_env(index)

    def catch_up_index(self, into: Path | None = None) -> None:
        """Write the journal's entries into the private index (`PrivateIndex.catch_up`)."""
        self.private.catch_up(into)

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
            tree = self._add_and_write(self.private.tree_env(), held)
            self.private.holds(tree)
            return tree
        with tempfile.TemporaryDirectory(prefix="cleveragents-scratch-") as folder:
            copy = Path(folder, "index")
            if self.index.exists():
                shutil.copy2(self.index, copy)  # timestamps kept: only changes are hashed
                if nested.marker(self.index).exists():
                    nested.marker(copy).touch()
                if nested.foreign_list(self.index).exists():
                    shutil.copy2(nested.foreign_list(self.index), nested.foreign_list(copy))
            self.private.catch_up(into=copy)
            return self._add_and_write(self.private.tree_env(copy))

    def _add_and_write(self, env: dict[str, str], held: str | None = None) -> str:
        """`add --all`, then the tree the index holds. `held`: the tree the index held
        before (known to this process), which `add --verbose` names every change to: the
        new tree is built from it in-process (`_added_tree`), with no `write-tree` (which
        reads and writes the whole index again: 10-14 ms of a 50 ms checkpoint at 10,000
        files)."""
        base = held if held is not None and self.private.records_the_disk() else None
        try:
            out = nested.add_all(self.repo, env, base is not None, self.uncommitted)
        except GitFailed as error:
            reason = error.message.removeprefix("git add failed: ")
            raise GitFailed(
                f"cannot checkpoint the working tree: {reason}",
                hint="make that path readable, or list it in .git/info/exclude, then retry",
            ) from error
        if base is not None:
            tree = self._added_tree(base, out, env)
            if tree is not None:
                return tree
        return self.repo.git("write-tree", env=env)

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
        latest = self._latest.get(plan_id)
        tree = None
        if changed is not None and latest is not None:
            if not changed:
                return latest
            tree = self._update_paths(latest.tree, changed)
        if tree is None:
            tree = self.snapshot_tree(plan_id)
        self._hidden.clear()
        if latest is not None and tree == latest.tree:
            return latest
        commit = self._commit(plan_id, tree, f"cleveragents checkpoint: {label}")
        checkpoint = Checkpoint(
            id=commit, plan_id=plan_id, tree=tree, label=label, created_at=self._now()
        )
        self._latest[plan_id] = checkpoint
        return checkpoint

    def _update_paths(self, tree: str, paths: Sequence[str]) -> str | None:
        """`tree` with just `paths` read again from the working tree, built in-process (no
        index, no scan: `known_paths.KnownPaths`); None where that is not enough (a changed
        `.gitignore` changes what else is in the tree; a path git would record otherwise,
        such as a folder or one through a symbolic link): scan instead.

        The private index is brought up to date only before something reads it
        (`catch_up_index`): a plan of file actions writes it once, not once a step.
        """
        if any(p == ".gitignore" or p.endswith("/.gitignore") for p in paths):
            return None
        if not self.private.records_the_disk():
            return None
        visible = [p for p in paths if p not in self._hidden]
        built = self.known.update(tree, self.repo.root, visible)
        if built is None:
            return None
        held = self.private.holding()
        self.private.note_behind(built[1])
        # The journal moves the index on from `tree`, which it held only if it was this
        # plan's newest checkpoint: else what it holds is no longer known (another plan's).
        self.private.holds(built[0] if held == tree else None)
        return built[0]

    def _commit(self, plan_id: str, tree: str, message: str) -> str:
        """A commit of `tree` on top of the plan's ref, which then points at it."""
        ref = self.ref(plan_id)
        if plan_id not in self._tips:
            self._tips[plan_id] = self._resolve(ref)
        parent = self._tips[plan_id]
        if len(message) > MESSAGE_CAP:  # a label can hold a whole command: keep argv small
            message = message[:MESSAGE_CAP] + " [...]"
        # Written in-process as `commit-tree -m MESSAGE -m "plan: ID"` would: one git
        # process less per checkpoint.
        text = f"{message}\n\nplan: {plan_id}\n".encode("utf-8", "surrogateescape")
        commit = self.objects.commit(tree, [parent] if parent else [], text, AUTHOR)
        try:
            self._move(ref, commit, parent)
        except (GitFailed, refs.Moved) as error:
            self._tips.pop(plan_id, None)
            reason = error.message if isinstance(error, GitFailed) else str(error)
            raise ConflictingState(
                f"checkpoint ref {ref} could not be moved: {reason}",
                hint="another cleveragents command may be working here; retry when it ends",
            ) from error
        self._tips[plan_id] = commit
        return commit

    def _move(self, ref: str, new: str, old: str | None) -> None:
        """`update-ref REF NEW OLD`, in-process where that is exactly what git would do
        (`refs.py`): a ref of ours that exists already, in a repository whose settings ask
        nothing more of it."""
        refs.update(self.repo, ref, new, old, self.private.settings)

    def at_tree(self, plan_id: str, tree: str, label: str) -> Checkpoint:
        """A checkpoint of a tree made for a restore (not a snapshot of the working tree)."""
        commit = self._commit(plan_id, tree, f"cleveragents checkpoint: {label}")
        return Checkpoint(
            id=commit, plan_id=plan_id, tree=tree, label=label, created_at=self._now()
        )

    def save_before_action(self, plan_id: str, path: str) -> SavedFiles | None:
        """What an agent's write, edit or delete of `path` replaces that no checkpoint holds:
        the bytes of an ignored file or one inside a nested repository (or its absence), or
        the permission bits of a file git would not write so. None when there is nothing."""
        full = self.repo.root / path
        try:
            if not Path(os.path.realpath(full.parent)).is_relative_to(self.repo.root.resolve()):
                return None  # through a link out of the tree: the environment refuses it
            hidden = inside_nested_repository(self.repo.root, path) or self._ignored(path)
            mode = None if hidden else self.obstacles.mode(path)
        except OSError:
            return None  # a path the file system refuses: so will it refuse the action
        if hidden:
            self._hidden.add(path)
            try:
                saved = self.saver.save(plan_id, [path], f"before an action on {path}")
            except OSError as error:
                raise ConflictingState(
                    f"cannot save {path} before the agent's action replaces it: {error.strerror}",
                    hint="make it readable (or move it away), then `agents plan resume`",
                ) from error
        elif mode is None:
            return None
        else:
            saved = SavedFiles(plan_id=plan_id, modes={path: mode}, at=time.time_ns())
        self.keep(saved)
        return saved

    def before_command(self, plan_id: str, tree: str | None) -> CommandLook:
        """Save what a command may destroy that no checkpoint holds (`command_guard.py`):
        ignored files within the bound, and the permission bits of the files of `tree`;
        what the operation's record lacks of them goes into it through `keep` now."""
        env = self.private.tree_env()
        paths = self.tree_paths(tree) if tree else ()
        look = self.guard.look(plan_id, env, paths, self.uncommitted)
        look.tree = tree
        look.git_entries = self.git_dirs.look(look.ignored)
        unkept = self.guard.unkept(look)
        if unkept is not None:
            self.keep(unkept)
        return look

    def after_command(self, look: CommandLook) -> SavedFiles | None:
        """What the command changed of what `look` saw, as it was, recorded through `keep`;
        first, what it did to any `.git` is put back (`git_dirs.py`), named in `look.put_back`."""
        look.put_back = self.git_dirs.put_back(look.git_entries, look.ignored)
        saved = self.guard.changed(look, self.private.tree_env())
        if saved is not None:
            self.keep(saved)
        return saved

    def _ignored(self, path: str) -> bool:
        """Whether `add --all` leaves `path` out (ignored, and not already in our index)."""
        # What the private index tracks is never ignored. For a path whose entry is not
        # written there yet, the newest checkpoint says whether it is tracked.
        behind = self.private.behind.get(path.encode("utf-8", "surrogateescape"), False)
        if behind is not False and behind is not None:
            return False
        if self.private.records_the_disk():  # case-sensitive: the rules can be read here
            everywhere = ignore_rules.global_files(self.repo.common_dir, self.private.settings())
            if everywhere is not None and ignore_rules.surely_not_ignored(
                self.repo.root, path, everywhere
            ):
                return False
        index = [] if behind is False else ["--no-index"]
        try:
            self.repo.git(
                "check-ignore", "--quiet", *index, "--", path, env=self.private.tree_env()
            )
        except GitFailed as failed:
            # 1: not ignored. Anything else is no answer: save it, rather than risk it.
            return failed.status != 1
        return True

    def restore(
        self,
        checkpoint: Checkpoint,
        put_back: Sequence[SavedFiles] = (),
        in_step: bool = False,
        spare: Collection[str] = (),
    ) -> list[str]:
        """Make the working tree equal to the checkpoint's tree, then put `put_back`'s files
        back but those at `spare`'s paths (`restores.Restores.restore`); what it would
        destroy that no tree holds goes to `keep` first. Returns the nested repositories
        made since the checkpoint that it moved whole into the safety record."""
        return self.restores.restore(checkpoint, self.keep, put_back, in_step, spare)

    @property
    def put_back_paths(self) -> list[str]:
        """What the last restore's put-back changed: files, modes and folders no tree holds."""
        return self.restores.put_back_paths

    def saved_states(self, paths: Iterable[str]) -> dict[str, State]:
        """The state of each of `paths` (saved ones) in the working tree now."""
        return self.states.now(paths)

    def found_states(self, records: Sequence[SavedFiles]) -> dict[str, State]:
        """Each path of saved `records` as the oldest of them saved it."""
        return self.states.found(records)

    def clear_stale_locks(self, plan_id: str) -> None:
        """Remove lock files our own killed commands left (we hold the working tree's lock,
        so no command of ours is writing them); one that cannot go is named."""
        refs = self.repo.common_dir / "refs" / "cleveragents" / "plans"
        for lock in (self.index.with_name(f"{self.index.name}.lock"), refs / f"{plan_id}.lock"):
            if not os.path.lexists(lock):
                continue
            try:
                lock.unlink()
            except OSError as error:
                raise ConflictingState(
                    f"a stale lock file cannot be removed: {lock} ({error.strerror})",
                    hint="remove it by hand once no agents or git command is running, then retry",
                ) from error

    def differences(self, before: str, after: str) -> Differences:
        """Each path that differs between two trees, with its entry in each."""
        return self.queries.differences(before, after)

    def differences_each(self, pairs: Sequence[tuple[str, str]]) -> list[Differences]:
        """`differences` of each pair of trees, from one git process."""
        return self.queries.differences_each(pairs)

    def edited_tree(self, base: str, changes: dict[str, TreeEntry]) -> str:
        """`base` with each path of `changes` set to its entry (an absent one removed)."""
        return self.queries.edited_tree(base, changes)

    def merge(
        self, mine: TreeEntry, base: TreeEntry, theirs: TreeEntry, labels: tuple[str, str, str]
    ) -> tuple[TreeEntry, int] | None:
        """Three regular files merged as text (`tree_queries.TreeQueries.merge`)."""
        return self.queries.merge(mine, base, theirs, labels)

    def changed_paths(self, before: str, after: str) -> list[str]:
        """Paths that differ between two trees (commits work too)."""
        return self.queries.changed_paths(before, after)

    def tree_paths(self, tree: str) -> frozenset[str]:
        """Every path of a tree (listed once per tree: a run asks for the same one often)."""
        return self.queries.tree_paths(tree)

    def patch(self, before: str, after: str) -> str:
        """The textual diff from one tree to another (binary files named, not shown)."""
        return self.queries.patch(before, after)

    def patches(self, pairs: Sequence[tuple[str, str]]) -> Iterator[str | None]:
        """The patch of each pair of checkpoints, in order: "" where the files are the same,
        None where one is gone."""
        return self.queries.patches(pairs)

    def line_counts(self, before: str, after: str) -> dict[str, tuple[int | None, int | None]]:
        return self.queries.line_counts(before, after)

    def diff_stat(self, before: str, after: str, width: int) -> str:
        return self.queries.diff_stat(before, after, width)

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


def _nowhere(saved: SavedFiles) -> None:
    raise AssertionError("a restore ran outside an operation: nothing would record what it saved")
