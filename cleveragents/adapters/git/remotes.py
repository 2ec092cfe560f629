"""GitRemotes: plans carried between clones by git itself, under `refs/cleveragents/`.

A plan travels as two refs: `refs/cleveragents/plans/<id>`, its checkpoints (each commit's
parent the one before), and `refs/cleveragents/records/<id>`, a commit whose tree holds one
file, `records.jsonl`: its records (`adapters/storage/plan_records.py`). Each records commit
has the records it was made from as its parent, so git's ancestry tells who changed a plan
since two clones last met, and nothing either side wrote is ever unreachable.

Only those refs are fetched, pushed or bundled: the remote's branches and tags, and the
user's own refs, are never named. git runs with the user's remotes and credentials but
with `PLUMBING_CONFIG` (no hook of theirs, no automatic gc or maintenance); fetching writes
no FETCH_HEAD and no commit-graph, and takes no tags.
"""

from __future__ import annotations

import contextlib
import functools
import os
from datetime import datetime
from pathlib import Path

from cleveragents.adapters.git import refs, settings
from cleveragents.adapters.git.modes import FILE as MODE
from cleveragents.adapters.git.modes import TREE_FOLDER
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import IDENTITY, GitRepository
from cleveragents.adapters.git.user_ignores import UserIgnores
from cleveragents.domain.plan_refs import (
    INCOMING,
    PLANS,
    RECORDS,
    SAVED_SUBJECTS,
    Fetched,
    records_ref,
)
from cleveragents.errors import BadInput, ConflictingState, GitFailed

FILE = "records.jsonl"
CARRIED = "carried"  # the folder of files carried beside the records
AUTHOR = f"{IDENTITY['GIT_AUTHOR_NAME']} <{IDENTITY['GIT_AUTHOR_EMAIL']}>"
# Settings of the user's that would make a fetch or push write more than our refs.
SHARING_CONFIG = (
    "-c",
    "fetch.writeCommitGraph=false",
    "-c",
    "fetch.recurseSubmodules=false",
    "-c",
    "push.gpgSign=false",
    "-c",
    "push.recurseSubmodules=no",
)


