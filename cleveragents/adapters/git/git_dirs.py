"""GitDirs: no `.git` a command makes, changes or moves stays in the working tree.

The user's own `git status` looks into every nested repository, submodule and linked
worktree of the tree, with its config: a `.git` a model's command planted there (a `gitdir:`
file naming a git directory of its own, a folder whose config names `core.fsmonitor`, a
hook, a filter) would run code on the host the next time the user looks, outside any
sandbox. The sandbox binds a registered submodule's `.git` read-only, but a command can
rename the folder above it, or write one where a submodule is not checked out.

So every `.git` entry of the tree (at any depth, any case of the name: `.GIT` is the same
one on a case-insensitive disk) is looked at just before a command and again just after it:
  * one moved elsewhere (the same inode at another path) is moved back;
  * one changed in place (a file's bytes; a folder's `config`, `HEAD`, `commondir`,
    `gitdir`, `info/attributes`, `hooks/`, and the same in each `modules/*` and
    `worktrees/*`) gets those files back; one replaced by another is removed and, when the
    command look saved it (`command_guard.py`), written back from that save;
  * a new `.git` file or link is removed (its git directory is elsewhere, where nothing
    vouches for it); a new `.git` folder is kept only when it runs nothing: its config holds
    only the keys `git init`, `clone` and `commit` write (`SAFE`), it has no hook, and it
    names no other git directory. A deleted one is left deleted (undo brings it back), and
    so is a file a command deleted inside one.
A folder of any other name that git takes for a git directory (`git_directory.py`: a valid
`HEAD`, `objects/` and `refs/`; git looks for one in every folder it passes, before `.git`)
is one more entry, found among the folders holding a `HEAD` that the same walk lists: put
back when changed in place, never moved back (it holds the user's files), and when new (or
replaced) only what of it runs something is removed.
What a put-back needs of a file's bytes comes from the command look's save when it holds
them, and is read (and kept while the file is unchanged) otherwise: a few small files each.

What the sandbox held read-only the whole command (`domain/box_holds.py`) stays as it is.
Nothing a put-back removes or writes over is lost: its bytes go first into one commit the
outcome names (`kept_drops.py`), since where no box held a `.git` the user's own change
there meanwhile (a hook) is not told from the command's.
Cost: one walk of the tree's folders before and after the command (an `lstat` of each, its
names read again only where it changed since), an `lstat` of a few files per `.git`, and
per folder holding a `HEAD` a read of its first bytes and two `access` (`command_step.py`).
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.folder_listing import Opened, listing_of, matcher, unopened
from cleveragents.adapters.git.folder_making import make_folders
from cleveragents.adapters.git.git_dir_runs import disarm, runs, runs_something
from cleveragents.adapters.git.git_directory import files_of, is_git_directory, seen_of, watched
from cleveragents.adapters.git.kept_drops import KeptDrops
from cleveragents.adapters.git.pattern_links import standing
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_files import (
    FileSaver,
    inside_nested_repository,
    link_on_the_way,
)
from cleveragents.domain.box_holds import Held, git_dir_lines
from cleveragents.domain.command_saves import GitEntry as Entry
from cleveragents.domain.command_saves import IgnoredFile, Seen, shown_path
from cleveragents.domain.rules import claude_reads, claude_setting

MOST_KEPT_BYTES = 1 << 20  # a watched file larger than this is not kept to be put back
RECENT = 2_000_000_000  # ns: a folder whose ctime is this close to a look is read again
# (mark, sub-folders, `.git`s, `.claude`s, itself when it holds a `HEAD`, `.envrc`s) of a folder
Listing = tuple[tuple[int, int, int], list[str], list[str], list[str], list[str], list[str]]
IMPLICIT = "implicit"  # the kind of a git directory not named `.git` (`git_directory.py`)
Unlisted = dict[str, tuple[int, int]]  # folders a walk opened: inode, mode, by path


class GitDirs:
    """Looks at every `.git` of the tree before a command and puts back what it did to them."""

    def __init__(
        self,
        repo: GitRepository,
        read: Callable[[list[str]], dict[str, bytes]],
        saver: FileSaver | None = None,
        commit: Callable[[str, str, str], str] | None = None,
    ) -> None:
        self.repo = repo
        self._drops = KeptDrops(repo.root, saver, commit)  # what goes: its bytes kept first
        self._read_objects = read  # blob contents by name, from the object database
        self._bytes: dict[str, tuple[Seen, bytes]] = {}  # watched files read, by path
        self._folders: dict[str, Listing] = {}  # each folder's listing, while unchanged
        self.claude_folders: list[str] = []  # every `.claude` the last walk found
        self.heads: list[str] = []  # every folder holding a `HEAD` the last walk found
        self._names: tuple[str, ...] = ()  # the names read from a program's folder, walked
        self._opened: Opened | None = None  # the walks' opening, for the time of `opened`

    @contextmanager
    def opened(
        self, before: Unlisted | None = None, into: Unlisted | None = None
    ) -> Iterator[Opened]:
        """For the time of the block, each folder of the tree its owner cannot list or enter
        a walk meets (the top first) given `u+rwx` (`folder_listing.Opened`, noted in the
        state folder first), and after, even when the block raises, its exact mode back;
        `into` gets them. Given those the look `before` a command opened, those only."""
        outer = self._opened  # within a block: what that one opened stays so till it ends
        if outer is not None and outer.held:  # a settling's (`ignored_since.held`): the one
            yield outer
            return
        self._opened = opened = Opened(self.repo.root, self.repo.state_dir / "opened")
        try:
            yield opened
        except PermissionError as error:  # one left: one line, never a traceback
            raise unopened(error) from error
        finally:
            self._opened = outer
            (into if into is not None else {}).update(opened.folders())
            opened.set_back(before)

    def look(self, saved: Mapping[str, IgnoredFile]) -> dict[str, Entry]:
        """Every `.git` of the tree now; the bytes of its watched files kept, unless the
        command look's `saved` holds them as they are."""
        entries = self._entries()
        for path, entry in entries.items():
            for name, seen in entry.files.items():
                full = f"{path}/{name}" if name else path
                held = saved.get(full)
                if (held is None or held.seen != seen) and self._kept(full) != seen:
                    self._keep(full, seen)
        return entries

    def put_back(
        self,
        before: dict[str, Entry],
        saved: Mapping[str, IgnoredFile],
        holds: Held = None,
        plan_id: str | None = None,
    ) -> list[str]:
        """Undo what the command did to the `.git` entries of `before`, and remove the
        new ones that would run something (not where the sandbox `holds`); one line each,
        and one naming the commit of the plan `plan_id` that keeps what went (`kept_drops`)."""
        now = self._entries()
        # A folder git takes for a git directory is not moved back: it holds the user's files.
        at = {(e.kind, e.inode): path for path, e in before.items() if e.kind != IMPLICIT}
        moves = {
            path: origin
            for path, entry in now.items()
            if (origin := at.get((entry.kind, entry.inode))) is not None and origin != path
        }
        said: list[str] = []
        origins = set(moves.values())
        for path, entry in now.items():
            old = before.get(path)
            if path in moves or (old is None and holds is not None and holds.holds(path)):
                continue  # moved back below; or made on the host, where the command could not
            if path in origins:  # what stands there now gives way to the one moved back
                self._drops.drop(path)
                continue
            if old is not None and (old.kind, old.inode) == (entry.kind, entry.inode):
                if done := self._rewrite(path, old, entry, saved, holds):  # none: the same
                    said += git_dir_lines(path, done, holds)
                continue
            if entry.kind == IMPLICIT:  # a folder the command made a git directory
                said += disarm(self.repo, path, entry, self._drops.drop)
                continue
            why = "replaced by the command" if old else runs_something(self.repo, path, entry)
            if why is None:
                continue  # a repository the command made that runs nothing: kept
            self._drops.drop(path)
            if old is None:
                said.append(f"removed {shown_path(path)}: new, {why}")
            else:
                back = self._write_saved(path, old, saved)
                said.append(f"{'put back' if back else 'removed'} {shown_path(path)}: {why}")
        for path, origin in moves.items():
            target = self.repo.root / origin
            self._clear_way(origin)
            make_folders(target.parent)
            os.rename(self.repo.root / path, target)
            self._mend(origin, before[origin], saved)
            said.append(f"put back {shown_path(origin)}: moved to {shown_path(path)}")
        return [*said, *self._drops.commit(plan_id)]

    def _clear_way(self, path: str) -> None:
        """What stands where a folder on the way to `path` must be (a file, a link) goes,
        kept: what is written or removed at `path` next never goes through a link."""
        blocker = link_on_the_way(self.repo.root, path)
        if blocker is not None:
            self._drops.drop(blocker)

    def _mend(self, path: str, old: Entry, saved: Mapping[str, IgnoredFile]) -> None:
        """A `.git` moved back: what the command changed in it meanwhile goes back too (a
        file by its bytes: the move itself changed its ctime)."""
        entry = self._entry(path)
        if entry is None or entry.kind != old.kind:  # pragma: no cover - it was just moved
            return
        if old.kind == "folder":
            self._rewrite(path, old, entry, saved, None)
            return
        data = self._bytes_of(path, old.files[""], saved)
        full = self.repo.root / path
        now = os.fsencode(os.readlink(full)) if old.kind == "link" else full.read_bytes()
        if data is not None and data != now:
            self._drops.drop(path)
            self._write(path, old.files[""], data)

    def running(self, walked: list[str] | None = None) -> dict[str, Seen]:
        """What of each `.git` of the tree now (and each folder git takes for one) would run
        something when the user's git looks at it (`git_dir_runs.runs`: a hook, a config
        naming a command, a `commondir`; a `.git` file or link itself), with its status,
        and what Claude Code runs of each `.claude` and `.mcp.json` inside a nested
        repository (no checkpoint holds them): what a killed run's settling judges.
        `walked`: what the last `walk` found, when nothing was made or moved since."""
        found: dict[str, Seen] = {}
        for path, entry in self._entries(walked).items():
            for name, seen in entry.files.items():
                if not name or runs(self.repo, path, name) is not None:
                    found[f"{path}/{name}" if name else path] = seen
        for place in self.claude_folders:
            if inside_nested_repository(self.repo.root, place):
                files = files_of(self.repo.root, place)
                # itself when not a folder: a `.claude` link Claude Code follows
                found.update(
                    {p: seen for p, seen in files.items() if p == place or claude_setting(p)}
                )
        return found

    def walk(self) -> list[str]:
        """Every `.git` of the tree now (and every `.claude`, in `claude_folders`, with each
        file a program of the home reads from the folder it starts in: `home_cwd.py`;
        every folder holding a `HEAD`, in `heads`); a folder its owner cannot list opened
        for the time of `opened`, or of the walk outside one."""
        from cleveragents.adapters.home_cwd import cwd_reads

        if (opened := self._opened) is None:
            with self.opened():
                return self.walk()

        reads = cwd_reads(self.repo.root)
        names = tuple(sorted({reach.path.rpartition("/")[2] for reach in reads}))
        if names != self._names:  # the listings kept hold the names of the last walk
            self._folders, self._names = {}, names
        self.claude_folders, self.heads = [], []
        walked = found(
            self.repo.root, self._folders, self.claude_folders, self.heads, None, names, opened
        )
        self.claude_folders = [
            p
            for p in self.claude_folders
            if claude_reads(p.rpartition("/")[2]) or any(r.covers(p) for r in reads)
        ]
        # And a link standing where a folder of one would (`deep/sub/bin -> ../../payload`
        # of `**/bin/proxy.sh`): it leads the place elsewhere (attack 23, F7).
        self.claude_folders += standing(self.repo.root, reads)
        return walked

    def _entries(self, walked: list[str] | None = None) -> dict[str, Entry]:
        found_now = self.walk() if walked is None else walked
        entries = {path: entry for path in found_now if (entry := self._entry(path)) is not None}
        # (The repository's own git directory is never among them: agents runs no git
        # where it lies in the tree, `tree_includes._refuse_git_dir_inside`.)
        for folder in self.heads:  # git takes it for a git directory whatever its name
            full = self.repo.root / folder
            if is_git_directory(str(full)) and (st := lstat(str(full))) is not None:
                entries[folder] = Entry(IMPLICIT, st.st_ino, watched(full))
        return entries

    def _entry(self, path: str) -> Entry | None:
        st = lstat(f"{self.repo.root}/{path}")
        if st is None:
            return None  # pragma: no cover - removed between the walk and the lstat
        if stat.S_ISDIR(st.st_mode):  # one its owner cannot enter (`chmod 444`): made so
            st = st if self._opened is None else self._opened.look(path, st)
            return Entry("folder", st.st_ino, watched(self.repo.root / path, self._opened))
        return Entry("link" if stat.S_ISLNK(st.st_mode) else "file", st.st_ino, {"": seen_of(st)})

    def _kept(self, path: str) -> Seen | None:
        kept = self._bytes.get(path)
        return None if kept is None else kept[0]

    def _keep(self, path: str, seen: Seen) -> None:
        full = self.repo.root / path
        try:
            if stat.S_ISLNK(seen[0]):
                data = os.fsencode(os.readlink(full))
            elif stat.S_ISREG(seen[0]) and seen[1] <= MOST_KEPT_BYTES:
                data = full.read_bytes()
            else:
                return  # a folder (`hooks/x/`), a FIFO: no bytes git reads as a hook
        except OSError:  # pragma: no cover - removed since its lstat
            return
        self._bytes[path] = (seen, data)

    def _bytes_of(self, path: str, seen: Seen, saved: Mapping[str, IgnoredFile]) -> bytes | None:
        held = saved.get(path)
        if held is not None and held.seen == seen:
            return self._read_objects([held.blob])[held.blob]
        kept = self._bytes.get(path)
        return kept[1] if kept is not None and kept[0] == seen else None

    def _rewrite(
        self, path: str, old: Entry, new: Entry, saved: Mapping[str, IgnoredFile], holds: Held
    ) -> list[str]:
        """Each watched file of `path` the command changed or made, as it was (absent:
        removed); those there were. One it deleted stays deleted: a `.git` losing its
        config, HEAD or a hook runs nothing more (undo brings it back), and a command cut
        short removing a repository must not leave half of its `.git` written back."""
        changed: list[str] = []
        for name in sorted(set(old.files) | set(new.files)):
            if old.files.get(name) == new.files.get(name) or name not in new.files:
                continue
            full = f"{path}/{name}" if name else path
            if holds is not None and holds.holds(full, old.files.get(name), new.files[name]):
                continue  # changed on the host: the command could not write there
            changed.append(full)
            self._clear_way(full)  # never written or removed through a link
            if os.path.lexists(self.repo.root / full):
                self._drops.drop(full)
            seen = old.files.get(name)
            if seen is not None:
                self._write(full, seen, self._bytes_of(full, seen, saved))
        return changed

    def _write(self, path: str, seen: Seen, data: bytes | None) -> None:
        self._clear_way(path)
        if data is None or not (stat.S_ISREG(seen[0]) or stat.S_ISLNK(seen[0])):
            if stat.S_ISDIR(seen[0]):
                make_folders(self.repo.root / path)
            return  # what was not kept stays removed: nothing runs from it
        target = self.repo.root / path
        make_folders(target.parent)
        if stat.S_ISLNK(seen[0]):
            os.symlink(os.fsdecode(data), target)
        else:
            target.write_bytes(data)
            os.chmod(target, stat.S_IMODE(seen[0]) & 0o777)

    def _write_saved(self, path: str, old: Entry, saved: Mapping[str, IgnoredFile]) -> bool:
        """Write back a replaced `.git` from the command look's save (a folder's every
        file) or from its kept bytes (a file); whether anything was."""
        if old.kind != "folder":
            seen = old.files[""]
            data = self._bytes_of(path, seen, saved)
            self._write(path, seen, data)
            return data is not None
        files = {p: held for p, held in saved.items() if p.startswith(f"{path}/")}
        contents = self._read_objects([held.blob for held in files.values()])
        for name, held in files.items():
            self._write(name, held.seen, contents[held.blob])
        return bool(files)


