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
import stat
import tempfile
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from cleveragents.adapters.git import (
    checkout,
    folder_modes,
    ignore_rules,
    index_file,
    nested,
    refs,
    trees,
)
from cleveragents.adapters.git.command_guard import CommandGuard
from cleveragents.adapters.git.git_dirs import GitDirs
from cleveragents.adapters.git.known_paths import KnownPaths
from cleveragents.adapters.git.modes import ABSENT, FILE, GITLINK
from cleveragents.adapters.git.objects import Entry
from cleveragents.adapters.git.private_index import PrivateIndex
from cleveragents.adapters.git.repository import IDENTITY, GitRepository
from cleveragents.adapters.git.saved_files import (
    FileSaver,
    in_the_way,
    inside_nested_repository,
    remove,
    unusual_mode,
)
from cleveragents.adapters.git.saved_states import SavedStates
from cleveragents.adapters.git.tree_queries import TreeQueries
from cleveragents.domain.checkpoint import (
    Checkpoint,
    Differences,
    SavedFiles,
    TreeEntry,
    oldest_last,
)
from cleveragents.domain.command_saves import CommandLook
from cleveragents.domain.plan_refs import checkpoints_ref
from cleveragents.domain.restore_scope import within
from cleveragents.domain.saved_states import State
from cleveragents.errors import ConflictingState, GitFailed

# Most paths a checkpoint after a command builds in-process (`_added_tree`): each costs about
# 0.4 ms here (its file hashed, its trees written in Python), and past about 25 paths
# `write-tree` is as quick (measured at 10,000 files: 1 path 37 ms against 45, 10 paths 50
# against 63, 30 paths the same).
BUILT_MOST = 24
AUTHOR = f"{IDENTITY['GIT_AUTHOR_NAME']} <{IDENTITY['GIT_AUTHOR_EMAIL']}>"
MESSAGE_CAP = 500


class Difference(NamedTuple):
    """A path where a tree and the private index differ, as `diff-index --cached` says:
    status D the restore creates it, A deletes it, M or T rewrites it."""

    tree_mode: str
    index_mode: str
    status: str
    tree_oid: str
    index_oid: str


