"""The ignore rules the user chose, which no plan can take back: a file they ignore stays out
of every checkpoint, whatever a plan does to the `.gitignore` files on disk.

A checkpoint's `add --all` reads the ignore rules as they are now. A plan can change them: a
pulled plan's restore writes the sender's `.gitignore`, a model's `write_file .gitignore` or a
command rewrites it, a `!secrets.env` negation beats `.git/info/exclude`. The user's `.env`
or `build/creds` would then be in the next checkpoint, and `plan push` would send it.

The user's choice is the `.gitignore` files as their index holds them (a plan never touches
the user's index), with `info/exclude` and the global excludes file. While the `.gitignore`
files the private index holds are those of the user's index, both sets of rules are the same
and nothing more is done (one `ls-files` of the private index, or none where `add --verbose`
named no `.gitignore` since such a look found them the same). Otherwise each file the
private index holds that the user does not track is matched against the user's rules
(`check-ignore --no-index` in a folder holding the user's `.gitignore` files), and those
they ignore leave the private index: they are withheld from the checkpoint, and named.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
from pathlib import Path

from cleveragents.adapters.git import checkout
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.errors import GitFailed

RULES = ":(glob)**/.gitignore"  # every `.gitignore`, the top one too


class UserIgnores:
    """What the user's own ignore rules exclude, whatever the working tree's say now."""

    def __init__(self, repo: GitRepository, objects: ObjectStore) -> None:
        self.repo = repo
        self.objects = objects
        self._chosen: tuple[str, bytes] | None = None  # (user's index stat, its rules listing)
        self.diverged = False  # whether the last look found the rules on disk changed
        self._looked: bytes | None = None  # the user's rules at the last look
        # A tree whose `.gitignore` files are those of the user's index at the last look.
        self.clean: str | None = None
        self.found: list[str] = []  # what the last `withhold` withheld
        self.pending: dict[str, dict[str, None]] = {}  # what each plan withheld, not yet named

    def withhold(self, env: dict[str, str], added: bytes | None = None) -> list[str]:
        """Drop from the index of `env` (just filled by `add --all`) the files the user's
        own rules ignore and the user does not track; they are returned, and kept in
        `found`. `added`: what `add --verbose` printed, when it ran on an index holding the
        tree `clean`: where it names no `.gitignore` and the user's rules are those of the
        last look, nothing is looked at again."""
        self.found = []
        chosen = self._user_rules()
        if added is not None and self._looked == chosen and b".gitignore" not in added:
            return []
        held = self.repo.git_bytes("ls-files", "-s", "-z", "--", RULES, env=env)
        self._looked = chosen
        self.diverged = held != chosen
        if not self.diverged:
            return []
        mine = set(self.repo.git_bytes("ls-files", "-z").split(b"\0"))
        candidates = self.repo.git_bytes("ls-files", "-z", env=env).split(b"\0")
        unknown = b"\0".join(p for p in candidates if p and p not in mine)
        found = self._ignored(chosen, unknown) if unknown else []
        if found:
            listing = b"".join(p.encode("utf-8", "surrogateescape") + b"\0" for p in found)
            self.repo.git_fed(listing, "update-index", "--force-remove", "-z", "--stdin", env=env)
            self.found = found
        return found

    def ignores(self, path: str) -> bool:
        """Whether the user's own rules ignore `path`, while the rules on disk may say
        otherwise (so an action replacing it saves it first, as it saves an ignored file)."""
        if self._looked is not None and not self.diverged:
            return False
        return bool(self._ignored(self._user_rules(), _nul([path])))

    def attribute(self, plan_id: str) -> None:
        """Note what the last `withhold` withheld as `plan_id`'s, to be named."""
        if self.found:
            self.pending.setdefault(plan_id, {}).update(dict.fromkeys(self.found))

    def to_name(self) -> list[str]:
        """The files withheld for each plan that were never named for it: named once per
        plan (recorded in `<state>/withheld-named`, one `PLAN<TAB>PATH` a record)."""
        if not self.pending:
            return []
        record = self.repo.state_dir / "withheld-named"
        try:
            named = set(record.read_bytes().split(b"\0"))
        except FileNotFoundError:
            named = set()
        new = [
            (plan, path)
            for plan, paths in self.pending.items()
            for path in paths
            if f"{plan}\t{path}".encode("utf-8", "surrogateescape") not in named
        ]
        self.pending.clear()
        if new:
            with record.open("ab") as out:
                out.write(_nul([f"{plan}\t{path}" for plan, path in new]) + b"\0")
        return list(dict.fromkeys(path for _, path in new))

    def held_in(self, commit: str) -> list[str]:
        """Files here the user's rules ignore (and the user does not track) whose bytes the
        chain of `commit` holds: what a checkpoint made before they were withheld took."""
        oids: set[bytes] = set()
        paths: set[bytes] = set()
        for line in self.repo.git_bytes("rev-list", "--objects", commit).split(b"\n"):
            oid, _, path = line.partition(b" ")
            if path:
                oids.add(oid)
                paths.add(path)
        paths -= set(self.repo.git_bytes("ls-files", "-z").split(b"\0"))
        names = [os.fsdecode(p) for p in paths if b"\n" not in p]
        files = [n for n in names if _regular(f"{self.repo.root}/{n}")]
        ignored = self._ignored(self._user_rules(), _nul(files)) if files else []
        if not ignored:
            return []
        listed = [p.encode("utf-8", "surrogateescape") for p in ignored]
        found = self.objects.store_files(listed, write=False)
        return [p for p, oid in zip(ignored, found, strict=True) if oid.encode() in oids]

    def _user_rules(self) -> bytes:
        """The `.gitignore` entries of the user's index (`ls-files -s`), read again only when
        the index changed."""
        try:
            st = (self.repo.git_dir / "index").stat()
            seen = f"{st.st_mtime_ns} {st.st_size} {st.st_ino}"
        except FileNotFoundError:
            seen = ""
        if self._chosen is None or self._chosen[0] != seen:
            listing = self.repo.git_bytes("ls-files", "-s", "-z", "--", RULES) if seen else b""
            self._chosen = (seen, listing)
        return self._chosen[1]

    def _ignored(self, chosen: bytes, paths: bytes) -> list[str]:
        """Which of `paths` (NUL-separated) the user's rules ignore: the `.gitignore` files
        of `chosen` written into a folder of ours, matched there with `info/exclude` and
        the global excludes."""
        folder = self._rules_folder(chosen)
        env = {"GIT_DIR": str(self.repo.git_dir), "GIT_WORK_TREE": str(folder)}
        try:
            out = self.repo.git_with_input(
                paths, "check-ignore", "--no-index", "--stdin", "-z", env=env
            )
        except GitFailed:  # exit 1: none of them is ignored
            return []
        return [p for p in out.split("\0") if p]

    def _rules_folder(self, chosen: bytes) -> Path:
        """A folder holding the `.gitignore` files of `chosen` (made once per listing)."""
        digest = hashlib.sha1(chosen).hexdigest()[:16]
        folder = self.repo.state_dir / "user-ignores" / digest
        if folder.is_dir():
            return folder
        draft = folder.with_name(f"{digest}.draft")
        shutil.rmtree(draft, ignore_errors=True)
        draft.mkdir(parents=True)
        names: dict[str, str] = {}
        for record in chosen.split(b"\0"):
            if record:
                meta, _, raw = record.partition(b"\t")
                names[raw.decode("utf-8", "surrogateescape")] = meta.split(b" ")[1].decode()
        read = self.objects.contents(names.values())
        for name, oid in names.items():
            target = Path(draft, name)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(read[oid] + b"\n")
        for old in folder.parent.iterdir():
            if old.name != draft.name:
                shutil.rmtree(old, ignore_errors=True)
        draft.rename(folder)
        return folder


def _nul(paths: list[str]) -> bytes:
    return b"\0".join(p.encode("utf-8", "surrogateescape") for p in paths)


def _regular(full: str) -> bool:
    found = checkout.lstat(full)
    return found is not None and stat.S_ISREG(found.st_mode)
