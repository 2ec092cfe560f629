"""GitCheckpoints: checkpoints as commits in the repository's own object database.

A private index per working tree (never the user's) builds each tree in `private_dir`'s
git directory, every file's bytes as on disk; a ref per plan under `refs/cleveragents/`
keeps every checkpoint reachable. The user's index, HEAD, branches, stash and reflogs are
never touched, and no hook of theirs runs. Before a restore writes or deletes anything,
what it would destroy that no checkpoint tree holds (ignored files in its way, files in
nested repositories, unrecorded modes) is handed to the `keep` the call is given, which
records it for `agents plan undo`; what each checkpoint and restore is, to its `journal`.
The `CheckpointStore` port's face; the work is done in rooms: `private_index` (index,
journal, tree), `snapshots`, `restore_scan`, `restore_obstacles`, `restores`,
`ignored_since`; and `trees` (`tree_queries`), the `CheckpointTrees` port of its own.

What this face holds that changes (its rooms own the rest, each its own), and when stale:

| field                       | set by                   | made stale                        |
| --------------------------- | ------------------------ | --------------------------------- |
| `repo`                      | a test's stand-in        | handed to every room at once      |
| `_guarded`                  | `before_command`         | another `keep`: the guard forgets |
| `claude_dirs.hooks, behind` | `before/after_command`   | read again by each of them        |
| `uncommitted`, `unreadable` | a full scan (`snapshots`) | replaced by the next full scan   |
| `opened`, `put_back_paths`  | a restore (`restores`)   | cleared as the next one begins    |"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path

from cleveragents.adapters.git import filled_folders, ignore_rules, tree_files
from cleveragents.adapters.git.claude_dirs import OWN_HOOKS, ClaudeDirs
from cleveragents.adapters.git.claude_links import ClaudeLinks
from cleveragents.adapters.git.command_guard import CommandGuard
from cleveragents.adapters.git.config_writes import make_inert
from cleveragents.adapters.git.git_dirs import GitDirs
from cleveragents.adapters.git.git_folders import GitFolders
from cleveragents.adapters.git.held_looks import HeldLooks
from cleveragents.adapters.git.ignored_since import Since, changed_at, held, ignored_since
from cleveragents.adapters.git.known_paths import KnownPaths
from cleveragents.adapters.git.own_config import OwnConfig, Settings
from cleveragents.adapters.git.own_git_dir import OwnGitDir, keeping
from cleveragents.adapters.git.private_index import PrivateIndex
from cleveragents.adapters.git.put_back_failures import PutBackFailures
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.restore_obstacles import Obstacles
from cleveragents.adapters.git.restore_scan import RestoreScan
from cleveragents.adapters.git.restores import Restores
from cleveragents.adapters.git.saved_files import FileSaver, inside_nested_repository
from cleveragents.adapters.git.saved_states import SavedStates
from cleveragents.adapters.git.session_look import SessionLook
from cleveragents.adapters.git.snapshots import Snapshots
from cleveragents.adapters.git.stood_before import stood_before
from cleveragents.adapters.git.tree_queries import TreeQueries
from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain.checkpoint import Checkpoint, Journal, Keep, Keeping, SavedFiles
from cleveragents.domain.command_saves import NOT_PUT_BACK, CommandLook, SessionStart
from cleveragents.domain.host_files import HostFolders
from cleveragents.domain.saved_states import State
from cleveragents.errors import ConflictingState, GitFailed


class GitCheckpoints:
    """Create, restore and compare checkpoints of one repository's working tree."""

    def __init__(self, repo: GitRepository, now: Callable[[], datetime]) -> None:
        self._repo = repo
        self.private = PrivateIndex(repo)
        self.objects = self.private.objects
        self.trees = TreeQueries(repo, self.objects)  # the `CheckpointTrees` port
        self.known = KnownPaths(self.objects)
        self.snapshots = Snapshots(repo, self.private, self.known, now)
        # Nested repositories the last `add --all` left out: no commit, or refs git cannot read.
        self.uncommitted = self.snapshots.uncommitted
        self.unreadable = self.snapshots.unreadable
        self.saver = FileSaver(repo, self.snapshots.commit_saved, self.objects)
        self.states = SavedStates(self.saver)
        self.guard = CommandGuard(repo, self.saver, self.snapshots.commit_saved)
        kept = (self.saver, self.snapshots.commit_saved)  # what a put-back removes: kept
        self.git_dirs = GitDirs(repo, self.objects.contents, *kept)
        self.claude_dirs = ClaudeDirs(repo, *kept)
        self.links = ClaudeLinks(repo.root, self.git_dirs._folders)  # the same walk's cache
        self.git_folders = GitFolders(repo, self.git_dirs._folders)
        self.own_config = OwnConfig(repo)  # one, whose hooks path all the looks share
        runs, config = self._claude_runs, self.own_config
        self.held = HeldLooks(repo, self.git_dirs, self.claude_dirs, self.objects, runs, config)
        self.own_git = OwnGitDir(repo, keeping(*kept))
        session_dirs = ClaudeDirs(repo, *kept)
        self.claude_dirs.bare = session_dirs.bare = config.bare_programs  # read when needed
        session_gits = GitDirs(repo, self.objects.contents, *kept)
        self.session = SessionLook(session_dirs, self.git_dirs, runs, config, session_gits)
        self.outside = Keeping(_nowhere, _unjournaled)  # a call given no operation's: refused
        self._guarded: Keep | None = None  # the `keep` the guard's memo of what is kept is for
        self.changed_at, self.settling = partial(changed_at, self), partial(held, self.git_dirs)
        self.scan = RestoreScan(repo, self.private, self.known)
        self.obstacles = Obstacles(repo, self.objects)
        latest = self.snapshots.latest.clear
        self.restores = Restores(repo, self.private, self.saver, self.scan, self.obstacles, latest)
        self.opened = self.restores.opened  # the last restore's: modes given back, said

    @property
    def repo(self) -> GitRepository:
        return self._repo

    @repo.setter
    def repo(self, repo: GitRepository) -> None:
        """The rooms this class delegates to run their git through the same repository."""
        self._repo = repo
        for room in (self.private, self.snapshots, self.trees, self.scan, self.obstacles):
            room.repo = repo
        self.restores.repo = self.held.repo = repo

    @property
    def index(self) -> Path:
        return self.private.index

    def tree_env(self, index: Path | None = None) -> dict[str, str]:
        return self.private.tree_env(index)

    def catch_up_index(self, into: Path | None = None) -> None:
        """Write the journal's entries into the private index (`PrivateIndex.catch_up`)."""
        self.private.catch_up(into)

    def snapshot_tree(self, plan_id: str, scratch: bool = False) -> str:
        """The tree id of the working tree as it is now (`snapshots.Snapshots`)."""
        return self.snapshots.snapshot_tree(plan_id, scratch)

    def create(
        self,
        plan_id: str,
        label: str,
        changed: Sequence[str] | None = None,
        journal: Journal | None = None,
    ) -> Checkpoint:
        """Commit the working tree, reachable from the plan's ref (`changed`: each path the
        agent changed since the plan's last checkpoint, when known); its tree to `journal`."""
        made = self.snapshots.create(plan_id, label, changed)
        (journal or self.outside.journal)(made.tree)
        return made

    def at_tree(self, plan_id: str, tree: str, label: str) -> Checkpoint:
        """A checkpoint of a tree made for a restore (not a snapshot of the working tree)."""
        return self.snapshots.at_tree(plan_id, tree, label)

    def save_before_action(
        self, plan_id: str, path: str, keep: Keep | None = None
    ) -> SavedFiles | None:
        """What an agent's write, edit or delete of `path` replaces that no checkpoint holds:
        the bytes of an ignored file or one inside a nested repository (or its absence), or
        the permission bits of a file git would not write so. None when there is nothing."""
        full, root = self.repo.root / path, self.repo.root.resolve()
        try:
            if not Path(os.path.realpath(full.parent)).is_relative_to(root):
                return None  # through a link out of the tree: the environment refuses it
            real = Path(os.path.realpath(full))
            if real != root and real.is_relative_to(root):  # a link on the way, in the tree:
                path = real.relative_to(root).as_posix()  # the write replaces what it leads to
            ignores, nested = self.snapshots.user_ignores.ignores, inside_nested_repository
            hidden = nested(self.repo.root, path) or self._ignored(path) or ignores(path, plan_id)
            mode = None if hidden else self.obstacles.mode(path)
            empty, folders = filled_folders.on_the_way(self.repo.root, path)
        except OSError:
            return None  # a path the file system refuses: so will it refuse the action
        if hidden:
            self.snapshots.hidden.add(path)
            try:
                saved = self.saver.save(plan_id, [path], f"before an action on {path}")
            except OSError as error:
                raise ConflictingState(
                    f"cannot save {path} before the agent's action replaces it: {error.strerror}",
                    hint="make it readable (or move it away), then `agents plan resume`",
                ) from error
        elif mode is None and not empty:
            return None
        else:  # an unusual mode, or an empty folder it fills (`filled_folders.py`)
            modes = {} if mode is None else {path: mode}
            saved = SavedFiles(plan_id=plan_id, modes=modes, at=time.time_ns())
        saved = saved.model_copy(update={"empty": empty, "folders": folders})
        (keep or self.outside.keep)(saved)
        return saved

    def file_bytes(self, path: str) -> bytes | None:
        """The bytes of the regular file at `path` now (`tree_files.regular_bytes`)."""
        return tree_files.regular_bytes(self.repo.root, path)

    def before_command(
        self, plan_id: str, tree: str | None, keep: Keep | None = None
    ) -> CommandLook:
        """Save what a command may destroy that no checkpoint holds (`command_guard.py`):
        ignored files within the bound, and the permission bits of the files of `tree`;
        what the operation's record lacks of them goes into it through `keep` now."""
        if (keep := keep or self.outside.keep) is not self._guarded:
            self.guard.forget()  # another operation's record: nothing is kept in it yet
            self._guarded = keep
        paths = self.trees.tree_paths(tree) if tree else ()
        with self.git_dirs.opened() as opened:  # an unlistable folder: for the looks
            entries = self.git_dirs.look({})  # first: its walk opens them for the guard's too
            look = self.guard.look(plan_id, self.private.tree_env(), paths, self.uncommitted)
            look.tree, look.git_entries = tree, entries
            look.own_git, look.own_config = self.own_git.look(), self.own_config.look()
            self.claude_dirs.hooks = self.own_config.hooks_folder(look.own_config, reuse=True)
            self.claude_dirs.behind = self.own_config.behind
            runs = [*self._claude_runs(), *self.claude_dirs.hooks]
            look.claude_entries = self.claude_dirs.look(runs)
            look.unlisted = opened.folders()  # the user's: given their modes back after it too
            noted = {p: m for p, (_, m) in look.unlisted.items() if p in look.folders}
            look.folders.update(noted)  # as the user left them, not as the walk opened them
        if (unkept := self.guard.unkept(look)) is not None:
            keep(unkept)
        return look

    def after_command(self, look: CommandLook, keep: Keep | None = None) -> SavedFiles | None:
        """What the command changed of what `look` saw, as it was, recorded through `keep`;
        first, what it did to any `.git` and to what Claude Code runs is put back (named)."""
        plan, holds = look.plan_id, look.holds
        fails = PutBackFailures(self.repo.root, self.saver, self.snapshots.commit_saved)
        each = partial(fails.each, plan_id=plan, at=look.at, holds=holds)  # each on its own
        with self.git_dirs.opened(look.unlisted) as opened:  # for the put-backs only
            # First where git finds config and hooks: the put-backs below write through no link.
            look.put_back = each(".git", lambda: self.own_git.put_back(look.own_git, holds, plan))
            gits = partial(self.git_dirs.put_back, look.git_entries, look.ignored, holds, plan)
            look.put_back += each("the nested .git folders", gits, self.git_dirs.running)
            # Then a FIFO where git opens a file (`git_waits.py`), before a git that reads it.
            look.put_back += fails.fifos(look.at)
            self.claude_dirs.hooks = self.own_config.hooks_folder(look.own_config)
            runs = [*self._claude_runs(), *self.claude_dirs.hooks]
            stood = partial(stood_before, self.claude_dirs.saver, look.tree, look.ignored)
            claude = partial(self.claude_dirs.put_back, plan, look.claude_entries, runs, look.at)
            places, where = [*look.claude_entries, *runs], ".claude folders, folders on PATH"
            look.put_back += each(where, partial(claude, stood, holds), lambda: places)
            put, failed = look.put_back, len(fails.failed)
            config = partial(self.own_config.put_back, look.own_config, put, holds)
            inert = partial(make_inert, self.own_config, look.own_config, holds)
            own = each("git config", config, inert=inert)
            look.put_back = own if len(fails.failed) == failed else put + own
            look.failed = [line for line in look.put_back if line.startswith(NOT_PUT_BACK)]
            saved = self.guard.changed(look, self.private.tree_env(), opened.folders())
            if saved is not None:
                (keep or self.outside.keep)(saved)
        look.put_back += opened.said  # a folder the command made unlistable, left u+rwx
        self.own_git.refuse_left(look.own_git, look.holds)
        return saved

    def session_start(self, plan_id: str, tree: str | None = None) -> SessionStart:
        """What Claude Code runs, before a session's first call from `tree` (`session_look`)."""
        return self.session.take(plan_id, tree)

    def session_end(self, start: SessionStart) -> list[str]:
        """What differs from `start` in what Claude Code runs, put back; named."""
        return self.session.put_back(start)

    def _claude_runs(self) -> list[str]:
        """Every `.claude` and `.mcp.json` the last walk found, and the own `.git/hooks`,
        which it leaves out: the sandbox binds it read-only, Claude Code's Bash runs free."""
        hooks = self.repo.root / OWN_HOOKS
        own = [OWN_HOOKS] if hooks.is_dir() and not hooks.is_symlink() else []
        return [*self.git_dirs.claude_folders, *own]

    def hold_look(self, call: str, look: CommandLook) -> str:
        """Keep `look` on disk for the process that puts back after `call` (`held_looks.py`);
        the id of its bytes, to be recorded where the command cannot change it unseen."""
        return self.held.hold(call, look)

    def held_looks(
        self, plan_id: str, expected: dict[str, str]
    ) -> tuple[dict[str, CommandLook], list[str]]:
        """The plan's looks kept and not put back yet whose bytes have the id `expected`
        gives for their call; and the calls whose look is lost."""
        return self.held.held(plan_id, expected)

    def after_lost_look(
        self, plan_id: str, at: int, own_config: Settings, until: int | None = None
    ) -> list[str]:
        """Put back after a command whose look is lost (`HeldLooks.lost`); one line each."""
        return self.held.lost(plan_id, at, own_config, until)

    def drop_look(self, plan_id: str, call: str) -> None:
        self.held.drop(plan_id, call)

    def drop_plan_looks(self, plan_id: str) -> int:
        return self.held.drop_plan(plan_id)

    def drop_stale_looks(self, live: Collection[str], written_before: int, dry_run: bool) -> int:
        return self.held.drop_stale(live, written_before, dry_run)

    def drop_start_rules(self, live: Collection[str], dry_run: bool) -> int:
        return self.snapshots.user_ignores.start.drop_unlisted(live, dry_run)

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
        keeping: Keeping | None = None,
    ) -> list[str]:
        """The working tree made the checkpoint's tree, then `put_back`'s files back but at
        `spare`'s paths (`restores.Restores.restore`); its tree to `keeping`'s journal first;
        what no tree holds that it destroys, and the nested repositories made since (whole),
        to its `keep` before."""
        keep, journal, _ = keeping or self.outside
        journal(checkpoint.tree)
        return self.restores.restore(checkpoint, keep, put_back, in_step, spare)

    def disarm(self, plan_id: str, paths: list[str]) -> list[str]:
        """Each file of `paths` kept in a commit and removed, or left with no permission bits."""
        fails = PutBackFailures(self.repo.root, self.saver, self.snapshots.commit_saved)
        return fails.disarm(plan_id, paths, 0)

    @property
    def put_back_paths(self) -> list[str]:
        """What the last restore's put-back changed: files, modes and folders no tree holds."""
        return self.restores.put_back_paths

    def saved_states(self, paths: Iterable[str]) -> dict[str, State]:
        """The state of each of `paths` (saved ones) in the working tree now."""
        return self.states.now(paths)

    def file_modes(self, paths: Iterable[str]) -> dict[str, int]:
        """The permission bits of each of `paths` that is a regular file now."""
        return self.states.modes(paths)

    def found_states(self, records: Sequence[SavedFiles]) -> dict[str, State]:
        """Each path of saved `records` as the oldest of them saved it."""
        return self.states.found(records)

    def clear_stale_locks(self, plan_id: str) -> None:
        """Remove lock files our killed commands left (we hold the tree's lock), or name one."""
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

    def withheld(self) -> list[str]:
        """Files kept out by ignore rules of the user's no longer on disk (`user_ignores.py`)."""
        return self.snapshots.user_ignores.to_name()

    def ignored_since(self, since: int, until: int | None) -> Since:
        return ignored_since(self.repo, self.private.tree_env(), self.git_dirs, since, until)

    def ignored_here(self, paths: list[str]) -> set[str]:
        """Which of `paths` the working tree's own ignore rules exclude now."""
        return self.obstacles.ignored_here(paths)

    def claude_links(self) -> dict[str, str]:
        """The tree's `.claude` and `.mcp.json` links into it, and where (`claude_links.py`)."""
        return self.links.now()

    def git_folder(self, places: Sequence[str]) -> str | None:
        """Why a path of `places` is in a git directory not named `.git` (`git_folders.py`)."""
        return self.git_folders.why(places)

    def host_folders(self) -> HostFolders:
        """The tree's folders whose files run on the host later (`domain/host_files.py`)."""
        return host_folders(self.repo, self.own_config)

    def tracked_here(self) -> frozenset[str]:
        """Every path of the tree of the user's HEAD (none before its first commit)."""
        code, out, _ = self.repo.git_outcome("rev-parse", "--verify", "-q", "HEAD^{tree}")
        return self.trees.tree_paths(out.decode().strip()) if code == 0 else frozenset()


def _nowhere(saved: SavedFiles) -> None:
    raise AssertionError("a restore ran outside an operation: nothing would record what it saved")


def _unjournaled(entry: str) -> None:
    """Outside a correction: no journal records what is about to be written."""