def found(
    root: Path,
    known: dict[str, Listing] | None = None,
    claudes: list[str] | None = None,
    heads: list[str] | None = None,
    envrcs: list[str] | None = None,
    names: tuple[str, ...] = (),
    opened: Opened | None = None,
) -> list[str]:
    """Every `.git` in the tree (any case of the name), the repository's own at the top
    left out; links are not followed and no `.git` folder is looked into. `known`: each
    folder's listing, read again only when the folder changed (its inode, mtime or ctime).
    `claudes` gets every `.claude` the same walk passes (`claude_dirs.py`), `heads` every
    folder below the top holding a `HEAD`: where git may find a git directory of another
    name (`git_directory.py`), in an ignored folder too; `envrcs` every `.envrc`
    (`envrc_files.py`); `claudes` too each entry whose name matches one of `names`
    (`fnmatch`: `*-gdb.py`). A folder its owner cannot list is opened by `opened` (none:
    for the time of this walk, `folder_listing.Opened`)."""
    if opened is None:
        opened = Opened(root)
        try:
            return found(root, known, claudes, heads, envrcs, names, opened)
        finally:
            opened.set_back()
    paths: list[str] = []
    folders = [""]
    settled = time.time_ns() - RECENT
    named = matcher(names)
    while folders:
        folder = folders.pop()
        try:
            st = lstat(f"{root}/{folder}")
        except OSError:  # a path over 4095 bytes: no git opens it (nor anything in it)
            continue
        if st is None or not stat.S_ISDIR(st.st_mode):  # pragma: no cover - a race
            continue  # gone between its parent's listing and here
        st = opened.look(folder, st)  # a folder its owner cannot list: made listable
        mark = (st.st_ino, st.st_mtime_ns, st.st_ctime_ns)
        listing = None if known is None else known.get(folder)
        if listing is None or listing[0] != mark:
            listing = (mark, *listing_of(root, folder, named))
            # A folder changed within the clock tick of this look may change again with
            # the same ctime: read each time until it settles.
            if known is not None and st.st_ctime_ns < settled:
                known[folder] = listing
        paths += listing[2]
        folders += listing[1]
        for into, here in zip((claudes, heads, envrcs), listing[3:], strict=True):
            if into is not None:
                into += here
    return paths
