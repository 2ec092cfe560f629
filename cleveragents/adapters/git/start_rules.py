"""The user's ignore rules as their own git read them at a plan's first look, kept for the
plan: every `.gitignore` git reads on disk (tracked, modified, untracked, or one that ignores
itself as `python -m venv`, pytest, mypy and ruff write), `info/exclude` and the global
excludes file (`core.excludesFile`).

Their bytes are copied into a folder of ours (a tree of the `.gitignore` files beside a git
directory of our own holding the two exclude files), where `check-ignore --no-index` says
what they ignore whatever the disk says now. Each file's stat is kept too: while none changed
and no new `.gitignore` stands above a path, the rules on disk are those of the start for it,
and nothing is matched.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from cleveragents.adapters.folder_walk import remove_tree
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.errors import GitFailed

RULES = ":(glob)**/.gitignore"  # every `.gitignore`, the top one too
EXCLUDE = "git/info/exclude"  # where the folder keeps the copy of `info/exclude`
EXCLUDES_FILE = "excludes"  # and of the global excludes file
RECEIVED = "received"  # each plan's checkpoints taken from elsewhere (`user_ignores.py`)


@dataclass
class Rules:
    """One plan's rules at its start: the folder holding their copies, and each rules file
    (relative to the working tree, or absolute) with its stat then and its copy's name."""

    folder: Path
    files: dict[str, tuple[str, str]]