class GitCheckpoints:
    """Create, restore and compare checkpoints of one repository's working tree."""

    def __init__(self, repo: GitRepository, now: Callable[[], datetime]) -> None:
        self.repo = repo
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
        # What the last restore's put-back changed: files, modes and folders no tree holds.
        self.put_back_paths: list[str] = []

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
            mode = None if hidden else self._mode(path)
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
        back (newest first, so the oldest state wins), but those at `spare`'s paths;
        ignored files stay as they are.

        A scan first finds the paths where the working tree differs from the checkpoint
        (`_scanned`), which are the ones to write: files created since go, deleted ones
        come back, content, modes and symlinks are reset (`checkout.py`, or `read-tree -m
        -u` on an index `add --all` brought up to date, where that is not sure). Whatever
        it would destroy that no tree holds is saved through `keep` first. `in_step`: a
        checkpoint of the whole working tree was just taken (an operation's safety
        checkpoint), so that scan is not made twice, and the private index stands for the
        working tree: a file changed in between makes the restore refuse ("not uptodate"),
        never overwrite it.

        Returns the nested repositories made since the checkpoint that it moved whole into
        the safety record.
        """
        env = self.private.tree_env()
        self.private.catch_up()
        self._latest.clear()  # the index follows the restore, not the plans' checkpoints
        held = self.private.holding()  # read before the restore forgets it
        self.private.holds(None)  # until the restore is done
        added = in_step  # whether the private index stands for the working tree
        changes = None if in_step else self._scanned(checkpoint.tree, env, held)
        if changes is None:
            if not added:
                nested.add_all(self.repo, env, verbose=False)
                added = True
                held = None  # `add` changed the index
            changes = self._compared(checkpoint.tree, held, env)
        in_way = self._in_the_way(changes)
        # Nested repositories made since the checkpoint go whole into the safety record
        # (their `.git` too: undo brings them back), not left in the tree with their config
        created = [p for p, c in changes.items() if c.status == "A" and c.index_mode == GITLINK]
        created = [p for p in created if self._is_folder(p)]
        # What stands at each path the restore rewrites or deletes, looked at once: for the
        # permission bits git does not record (kept in the safety record, where undo puts
        # them back, and kept by a rewritten file), and for `checkout` (see `_write`).
        stats = {
            path: self._lstat(path)
            for path, c in changes.items()
            if c.status in "MTA" and path not in created
        }
        modes = {
            path: mode
            for path, st in stats.items()
            if st is not None and (mode := unusual_mode(st)) is not None
        }
        rewritten = {p: m for p, m in modes.items() if changes[p].status in "MT"}
        touched = [*in_way, *created, *(p for saved in put_back for p in saved.paths)]
        folders = folder_modes.now(self.repo.root, {p for s in put_back for p in s.folders})
        if touched or modes or folders:
            saved = self.saver.save(checkpoint.plan_id, touched, "before a restore", created)
            changes_kept = {"modes": {**modes, **saved.modes}, "folders": folders}
            self.keep(saved.model_copy(update=changes_kept))
        for path in [*in_way, *created]:
            remove(self.repo.root / path)
        if in_way:  # a folder in the way held some of them
            stats = {p: st for p, st in stats.items() if not within(p, in_way)}
        spared = self._spare_ignored(checkpoint.tree, changes, saved_paths=touched)
        if not self._write(changes, spared, checkpoint.tree, verify=added, stats=stats):
            if not added:
                nested.add_all(self.repo, env, verbose=False)
            if spared:
                self._untrack(spared, env)
            nested.may_hold_gitlinks(env)  # the tree's own
            self.repo.git("read-tree", "-m", "-u", checkpoint.tree, env=env)
            self.private.holds(checkpoint.tree)
        for path, mode in rewritten.items():
            full = self.repo.root / path
            if full.is_file() and not full.is_symlink():
                git_mode = stat.S_IMODE(full.lstat().st_mode)
                wanted = (mode & 0o666) | (git_mode & 0o111)  # never a setuid bit
                if wanted != git_mode:  # not for a file left as it was (maybe not ours)
                    os.chmod(full, wanted)
        self.put_back_paths = []
        for saved in oldest_last(list(put_back)):
            self.put_back_paths += self.saver.put_back(saved, spare)
            self.put_back_paths += folder_modes.put_back(self.repo.root, saved.folders)
        self.put_back_paths = sorted(set(self.put_back_paths))
        return created

    def saved_states(self, paths: Iterable[str]) -> dict[str, State]:
        """The state of each of `paths` (saved ones) in the working tree now."""
        return self.states.now(paths)

    def found_states(self, records: Sequence[SavedFiles]) -> dict[str, State]:
        """Each path of saved `records` as the oldest of them saved it."""
        return self.states.found(records)

    def _write(
        self,
        changes: dict[str, Difference],
        spared: list[str],
        tree: str,
        verify: bool,
        stats: Mapping[str, os.stat_result | None],
    ) -> bool:
        """Write the restore's files in-process (`checkout.write`), and the private index's
        entries for them: the checkpoint's own (`_give_index`, before the files are
        written), so the index holds the checkpoint's tree exactly, whatever wrote a file
        meanwhile; False where git must do it all (nothing was written then). `verify`: the
        index stands for the working tree, and a file that differs from it is not
        overwritten.

        Those entries go into the journal before the index or the first file is written: a
        command killed halfway leaves an index the next one catches up, as when killed
        after the index took them and before every file was written. They carry no file
        timestamps: the next `add` reads those files again (and records their timestamps),
        and the next restore's scan lists them (`checkout` leaves each that holds its bytes
        already). `stats`: what `os.lstat` said of paths a moment before (None: nothing
        there), looked at again only where it matters (see `checkout.check`).
        """
        if not self.private.records_the_disk():
            return False
        keep = set(spared)
        wanted = [
            checkout.Change(
                path,
                None if change.status == "A" else (change.tree_mode, change.tree_oid),
                None if change.status == "D" else (change.index_mode, change.index_oid),
            )
            for path, change in changes.items()
            if path not in keep
        ]
        if not checkout.check(self.repo.root, self.objects, wanted, verify, stats):
            return False
        entries: dict[bytes, tuple[bytes, bytes] | None] = {
            # spared files stay on disk: only an entry of the journal drops them from the index
            path.encode("utf-8", "surrogateescape"): None
            for path in spared
        }
        for change in wanted:
            entries[change.path.encode("utf-8", "surrogateescape")] = (
                None
                if change.target is None
                else (change.target[0].encode(), bytes.fromhex(change.target[1]))
            )
        if not entries:
            self.private.holds(tree)
            return True
        blobs = self.objects.blobs(c.target[1] for c in wanted if c.target is not None)
        if blobs is None:
            return False  # nothing was written
        with self.private.given(entries, tree):
            checkout.write(self.repo.root, wanted, blobs, stats)
        return True

    def _scanned(
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
            return None  # (or the index may hold gitlinks: only `_compared` sees them)
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

    def _compared(self, tree: str, held: str | None, env: dict[str, str]) -> dict[str, Difference]:
        """Each path where `tree` and the private index differ (see `Difference`): from
        the two trees in-process when the index is known to hold `held` and both are
        loose, else as `diff-index --cached` lists them."""
        changes = None if held is None else self._tree_diff(tree, held)
        if changes is None:
            changes = self._diff_index(tree, env, cached=True)
        for path, change in changes.items():
            if change.status == "T" and GITLINK in (change.tree_mode, change.index_mode):
                raise ConflictingState(
                    f"a restore would replace the nested repository {path}",
                    hint="move it out of the way, then retry",
                )
        return changes

    def _tree_diff(self, tree: str, held: str) -> dict[str, Difference] | None:
        """`_compared` in-process, from loose trees; None where one is not loose."""
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

    def _in_the_way(self, changes: dict[str, Difference]) -> list[str]:
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
        return self._lstat(f"{path}/.git") is not None

    def _is_folder(self, path: str) -> bool:
        st = self._lstat(path)
        return st is not None and stat.S_ISDIR(st.st_mode)

    def _mode(self, path: str) -> int | None:
        st = self._lstat(path)
        return None if st is None else unusual_mode(st)

    def _lstat(self, path: str) -> os.stat_result | None:
        return checkout.lstat(f"{self.repo.root}/{path}")

    def _spare_ignored(
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

    def _untrack(self, paths: list[str], env: dict[str, str]) -> None:
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
        names = self.repo.git("ls-tree", "-r", "--name-only", "-z", tree).split("\0")
        rules_files = [n for n in names if n == ".gitignore" or n.endswith("/.gitignore")]
        with tempfile.TemporaryDirectory(prefix="cleveragents-rules-") as rules:
            read = self.objects.contents(f"{tree}:{name}" for name in rules_files)
            for name in rules_files:
                data = read[f"{tree}:{name}"]
                target = Path(rules, name)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data + b"\n")
            out = self._check_ignore(Path(rules), paths)
        return [p for p in out.split("\0") if p]

    def _check_ignore(self, work_tree: Path, paths: list[str]) -> str:
        env = {"GIT_DIR": str(self.repo.git_dir), "GIT_WORK_TREE": str(work_tree)}
        listed = "\0".join(paths).encode("utf-8", "surrogateescape")
        try:
            return self.repo.git_with_input(
                listed, "check-ignore", "--no-index", "--stdin", "-z", env=env
            )
        except GitFailed:  # exit 1: none of them is ignored
            return ""

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
