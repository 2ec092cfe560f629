"""PrivateIndex: the index of our own that every checkpoint of one working tree is built on.

It is the one owner of that index's state: its file, the journal of entries that
checkpoints built in-process set and that are not written into it yet, and the tree it
holds while this process knows it. Whatever changes one of them (a catch-up, a restore's
entries given to it, a checkpoint of known paths) goes through here, and so does forgetting
what it held.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

from cleveragents.adapters import interrupts
from cleveragents.adapters.folder_walk import remove_tree
from cleveragents.adapters.git import index_file, nested, private_dir, settings
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.errors import GitFailed


class PrivateIndex:
    """The private index of one working tree, its journal, and the tree it holds."""

    def __init__(self, repo: GitRepository) -> None:
        self.repo = repo
        self._env: dict[str, str] | None = None
        self._plain: bool | None = None  # whether `git add` records what the disk says
        self._config: dict[str, str | None] | None = None  # see `settings.py`
        self.objects = ObjectStore(repo, self.settings)
        # Entries of checkpoints built in-process not yet in the private index: written
        # there (`catch_up`) before anything reads it, so that it always stands for the
        # newest checkpoint, as if `git add` had made it.
        self.behind: dict[bytes, tuple[bytes, bytes] | None] = {}
        # The tree the private index holds (its journal caught up), while this process
        # knows it: what an in-step restore compares the target with, in-process. Trusted
        # only while the index file is the one it was then (git rewrites it by a rename).
        self._tree: tuple[str, tuple[int, int, int]] | None = None

    @property
    def index(self) -> Path:
        return self.repo.state_dir / "worktree.index"

    @property
    def journal(self) -> Path:
        """Index entries of in-process checkpoints not yet written into the index."""
        return self.repo.state_dir / "worktree.index.behind"

    def tree_env(self, index: Path | None = None) -> dict[str, str]:
        if index is not None:
            return private_dir.working_tree_env(self.repo, index)
        if self._env is None:
            self.index.parent.mkdir(parents=True, exist_ok=True)
            # Before 0.2 each plan had a private index, seeded from the user's (with their
            # skip-worktree bits, which hid files from us): nothing uses them any more.
            remove_tree(self.repo.state_dir / "index", ignore_errors=True)
            self._env = private_dir.working_tree_env(self.repo, self.index)
            self._track_what_the_user_tracks(self._env)
            self.catch_up()  # what a command killed before catching up left behind
        return self._env

    def _track_what_the_user_tracks(self, env: dict[str, str]) -> None:
        """Files the user tracks although their ignore rules match them (`git add -f`) are
        in checkpoints too: our index starts empty, and `add --all` adds no ignored file.

        Read from the user's index whenever it changed since we last looked (one stat
        otherwise); their blobs and bits are not taken, only the paths.
        """
        user_index = self.repo.git_dir / "index"
        marker = self.repo.state_dir / "tracked-ignored.synced"
        try:
            st = user_index.stat()
        except FileNotFoundError:
            return
        seen = f"{st.st_mtime_ns} {st.st_size} {st.st_ino}"
        if self.index.exists() and marker.is_file() and marker.read_text() == seen:
            return
        tracked = self.repo.git_bytes(
            "ls-files", "-z", "--cached", "--ignored", "--exclude-standard"
        )
        if tracked.strip(b"\0"):
            nested.may_hold_gitlinks(env)  # a submodule the user tracks, ignored
            self.repo.git_fed(
                tracked, "update-index", "--add", "--remove", "-z", "--stdin", env=env
            )
        marker.write_text(seen)

    def holds(self, tree: str | None) -> None:
        """Note the tree the private index holds now (None: not known)."""
        self._tree = None
        if tree is not None:
            with contextlib.suppress(OSError):
                st = self.index.stat()
                self._tree = (tree, (st.st_ino, st.st_mtime_ns, st.st_size))

    def holding(self) -> str | None:
        """The tree the private index holds, when this process knows it."""
        if self._tree is None:
            return None
        tree, seen = self._tree
        try:
            st = self.index.stat()
        except OSError:
            return None
        return tree if (st.st_ino, st.st_mtime_ns, st.st_size) == seen else None

    def catch_up(self, into: Path | None = None) -> None:
        """Write into the private index (or the copy `into`) the entries that checkpoints
        built in-process set, from their journal, as one `update-index --index-info`: it
        stands for the newest checkpoint again, with no file timestamps for those paths:
        the next `add` reads those files again, and a restore's scan lists them (the
        restore leaves each that holds its bytes already). The journal outlives a killed
        command: the next one to use the index catches up first."""
        journal = self.journalled()
        listing = without_cut_end(journal)
        if listing:
            held = self.holding() if into is None else None
            self.give(listing, into)
            if into is None:
                self.holds(held)  # the journal was part of it already
        if into is None:
            if journal:  # with the end of a record cut short, if any
                os.truncate(self.journal, 0)
            self.behind.clear()

    def give(self, listing: bytes, into: Path | None = None) -> None:
        """Give the private index (or the copy `into`) the entries of `listing`, as
        `update-index -z --index-info` takes them: in-process where `index_file.update`
        writes what git would, else through git."""
        env = self.tree_env(into)  # the first time: what the user tracks is added first
        with interrupts.held():  # a lock file of ours is never left behind
            if not index_file.update(into or self.index, listing, self.repo.object_format):
                self.repo.git_fed(listing, "update-index", "-z", "--index-info", env=env)

    def forget_recent(self) -> None:
        """Make the index read again the files whose status changed in the last second or
        so (`index_file.forget_changed_since`): a command may change one again within that
        second, to the same size, its mtime put back, and git would see no change. Where the
        index is not one read here, wait those seconds out instead (a change after them
        has a later ctime). The tree it holds is the same."""
        second = int(time.time()) - 1  # file times may lag the clock by a tick
        held = self.holding()
        with interrupts.held():  # a lock file of ours is never left behind
            done = index_file.forget_changed_since(self.index, second, self.repo.object_format)
        if not done:  # pragma: no cover - git wrote the index otherwise despite our overrides
            time.sleep(max(0.0, second + 2.05 - time.time()))
        self.holds(held)

    def journalled(self) -> bytes:
        """The journal's bytes (b"" where there is none)."""
        try:
            return self.journal.read_bytes()
        except FileNotFoundError:
            return b""

    def note_behind(self, entries: dict[bytes, tuple[bytes, bytes] | None]) -> None:
        """Journal the entries a checkpoint built in-process set, before its ref moves."""
        self.tree_env()  # the first time: a journal a killed command left is caught up first
        zeros = b"0" * 2 * self.objects.digest_size
        records = b"".join(
            b"%s %s\t%s\0" % (entry[0], entry[1].hex().encode(), path)
            if entry is not None
            else b"0 %s\t%s\0" % (zeros, path)
            for path, entry in entries.items()
        )
        with self.journal.open("ab") as journal:
            journal.write(records)
        self.behind.update(entries)

    def records_the_disk(self) -> bool:
        """Whether `git add` records each file's mode and links as the file system has them
        (not so under `core.fileMode=false`, `core.symlinks=false` or `core.ignoreCase`)."""
        if self._plain is None:
            found = self.settings()
            self._plain = (
                settings.flag(found, "core.filemode", True) is True
                and settings.flag(found, "core.symlinks", True) is True
                and settings.flag(found, "core.ignorecase", False) is False
            )
        return self._plain

    def settings(self) -> dict[str, str | None]:
        if self._config is None:
            self._config = settings.read(self.repo, self.tree_env())
        return self._config

    @contextlib.contextmanager
    def given(self, entries: dict[bytes, tuple[bytes, bytes] | None], tree: str) -> Iterator[None]:
        """Journal `entries` and give them to the index, then run the block (which writes
        their files), after which the index holds `tree`. Where the index could not take
        them, the journal is as it was and nothing runs."""
        journalled = self.journal.stat().st_size if self.journal.exists() else 0
        self.note_behind(entries)
        try:
            self.give(without_cut_end(self.journalled()))
        except (GitFailed, OSError):  # the index is as it was: nothing is written
            os.truncate(self.journal, journalled)
            self.behind.clear()
            raise
        yield
        os.truncate(self.journal, 0)
        self.behind.clear()
        self.holds(tree)


def without_cut_end(journal: bytes) -> bytes:
    """The journal's whole records: not the end of one a killed command was appending."""
    return journal[: journal.rfind(b"\0") + 1]