class GitRemotes:
    """Plans' refs in one repository, and moving them to and from remotes and bundles."""

    def __init__(self, repo: GitRepository) -> None:
        self.repo = repo
        # its settings: in a shared repository, object folders get the bits git gives them
        self.objects = ObjectStore(repo, functools.cache(lambda: settings.read(repo, {})))

    # refs and objects of this repository

    def tip(self, ref: str) -> str | None:
        out = self.repo.git("for-each-ref", "--format=%(objectname)", ref)
        return out.split("\n")[0] or None

    def records(self, commit: str) -> bytes:
        name = f"{commit}:{FILE}"
        return self.objects.contents([name])[name]

    def carried(self, commit: str) -> dict[str, bytes]:
        """The files a records commit carries beside the records (CARRIED/NAME), by name:
        what an actor needs on another machine (a Claude Code session's transcript)."""
        listed = self.repo.git("ls-tree", "-z", "--full-tree", commit, f"{CARRIED}/")
        found = {}
        for row in filter(None, listed.split("\0")):
            meta, _, path = row.partition("\t")
            if meta.split()[1] == "blob":
                blob = meta.split()[2]
                found[path.removeprefix(f"{CARRIED}/")] = blob
        contents = self.objects.contents(list(found.values()))
        return {name: contents[blob] for name, blob in found.items()}

    def carried_by(self, plan_id: str) -> dict[str, bytes]:
        """The files the plan's records commit carries (its Claude Code sessions, pulled);
        none before it has one."""
        tip = self.tip(records_ref(plan_id))
        return self.carried(tip) if tip is not None else {}

    def commit_records(
        self,
        plan_id: str,
        text: bytes,
        parents: list[str],
        when: datetime,
        carried: dict[str, bytes] | None = None,
    ) -> str:
        """A commit of `text` as the plan's records, on top of `parents` (not yet on a ref),
        with the `carried` files beside them.

        Its date is `when`, the plan's last change: the same records on the same parents
        give the same commit in every clone.
        """
        blob = self.objects.write(b"blob", text)
        entries = {FILE.encode(): (MODE.encode(), blob)}
        if carried:
            inner = self.objects.tree(
                {
                    name.encode(): (MODE.encode(), self.objects.write(b"blob", data))
                    for name, data in carried.items()
                }
            )
            entries[CARRIED.encode()] = (TREE_FOLDER, inner)
        tree = self.objects.tree(entries).hex()
        return self._commit(tree, parents, f"records of plan {plan_id}", when)

    def join(self, mine: str, theirs: str, when: datetime) -> str:
        """A commit with `mine`'s tree and both as parents: what either side wrote stays
        reachable from one ref (checkpoints made on two clones, records a pull replaced)."""
        tree = self.repo.git("rev-parse", f"{mine}^{{tree}}")
        return self._commit(tree, [mine, theirs], "joined what two clones wrote", when)

    def _commit(self, tree: str, parents: list[str], message: str, when: datetime) -> str:
        """As `commit-tree` writes it, dated `when` in UTC: the same in every clone."""
        when_s = int(when.timestamp())
        return self.objects.commit(tree, parents, message.encode(), AUTHOR, when_s)

    def set_ref(self, ref: str, new: str, old: str | None) -> None:
        """Move `ref` to `new` if it still points at `old` (None: if it does not exist)."""
        try:
            refs.update(self.repo, ref, new, old)
        except GitFailed as error:
            raise ConflictingState(
                f"{ref} could not be moved: {error.message}",
                hint="another cleveragents command may be working here; retry when it ends",
            ) from error

    def delete_ref(self, ref: str) -> None:
        refs.delete(self.repo, ref)

    def is_ancestor(self, older: str, newer: str) -> bool:
        try:
            self.repo.git("merge-base", "--is-ancestor", older, newer)
        except GitFailed as error:
            if error.status == 1:
                return False
            raise
        return True

    def saved_in(self, commit: str) -> int:
        """How many commits of files saved for undo the chain of `commit` holds (an older
        version committed them among the checkpoints)."""
        pattern = "|".join(f"^{subject}" for subject in SAVED_SUBJECTS)
        count = self.repo.git("rev-list", "--count", "-E", f"--grep={pattern}", commit)
        return int(count)

    def ignored_held_in(self, commit: str, plan_id: str) -> list[str]:
        """Paths the chain of `commit` holds that the user's ignore rules exclude, now or
        at the plan's start (`user_ignores.UserIgnores.held_in`)."""
        return UserIgnores(self.repo, self.objects).held_in(commit, plan_id)

    def ignored_read_in(self, plan_id: str, sessions: dict[str, bytes]) -> list[str]:
        """Paths of files the user's ignore rules exclude whose bytes `sessions` hold (JSON
        lines: a plan's records, its Claude Code session files; `session_reads.py`)."""
        from cleveragents.adapters.git.session_reads import ignored_held

        return ignored_held(self.repo, plan_id, sessions)

    def note_received(self, plan_id: str, tip: str) -> None:
        """Note `tip` as checkpoints of the plan taken from elsewhere (`held_in` says why)."""
        UserIgnores(self.repo, self.objects).note_received(plan_id, tip)

    # remotes and bundles

    def remote_plans(self, remote: str) -> dict[str, str]:
        """The plans `remote` holds (a remote's name, a URL, a path or a bundle file): each
        plan's records commit, by plan id."""
        out = self._ls_remote(remote, f"{RECORDS}*")
        rows = (line.split("\t") for line in out.splitlines() if "\t" in line)
        return {ref.removeprefix(RECORDS): oid for oid, ref in rows if ref.startswith(RECORDS)}

    def _ls_remote(self, remote: str, pattern: str) -> str:
        """`git ls-remote` of the refs matching `pattern`; a remote git cannot read (no such
        remote, URL or path) is bad input, said with where to look."""
        try:
            return self.repo.git("ls-remote", "--refs", "--end-of-options", remote, pattern)
        except GitFailed as error:
            raise BadInput(
                f"cannot read the remote {remote!r}: {error.message}",
                hint="name a remote of `git remote -v`, a URL or a path git can fetch from",
            ) from error

    def fetch(self, remote: str, plan_ids: list[str]) -> dict[str, Fetched]:
        """Fetch the plans' refs from `remote` under INCOMING; each plan's records commit
        and checkpoint commit (None when it has none there), by plan id."""
        if not plan_ids:
            return {}
        self.clear_incoming()
        known = self._remote_refs(remote)
        specs = [
            f"+{kind}{p}:{INCOMING}{name}/{p}"
            for p in plan_ids
            for kind, name in ((RECORDS, "records"), (PLANS, "plans"))
            if f"{kind}{p}" in known
        ]
        if not specs:  # a fetch with no refspec would fetch the remote's configured ones
            return {}
        try:
            self.repo.git(
                *SHARING_CONFIG,
                "fetch",
                "--quiet",
                "--no-tags",
                "--no-write-fetch-head",
                "--no-prune",
                "--no-recurse-submodules",
                "--no-auto-gc",
                "--refmap=",  # no remote-tracking ref of the user's is updated on the way
                "--end-of-options",
                remote,
                *specs,
            )
        except GitFailed as error:
            raise ConflictingState(
                f"fetching from {remote!r} failed: {error.message}",
                hint="check the remote and your access to it (`git ls-remote REMOTE`)",
            ) from error
        found = {}
        for plan_id in plan_ids:
            records = self.tip(f"{INCOMING}records/{plan_id}")
            if records is not None:
                found[plan_id] = Fetched(records, self.tip(f"{INCOMING}plans/{plan_id}"))
        return found

    def _remote_refs(self, remote: str) -> set[str]:
        out = self._ls_remote(remote, "refs/cleveragents/*")
        return {line.split("\t")[1] for line in out.splitlines() if "\t" in line}

    def clear_incoming(self) -> None:
        """Delete what the last fetch left under INCOMING (its objects stay reachable from
        the refs a pull moved, or go with git's own gc)."""
        out = self.repo.git("for-each-ref", "--format=%(refname)", INCOMING)
        for ref in out.splitlines():
            self.delete_ref(ref)

    def push(self, remote: str, refs: list[str]) -> None:
        """Push `refs` to the same names on `remote`, all or none, fast-forward only.

        A remote named in the config is pushed to by its URL: by name, git would also copy
        the refs into the user's `refs/remotes/` where a fetch refspec of theirs matches.
        """
        with contextlib.suppress(GitFailed):  # else not a configured remote: a URL or a path
            remote = self.repo.git("remote", "get-url", "--push", "--end-of-options", remote)
        try:
            self.repo.git(
                *SHARING_CONFIG,
                "push",
                "--quiet",
                "--atomic",
                "--no-verify",
                "--no-recurse-submodules",
                "--end-of-options",
                remote,
                *(f"{ref}:{ref}" for ref in refs),
            )
        except GitFailed as error:
            said = error.stderr
            if "(non-fast-forward)" in said or "(fetch first)" in said:
                raise ConflictingState(
                    f"{remote!r} refused the push: its copy of the plan changed meanwhile",
                    hint="pull it first (`agents plan pull REMOTE PLAN`), then push again",
                ) from error
            refused = [line.strip() for line in said.splitlines() if line.startswith(" ! ")]
            if refused:  # the remote's own rule: a hook, a protected namespace
                why = [line.rpartition("(")[2].rstrip(")") for line in refused]
                heard = [
                    line.removeprefix("remote:").strip()
                    for line in said.splitlines()
                    if line.startswith("remote:") and line.removeprefix("remote:").strip()
                ]
                raise ConflictingState(
                    f"{remote!r} refused the push: {'; '.join(dict.fromkeys(why))}"
                    + (f" ({'; '.join(heard[:3])})" if heard else ""),
                    hint="ask whoever runs the remote to accept refs/cleveragents/",
                ) from error
            raise ConflictingState(
                f"pushing to {remote!r} failed: {error.message}",
                hint="check the remote and your access to it (`git ls-remote REMOTE`)",
            ) from error

    def bundle(self, file: Path, refs: list[str]) -> None:
        """Write `refs` and every object they reach into the bundle `file`; never a file of
        the repository's git directory (`.git/HEAD` overwritten is a repository lost)."""
        where = Path(os.path.realpath(file.absolute().parent), file.name)
        for git_dir in {self.repo.git_dir, self.repo.common_dir}:
            real = Path(os.path.realpath(git_dir))
            if where == real or where.is_relative_to(real):
                raise BadInput(
                    f"{file} is inside the repository's git directory: exporting there would "
                    "overwrite git's own files",
                    hint="name a file outside .git, e.g. `plan.bundle`",
                )
        self.repo.git("bundle", "create", "--quiet", str(file.absolute()), *refs)

    def verify_bundle(self, file: Path) -> None:
        if file.is_dir():
            raise BadInput(
                f"{file} is a directory, not a file `agents plan export` wrote",
                hint="name the file itself, e.g. `agents plan import DIR/plan.bundle`",
            )
        if not file.is_file():
            raise BadInput(f"no file {file}", hint="name a file `agents plan export` wrote")
        try:
            self.repo.git("bundle", "verify", "--quiet", str(file.absolute()))
        except GitFailed as error:
            raise BadInput(
                f"{file} is not a git bundle this repository can read: {error.message}",
                hint="name a file `agents plan export` wrote",
            ) from error
