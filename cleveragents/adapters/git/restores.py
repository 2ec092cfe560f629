"""Restores: make the working tree equal to a checkpoint's tree, saving first what that
would destroy that no tree holds, then put saved files back."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Collection, Mapping, Sequence

from cleveragents.adapters.git import checkout, folder_modes, nested
from cleveragents.adapters.git.folder_listing import WRITE, Opened, opened_around
from cleveragents.adapters.git.modes import GITLINK
from cleveragents.adapters.git.private_index import PrivateIndex
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.restore_obstacles import Obstacles
from cleveragents.adapters.git.restore_scan import Difference, RestoreScan
from cleveragents.adapters.git.saved_files import FileSaver, remove, unusual_mode
from cleveragents.domain.checkpoint import Checkpoint, SavedFiles, oldest_last
from cleveragents.domain.plan_refs import holds_saved_files
from cleveragents.domain.record_paths import TOP_FOLDER
from cleveragents.domain.restore_scope import within


class Restores:
    """Restores of one working tree to its checkpoints."""

    def __init__(
        self,
        repo: GitRepository,
        private: PrivateIndex,
        saver: FileSaver,
        scan: RestoreScan,
        obstacles: Obstacles,
        forget: Callable[[], None],
    ) -> None:
        self.repo = repo
        self.private = private
        self.objects = private.objects
        self.saver = saver
        self.scan = scan
        self.obstacles = obstacles
        self._forget = forget  # the plans' newest checkpoints: the index follows the restore
        # What the last restore's put-back changed: files, modes and folders no tree holds.
        self.put_back_paths: list[str] = []
        self.opened: list[str] = []  # the last restore's: what was given its owner's rights
        self._ways = Opened(repo.root)  # the last restore's folders on the way, opened

    def restore(
        self,
        checkpoint: Checkpoint,
        keep: Callable[[SavedFiles], None],
        put_back: Sequence[SavedFiles] = (),
        in_step: bool = False,
        spare: Collection[str] = (),
    ) -> list[str]:
        """`_restore`, each folder on the way to what it looks at, writes or removes that its
        user may not enter or write to (`000`, `500`: what it holds is in checkpoints) given
        `u+rwx` for it, journaled, and its exact mode back after (`Opened.ways`)."""
        self._ways = Opened(self.repo.root, self.repo.state_dir / "opened")
        try:
            return self._restore(checkpoint, keep, put_back, in_step, spare)
        finally:
            self._ways.set_back()

    def _restore(
        self,
        checkpoint: Checkpoint,
        keep: Callable[[SavedFiles], None],
        put_back: Sequence[SavedFiles] = (),
        in_step: bool = False,
        spare: Collection[str] = (),
    ) -> list[str]:
        """Make the working tree equal to the checkpoint's tree, then put `put_back`'s files
        back (newest first, so the oldest state wins), but those at `spare`'s paths;
        ignored files stay as they are.

        A scan first finds the paths where the working tree differs from the checkpoint
        (`RestoreScan.scanned`), which are the ones to write: files created since go, deleted ones
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
        self.opened.clear()
        self.private.catch_up()
        self._forget()  # the index follows the restore, not the plans' checkpoints
        held = self.private.holding()  # read before the restore forgets it
        self.private.holds(None)  # until the restore is done
        added = in_step  # whether the private index stands for the working tree
        changes = None if in_step else self.scan.scanned(checkpoint.tree, env, held)
        # The index holds the target already (`diff-files` listed what differs from it):
        # every entry the restore would give it is the one it has (see `_write`).
        holds_target = changes is not None and held == checkpoint.tree
        if changes is None:
            if not added:
                nested.add_all(self.repo, env, verbose=False)
                added = True
                held = None  # `add` changed the index
            changes = self.scan.compared(checkpoint.tree, held, env)
        named = [[*s.paths, *s.folders, *s.empty, *s.made] for s in put_back]
        self._ways.ways([*changes, *(path for paths in named for path in paths)])
        in_way = self.obstacles.in_the_way(changes)
        # Nested repositories made since the checkpoint go whole into the safety record
        # (their `.git` too: undo brings them back), not left in the tree with their config
        created = [p for p, c in changes.items() if c.status == "A" and c.index_mode == GITLINK]
        created = [p for p in created if self.obstacles.is_folder(p)]
        # What stands at each path the restore rewrites or deletes, looked at once: for the
        # permission bits git does not record (kept in the safety record, where undo puts
        # them back, and kept by a rewritten file), and for `checkout` (see `_write`).
        stats = {
            path: self.obstacles.lstat(path)
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
        # And the folders it makes or removes: the undo of this restore knows how it left them.
        going = {p for p, c in changes.items() if c.status == "A"}

        # Those of them holding nothing but files the restore removes, at any depth.
        candidates = {p for s in put_back for p in [*s.made, *s.empty] if p not in spare}
        emptied = folder_modes.all_emptied(self.repo.root, candidates, going.__contains__)

        # Folders a command made, which the put-back removes where they stand empty: the
        # safety record makes them again (with their modes), for the undo of this restore.
        # One holding more (a nested repository made there) stays, unsaved: saving it whole
        # would refuse ("would remove the nested repository"), and nothing of it is removed.
        made_paths = {p for s in put_back for p in s.made if p in emptied}
        made = folder_modes.now(self.repo.root, made_paths)
        empty = {p for s in put_back for p in s.empty if p not in spare}
        touched += [
            p
            for p in sorted(empty)
            if not os.path.lexists(os.path.join(self.repo.root, p)) or p in emptied
        ]
        touched += sorted(made_paths)
        folders = folder_modes.now(self.repo.root, {p for s in put_back for p in s.folders})
        # The modes of folders it removes (a file in their place), and those it fills (a
        # file put back in an empty folder): its undo gives them back, or makes them again.
        folders |= self._removed_folders(checkpoint.tree, going, created)
        made |= {p: m for p, m in self._filled(changes).items() if p not in spare}
        if touched or modes or folders or made:
            with opened_around(self.repo.root, touched) as opened:  # a folder a command made 555
                saved = self.saver.save(checkpoint.plan_id, touched, "before a restore", created)
            self.opened += opened
            changes_kept = {
                "modes": {**modes, **saved.modes},
                "folders": {**made, **folders},
                "empty": sorted(made),
                # the folders it makes for empty ones: its undo removes them again
                "made": folder_modes.to_make(self.repo.root, empty),
            }
            keep(saved.model_copy(update=changes_kept))
        for path in [*in_way, *created]:
            remove(self.repo.root / path)
        if in_way:  # a folder in the way held some of them
            stats = {p: st for p, st in stats.items() if not within(p, in_way)}
        spared = self.obstacles.spare_ignored(checkpoint.tree, changes, saved_paths=touched)
        self._ways.ways(changes, WRITE)  # a folder it writes to that its user may not (`500`)
        if not self._write(changes, spared, checkpoint.tree, added, stats, holds_target):
            if not added:
                nested.add_all(self.repo, env, verbose=False)
            elif in_step:  # read its files' timestamps again where a checkpoint dropped
                # them (`PrivateIndex.forget_recent`): else `read-tree` takes them for changed
                self.repo.git_outcome("update-index", "-q", "--refresh", env=env)
            if spared:
                self.obstacles.untrack(spared, env)
            read = nested.read_tree(self.repo, env, checkpoint.tree, self.objects)
            self.private.holds(checkpoint.tree if read == checkpoint.tree else None)
        for path, mode in rewritten.items():
            full = self.repo.root / path
            if full.is_file() and not full.is_symlink():
                git_mode = stat.S_IMODE(full.lstat().st_mode)
                wanted = (mode & 0o666) | (git_mode & 0o111)  # never a setuid bit
                if wanted != git_mode:  # not for a file left as it was (maybe not ours)
                    os.chmod(full, wanted)
        self.put_back_paths = []

        def in_tree(path: str) -> bool:  # whether the checkpoint holds `path` or under it
            return bool(self.saver.listing(checkpoint.tree, [path]))

        records = oldest_last(self._made_here(put_back))
        # Each path is put back by the oldest record holding it (its state wins) and by no
        # newer one: written first, a newer state's cleared way removed what the checkpoint
        # holds there (its file where the newer one's folder was), which no record brings back.
        oldest = {path: index for index, saved in enumerate(records) for path in saved.paths}
        perms: dict[str, int] = {}  # the folders' modes the records give, the oldest's last
        failed: list[Exception] = []  # one record's failure stops no other: raised at the end
        for index, saved in enumerate(records):
            newer = {path for path in saved.paths if oldest[path] != index}
            by: list[str] = []
            try:
                with opened_around(
                    self.repo.root, [p for p in saved.paths if p not in spare]
                ) as by:
                    self.put_back_paths += self.saver.put_back(saved, {*spare, *newer}, in_tree)
            except Exception as error:  # what put back every record, the ones after it too
                failed.append(error)
            self.opened[:] = dict.fromkeys([*self.opened, *by])  # said once
            to_make = [p for p in saved.empty if p not in spare]
            self.put_back_paths += folder_modes.make(self.repo.root, to_make, saved.folders)
            gone = [p for p in saved.made if p in made_paths]
            self.put_back_paths += folder_modes.remove_made(self.repo.root, gone)
            perms.update({p: m for p, m in saved.folders.items() if p not in spare})
        # Given once all is written, the oldest record's last: a `000` one given first shut
        # the way to what the next record writes or gives a mode below it (top29).
        ways = self._ways.folders()  # opened for this restore: changed only if not so before
        given = folder_modes.put_back(self.repo.root, perms)
        self.put_back_paths += [p for p in given if p not in ways or ways[p][1] != perms[p]]
        self.put_back_paths = sorted(set(self.put_back_paths))
        self.private.forget_recent()  # what `read-tree` wrote, or read again, just now
        if failed:
            raise failed[0]
        return created

    def _removed_folders(self, tree: str, going: set[str], created: list[str]) -> dict[str, int]:
        """The folders holding files the restore to `tree` removes (`going`), of a mode git
        would not give them, that `tree` holds nothing in: the restore removes them."""
        found = folder_modes.unusual(folder_modes.folder_modes(self.repo.root, going))
        found.pop(TOP_FOLDER, None)
        return {
            path: perm
            for path, perm in found.items()
            if not within(path, created)
            and not any(p.startswith(f"{path}/") for p, _, _ in self.saver.listing(tree, [path]))
        }

    def _filled(self, changes: Mapping[str, Difference]) -> dict[str, int]:
        """The empty folders the restore writes files into (its undo empties them, and git
        then removes them), with their modes."""
        return folder_modes.filled(
            self.repo.root, [p for p, c in changes.items() if c.status == "D"]
        )

    def _made_here(self, put_back: Sequence[SavedFiles]) -> list[SavedFiles]:
        """Those of `put_back` saved in this clone: a pulled plan's records name files
        saved in the clone it ran in, which stay there (never sent); not this tree's. A
        commit sent among the checkpoints is not one, whatever records name it (a pull
        refuses a chain holding saved-files commits)."""
        named = [s.commit for s in put_back if s.commit is not None]
        found = self.saver.objects.read(named) if named else {}
        here = {n for n, got in found.items() if got and holds_saved_files(got[1])}
        return [s for s in put_back if s.commit is None or s.commit in here]

    def _write(
        self,
        changes: dict[str, Difference],
        spared: list[str],
        tree: str,
        verify: bool,
        stats: Mapping[str, os.stat_result | None],
        holds_target: bool = False,
    ) -> bool:
        """Write the restore's files in-process (`checkout.write`), and the private index's
        entries for them: the checkpoint's own (`PrivateIndex.given`, before the files are
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

        `holds_target`: the index holds `tree` already, so it is not written at all (at
        10,000 files that write was a git process, 8 of a 50 ms restore). Its entries for
        the files written keep the timestamps of the bytes they name, which are the bytes
        written: a file whose timestamps differ is read again by the next `add` and listed
        by the next scan, as with no timestamps; one written within its entry's second is
        racily clean to git (the index is as new), so git reads it. A command killed
        halfway leaves the index holding `tree`, the files it wrote listed by the next scan.
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
        if holds_target and not spared:
            checkout.write(self.repo.root, wanted, blobs, stats)
            self.private.holds(tree)
            return True
        with self.private.given(entries, tree):
            checkout.write(self.repo.root, wanted, blobs, stats)
        return True