class StartRules:
    """The rules of each plan at its first look, taken once and kept in the state folder."""

    def __init__(self, repo: GitRepository) -> None:
        self.repo = repo
        self._plans: dict[str, Rules] = {}

    def of(self, plan_id: str, env: dict[str, str] | None = None) -> Rules | None:
        """The rules kept for `plan_id`; none kept yet: taken now (with `env`, the private
        index just filled by `add --all`) and kept, or None without `env`."""
        if plan_id in self._plans:
            return self._plans[plan_id]
        record = self._record(plan_id)
        try:
            kept = json.loads(record.read_text())
            name = str(kept["folder"])  # the folder's name: the clone may have moved
            if not name.isalnum():  # pragma: no cover - not ours: taken again
                raise ValueError(name)
            folder = self.repo.state_dir / "user-ignores" / name
            rules = Rules(folder, {p: (s, c) for p, s, c in kept["files"]})
            if not rules.folder.is_dir():  # pragma: no cover - removed by hand: taken again
                raise FileNotFoundError(rules.folder)
        except (OSError, ValueError, KeyError, TypeError):
            if env is None:
                return None
            rules = self._take(env)
            record.parent.mkdir(parents=True, exist_ok=True)
            files = [[p, s, c] for p, (s, c) in rules.files.items()]
            draft = record.with_name(f"{record.name}.draft")
            draft.write_text(json.dumps({"folder": rules.folder.name, "files": files}))
            draft.replace(record)
        self._plans[plan_id] = rules
        return rules

    def changed(self, rules: Rules) -> bool:
        """Whether a rules file of the start is gone, new or holds other bytes now."""
        for path, (then, copy) in rules.files.items():
            now = _stat(self.repo.root / path, path.startswith("/"))
            if now == then:
                continue
            if not now or not then or _read(self.repo.root / path) != _read(rules.folder / copy):
                return True
            rules.files[path] = (now, copy)  # the same bytes, touched: compared once
        return False

    def new_along(self, rules: Rules, paths: list[str]) -> bool:
        """Whether a `.gitignore` the start did not have stands in a folder holding one of
        `paths` (or above it): it may un-ignore what the start's rules ignored."""
        seen: set[str] = set()
        for path in paths:
            parts = path.split("/")
            for depth in range(len(parts)):
                rule = "/".join([*parts[:depth], ".gitignore"])
                if rule in seen or rule in rules.files:
                    continue
                seen.add(rule)
                if _stat(self.repo.root / rule, False):
                    return True
        return False

    def ignored(self, rules: Rules | None, paths: bytes) -> list[str]:
        """Which of `paths` (NUL-separated) `rules` ignore; None: the rules on disk now (what
        the user's own git ignores now)."""
        env = {}
        if rules is not None:
            folder = rules.folder
            env = {"GIT_DIR": str(folder / "git"), "GIT_WORK_TREE": str(folder / "tree")}
        try:
            out = self.repo.git_with_input(
                paths, "check-ignore", "--no-index", "--stdin", "-z", env=env
            )
        except GitFailed:  # exit 1: none of them is ignored
            return []
        return [p for p in out.split("\0") if p]

    def _take(self, env: dict[str, str]) -> Rules:
        """The rules on disk now: the `.gitignore` files the private index holds and those
        that are ignored themselves (in folders git reads), and the two exclude files."""
        held = self.repo.git_bytes("ls-files", "-z", "--", RULES, env=env).split(b"\0")
        ignored = self.repo.git_bytes(
            "ls-files", "-z", "-o", "-i", "--exclude-standard", "--directory", "--", RULES
        ).split(b"\0")
        names = {os.fsdecode(p) for p in held + ignored if p.endswith(b".gitignore")}
        files = {name: f"tree/{name}" for name in names}
        files[str(self.repo.common_dir / "info" / "exclude")] = EXCLUDE
        files[self._excludes_file()] = EXCLUDES_FILE
        stats = {p: _stat(self.repo.root / p, p.startswith("/")) for p in files}
        contents = {}
        for path in files:
            data = _read(self.repo.root / path) if stats[path] else None
            if data is None:
                stats[path] = ""  # pragma: no cover - gone or unreadable since its stat
            else:
                contents[path] = data
        digest = hashlib.sha1()
        for path in sorted(contents):
            digest.update(files[path].encode("utf-8", "surrogateescape") + b"\0")
            digest.update(contents[path] + b"\0")
        folder = self.repo.state_dir / "user-ignores" / digest.hexdigest()[:16]
        if not folder.is_dir():
            self._write(folder, {files[p]: data for p, data in contents.items()})
        return Rules(folder, {p: (stats[p], files[p]) for p in files})

    def _excludes_file(self) -> str:
        try:
            named = self.repo.git("config", "--path", "core.excludesFile").strip()
        except GitFailed:  # not set: git's default
            home = os.environ.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config")
            named = f"{home}/git/ignore"
        return os.path.abspath(os.path.join(self.repo.root, named))

    def _write(self, folder: Path, copies: dict[str, bytes]) -> None:
        """The folder: each copy, a tree for the `.gitignore` files, and a git directory of
        ours whose config names the copy of the excludes file."""
        draft = folder.with_name(f"{folder.name}.draft")
        remove_tree(draft, ignore_errors=True)
        for part in ("tree", "git/objects", "git/refs", "git/info"):
            (draft / part).mkdir(parents=True)
        (draft / "git" / "HEAD").write_text("ref: refs/heads/main\n")
        for name, data in copies.items():
            (draft / name).parent.mkdir(parents=True, exist_ok=True)
            (draft / name).write_bytes(data)
        quoted = str(folder / EXCLUDES_FILE).replace("\\", "\\\\").replace('"', '\\"')
        (draft / "git" / "config").write_text(f'[core]\n\texcludesFile = "{quoted}"\n')
        remove_tree(folder, ignore_errors=True)
        draft.rename(folder)

    def drop_unlisted(self, live: Collection[str], dry_run: bool) -> int:
        """Forget the rules of plans not `live` (deleted, dropped, never recorded), then
        the copies no plan left names (those a process killed while writing left too): how
        many plans' (with `dry_run`, would be)."""
        folder = self.repo.state_dir / "user-ignores"
        kept = [*(folder / "plans").glob("*"), *(folder / RECEIVED).glob("*")]
        records = [p for p in kept if p.name not in live]
        if dry_run:
            return len(records)
        for record in records:
            record.unlink(missing_ok=True)
        named = set()
        for record in (folder / "plans").glob("*"):
            with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
                named.add(str(json.loads(record.read_text())["folder"]))
        for copies in folder.glob("*"):
            if copies.name not in ("plans", RECEIVED, *named):
                remove_tree(copies, ignore_errors=True)
        return len(records)

    def _record(self, plan_id: str) -> Path:
        return self.repo.state_dir / "user-ignores" / "plans" / plan_id


def _stat(full: Path, follow: bool) -> str:
    """A regular file's stat as a string ("" for none: git reads no `.gitignore` that is a
    symbolic link, but follows one to an exclude file)."""
    try:
        found = os.stat(full) if follow else os.lstat(full)
    except OSError:
        return ""
    if not stat.S_ISREG(found.st_mode):  # pragma: no cover - a link or a folder
        return ""
    return f"{found.st_mtime_ns} {found.st_size} {found.st_ino} {found.st_ctime_ns}"


def _read(full: Path) -> bytes | None:
    try:
        return full.read_bytes()
    except OSError:  # pragma: no cover - gone since its stat
        return None
