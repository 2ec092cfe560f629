"""GitReachability: which objects only deleted plans reach, and removing exactly those.

`agents gc` must free what deleted plans held without touching anything of the user's, so
it does not run `git gc` or `git prune` (they follow the user's settings, expire the user's
reflogs, repack their objects). Instead, under the working tree's lock:

1. the objects the deleted plans' refs reach are listed (`rev-list --objects TIPS`);
2. those refs are deleted (`update-ref -d`, which drops their reflogs too);
3. every object anything else reaches is listed: all refs (the user's branches, tags,
   remotes, notes, stash, and the other plans' `refs/cleveragents/`), every reflog entry,
   every worktree's HEAD and index (`--all --reflog --indexed-objects`), the objects the
   pseudo-refs and rebase or sequencer state name (ORIG_HEAD, FETCH_HEAD...), and the blobs
   of the private indexes of other working trees;
4. what is in (1) and not in (3) is deleted, as loose object files only: packs are the
   user's (or `git gc`'s) to rewrite, so an object already packed stays, and is counted as
   such. A file written or touched (git freshens an object it would write again) since
   step 1 began is kept: a `git add` of the same content racing with gc keeps its blob.
   When a commit-graph exists, commits stay (it may name them; `git fsck` checks that).

Unless the grace is `now`, step 4 keeps what is younger than `gc.pruneExpire`
(`domain/prune_grace.py`): a `git clone --shared` of this repository may use it. The
objects of plans dropped now are freshened (as git freshens an object), so their grace
counts from when they became unreachable, for our gc and for the user's `git gc` alike;
what a kept object reaches stays with it, as git's prune keeps it. The dropped plans'
tips are remembered in `<git-dir>/cleveragents/gc-dropped` until nothing of theirs is
left, so that a later gc finds those objects again, though no ref names them.

An object of ours identical to one the user has but nothing of theirs reaches (a dangling
blob `git fsck --lost-found` could still find) may go with it; git would prune it too.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterable
from pathlib import Path

from cleveragents.adapters.git import refs
from cleveragents.adapters.git.modes import OBJECT_ID_IN_TEXT
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.plan_refs import PLANS, RECORDS, SAVED
from cleveragents.domain.prune_grace import DEFAULT, Grace
from cleveragents.errors import BadInput, GitFailed

# Files of a git directory that may name objects no ref reaches (besides index and refs).
STATE_DIRS = ("rebase-merge", "rebase-apply", "sequencer")


class GitReachability:
    """Object reachability in one repository, and removal of loose object files."""

    def __init__(self, repo: GitRepository) -> None:
        self.repo = repo
        self.directory = repo.common_dir / "objects"

    def plan_tips(self, refs: str = PLANS) -> dict[str, str]:
        """Each plan's checkpoint ref tip (with `refs` SAVED: its saved files' ref tip), by
        plan id (every working tree's plans)."""
        out = self.repo.git("for-each-ref", "--format=%(refname) %(objectname)", refs)
        tips = (line.split(" ") for line in out.splitlines() if line)
        return {ref.removeprefix(refs): tip for ref, tip in tips}

    def records_tips(self, plans: Iterable[str]) -> list[str]:
        """The tips of the records refs of `plans` (those that were shared) and of their
        saved files' refs."""
        named = [f"{refs}{plan}" for plan in plans for refs in (RECORDS, SAVED)]
        out = self.repo.git("for-each-ref", "--format=%(objectname)", *named) if named else ""
        return out.split()

    def reached(self, tips: Iterable[str]) -> set[str]:
        """Every object the commits `tips` reach."""
        return self._rev_list(["--objects", "--no-object-names"], list(tips))

    def reached_again(self, ids: Iterable[str]) -> set[str]:
        """Every object `ids` (of any type) reach, of those still here: an object another
        gc removed is passed over, and so is a commit whose history git cannot walk."""
        listed = sorted(ids)
        args = ["--objects", "--no-object-names", "--missing=allow-any"]
        try:
            return self._rev_list(args, listed, ignore_missing=True)
        except GitFailed:  # a parent is gone: walk one by one, past those git cannot
            found: set[str] = set()
            for oid in listed:
                with contextlib.suppress(GitFailed):
                    found |= self._rev_list(args, [oid], ignore_missing=True)
            return found

    def commits_among(self, ids: Iterable[str]) -> set[str]:
        """Those of `ids` that are commits."""
        return ObjectStore(self.repo).commits_among(ids)

    def kept(self, excluded: Iterable[str] = (), dropped_index: Path | None = None) -> set[str]:
        """Every object something other than the plans `excluded` (and the private index
        `dropped_index`, which gc drops) reaches (see step 3)."""
        args = ["--objects", "--no-object-names"]
        args += [f"--exclude={refs}{plan}" for plan in excluded for refs in (PLANS, RECORDS, SAVED)]
        args += ["--all", "--reflog", "--indexed-objects"]
        found = self._rev_list(args, self._named_elsewhere(), ignore_missing=True)
        return found | self._private_index_blobs(dropped_index)

    def drop_ref(self, plan_id: str, tip: str) -> None:
        """Delete the plan's ref (and its reflog), if it still points at `tip`, the ref of
        its records when it was shared, and that of its saved files."""
        refs.delete(self.repo, f"{PLANS}{plan_id}", tip)
        refs.delete(self.repo, f"{RECORDS}{plan_id}")
        refs.delete(self.repo, f"{SAVED}{plan_id}")

    def sizes(self, ids: Iterable[str]) -> dict[str, int]:
        """The size on disk of each object of `ids` stored loose (packed ones are left out)."""
        return {oid: size for oid, (size, _) in self.ages(ids).items()}

    def ages(self, ids: Iterable[str]) -> dict[str, tuple[int, int]]:
        """Size and last write (ns) of each object of `ids` stored loose."""
        found = {}
        for oid in ids:
            with contextlib.suppress(OSError):
                st = self._path(oid).lstat()
                found[oid] = (st.st_size, st.st_mtime_ns)
        return found

    def freshen(self, ids: Iterable[str]) -> None:
        """Mark the loose objects `ids` as written now, as git freshens an object."""
        for oid in ids:
            with contextlib.suppress(OSError):
                os.utime(self._path(oid))

    def grace(self) -> Grace:
        """The repository's `gc.pruneExpire`, as git reads it (refused, exit 2, where git
        cannot read it as a date)."""
        found = self.repo.config("gc.pruneExpire")
        setting = DEFAULT if found is None else found
        now = int(time.time())
        try:
            expiry = self.repo.git(
                "config", "--type=expiry-date", f"--default={DEFAULT}", "--get", "gc.pruneExpire"
            )
        except GitFailed as error:
            raise BadInput(
                f"git cannot read gc.pruneExpire = {setting!r} as a date: set it as git's gc "
                "reads it (`git config gc.pruneExpire 2.weeks.ago`), or run `agents gc "
                "--prune-now`"
            ) from error
        return Grace(setting, int(expiry), now)

    def dropped(self) -> list[str]:
        """The tips of plans an earlier gc dropped while objects of theirs stayed."""
        try:
            text = self._dropped_file.read_text(encoding="ascii")
        except FileNotFoundError:
            return []
        return [oid for oid in text.split() if OBJECT_ID_IN_TEXT.fullmatch(oid.encode())]

    def remember(self, tips: Iterable[str]) -> None:
        """Remember exactly `tips` as dropped plans' (none: forget the file)."""
        kept = sorted(set(tips))
        if not kept:
            self._dropped_file.unlink(missing_ok=True)
            return
        self._dropped_file.parent.mkdir(parents=True, exist_ok=True)
        draft = self._dropped_file.with_name(f"gc-dropped.{os.getpid()}")
        draft.write_text("".join(f"{oid}\n" for oid in kept), encoding="ascii")
        os.replace(draft, self._dropped_file)

    def remove(self, ids: Iterable[str], since_ns: int) -> dict[str, int]:
        """Delete the loose files of `ids` not modified since `since_ns`; their sizes."""
        removed = {}
        for oid in ids:
            path = self._path(oid)
            try:
                st = path.lstat()
                if st.st_mtime_ns >= since_ns:
                    continue  # written again or freshened while gc ran: someone uses it
                path.unlink()
            except OSError:  # pragma: no cover - gone since it was sized: a racing git gc
                continue
            removed[oid] = st.st_size
            with contextlib.suppress(OSError):
                path.parent.rmdir()  # only when it is empty now
        return removed

    @property
    def _dropped_file(self) -> Path:
        return self.repo.state_dir / "gc-dropped"

    def has_commit_graph(self) -> bool:
        info = self.directory / "info"
        return (info / "commit-graph").exists() or (info / "commit-graphs").exists()

    def _path(self, oid: str) -> Path:
        return self.directory / oid[:2] / oid[2:]

    def _rev_list(self, args: list[str], revs: list[str], ignore_missing: bool = False) -> set[str]:
        extra = ["--ignore-missing"] if ignore_missing else []
        listed = "".join(f"{rev}\n" for rev in revs).encode()
        out = self.repo.git_bytes("rev-list", *extra, *args, "--stdin", stdin=listed)
        return {line.decode() for line in out.split(b"\n") if line}

    def _git_dirs(self) -> list[Path]:
        """The main git directory, and each linked working tree's."""
        linked = self.repo.common_dir / "worktrees"
        found = [self.repo.common_dir]
        if linked.is_dir():
            found += sorted(p for p in linked.iterdir() if p.is_dir())
        return found

    def _named_elsewhere(self) -> list[str]:
        """Object ids written in pseudo-refs (ORIG_HEAD, FETCH_HEAD, MERGE_HEAD...) and in
        rebase, sequencer and bisect state: whatever git may still need from them."""
        names: set[str] = set()
        for git_dir in self._git_dirs():
            files = [p for p in git_dir.iterdir() if p.is_file() and p.name != "index"]
            for folder in STATE_DIRS:
                if (git_dir / folder).is_dir():
                    files += [p for p in (git_dir / folder).rglob("*") if p.is_file()]
            for path in files:
                with contextlib.suppress(OSError), path.open("rb") as text:
                    names.update(m.decode() for m in OBJECT_ID_IN_TEXT.findall(text.read(1 << 20)))
        return sorted(names)

    def _private_index_blobs(self, dropped: Path | None) -> set[str]:
        """The blobs our private indexes of working trees name (a missing one is rebuilt)."""
        found: set[str] = set()
        for git_dir in self._git_dirs():
            index = git_dir / "cleveragents" / "worktree.index"
            if index == dropped or not index.is_file():
                continue
            out = self.repo.git_bytes(
                "ls-files", "--stage", "-z", env={"GIT_INDEX_FILE": str(index)}
            )
            found.update(entry.split(b" ")[1].decode() for entry in out.split(b"\0") if entry)
        return found
