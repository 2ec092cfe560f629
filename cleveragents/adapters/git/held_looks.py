"""HeldLooks: a command look kept on disk from one process to the next.

A session the user runs with our hooks installed (`agents hooks install claude-code`) calls
one short process per hook event: the look before a Bash call is taken by its PreToolUse
process, the put-back after it by its PostToolUse one (or the next event's, when none
comes). So the look, and what the `.git` and `.claude` looks read of the files they watch
(to write them back), are written as JSON to `<git-dir>/cleveragents/looks/`, one file per
call, named by the plan and a digest of the call's id (Claude Code's text, never a path
part), and removed once put back.

The command runs as the user on the host, so it can delete or rewrite that file. The look's
bytes are also stored as a blob in the object database, and the blob's id is recorded with
the call's decision in the state database before the command runs: a look is read back only
when its bytes have that id (from the file, else from the blob). One that cannot be read back
is lost (`lost`): what Claude Code and git run is then put back as judged from now
(`domain/lost_looks.py`), and the repository's own config as the decision recorded it.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Collection, Iterable
from dataclasses import asdict
from functools import partial
from pathlib import Path
from typing import Any

from cleveragents.adapters.git.claude_dirs import OWN_HOOKS, ClaudeDirs
from cleveragents.adapters.git.config_writes import make_inert
from cleveragents.adapters.git.git_dirs import GitDirs
from cleveragents.adapters.git.killed_hooks import hooks_back
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.own_config import OwnConfig
from cleveragents.adapters.git.own_git_dir import OwnGitDir
from cleveragents.adapters.git.put_back_failures import PutBackFailures
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.command_saves import CommandLook, GitEntry, IgnoredFile, Seen
from cleveragents.domain.lost_looks import seen_before

SUFFIX = ".look.json"


class HeldLooks:
    """Keeps the looks of a plan's Bash calls between hook processes."""

    def __init__(
        self,
        repo: GitRepository,
        git_dirs: GitDirs,
        claude_dirs: ClaudeDirs,
        objects: ObjectStore,
        runs: Callable[[], list[str]],
        own_config: OwnConfig,
    ) -> None:
        self.repo = repo
        self.git_dirs = git_dirs
        self.claude_dirs = claude_dirs
        self.objects = objects
        self.own_config = own_config
        self._runs = runs  # every `.claude`, `.mcp.json` and `.git/hooks` of the last walk

    def hold(self, call: str, look: CommandLook) -> str:
        """Write `look` (just taken) and what the `.git` and `.claude` looks read with it;
        the id of its bytes, kept as a blob too."""
        data = {
            "call": call,
            "look": {**asdict(look), "recent": sorted(look.recent)},
            "git_bytes": _kept(self.git_dirs._bytes),
            "claude_bytes": _kept(self.claude_dirs._bytes),
            "claude_digests": _kept(self.claude_dirs._digests),
            "claude_targets": self.claude_dirs._targets,
            "claude_ways": self.claude_dirs._ways,
        }
        text = json.dumps(data).encode()
        self.folder.mkdir(parents=True, exist_ok=True)
        place = self._place(look.plan_id, call)
        scratch = place.with_suffix(".tmp")
        scratch.write_bytes(text)
        os.replace(scratch, place)  # a process killed half way leaves no half look
        return self.objects.blob(text)

    def held(
        self, plan_id: str, expected: dict[str, str]
    ) -> tuple[dict[str, CommandLook], list[str]]:
        """The plan's looks not put back yet, by call (`expected`: the id each one's bytes
        had, in the order they were taken), and the calls whose look is lost; the `.git` and
        `.claude` looks read again as they were when the newest was taken."""
        found: dict[str, CommandLook] = {}
        lost: list[str] = []
        for call, blob in expected.items():
            text = self._bytes(plan_id, call, blob)
            if text is None:
                lost.append(call)
                continue
            data = json.loads(text)
            found[call] = _look(data["look"])
            self.git_dirs._bytes.update(_read_kept(data["git_bytes"]))
            self.claude_dirs._bytes = _read_kept(data["claude_bytes"])
            self.claude_dirs._digests = _read_kept(data["claude_digests"])
            self.claude_dirs._targets = list(data["claude_targets"])
            self.claude_dirs._ways = dict(data.get("claude_ways", {}))
        return found, lost

    def _bytes(self, plan_id: str, call: str, blob: str) -> bytes | None:
        """The look of `call` as held, from its file, else from its blob: only bytes
        whose id is `blob`."""
        with contextlib.suppress(OSError):
            text = self._place(plan_id, call).read_bytes()
            if self.objects.blob_id(text) == blob:
                return text
        kept = self.objects.read([blob]).get(blob)
        if kept is not None and kept[0] == b"blob" and self.objects.blob_id(kept[1]) == blob:
            return kept[1]
        return None

    def lost(
        self,
        plan_id: str,
        at: int,
        own_config: dict[str, dict[str, list[str]]],
        until: int | None = None,
    ) -> list[str]:
        """After a call whose look (taken at `at`) is lost: what Claude Code and git run
        that changed since is removed, its bytes kept; the own config put back as
        `own_config` (recorded with the decision) had it. One line for each. With `until`
        (a killed command's settle: `application/killed_git.py`), only the own `.git`: its
        hooks changed before `until` (`killed_hooks.py`), and its config; the rest is the
        settle's own walk's (`operation_repair.py`)."""
        dirs = self.claude_dirs
        fails = PutBackFailures(self.repo.root, dirs.saver, dirs.commit)
        each = partial(fails.each, plan_id=plan_id, at=at)  # each on its own
        # First a config made a link: nothing is written through it.
        said = each(".git", OwnGitDir(self.repo).unlink_configs)
        if until is not None:
            back = partial(hooks_back, self.repo.root, dirs.saver, dirs.commit, plan_id, at, until)
            said += each(OWN_HOOKS, back, lambda: [OWN_HOOKS])
        else:
            said += fails.fifos(at)  # before a git
            with self.git_dirs.opened():  # a folder its owner cannot list: for these only
                self.git_dirs.walk()
                dirs.hooks = self.own_config.hooks_folder(own_config)
                folders = [*self._runs(), *dirs.hooks]

                def put_back() -> list[str]:
                    seen = seen_before(dirs.look(folders), at)
                    return dirs.put_back(plan_id, seen, folders, at)

                said += each(".claude folders, folders on PATH", put_back, lambda: folders)
        failed = len(fails.failed)  # its lines follow `said`'s, unless it failed
        inert = partial(make_inert, self.own_config, own_config)
        own = each("git config", partial(self.own_config.put_back, own_config, said), inert=inert)
        return own if len(fails.failed) == failed else said + own

    @property
    def folder(self) -> Path:
        return self.repo.state_dir / "looks"

    def drop(self, plan_id: str, call: str) -> None:
        """Forget the look of `call`: it is put back."""
        self._place(plan_id, call).unlink(missing_ok=True)

    def drop_plan(self, plan_id: str) -> int:
        """Forget every look `plan_id` holds (its plan is deleted); how many."""
        return self._drop(p for p in self._files() if _plan_of(p) == plan_id)

    def drop_stale(self, live: Collection[str], written_before: int, dry_run: bool) -> int:
        """Forget the looks of plans not `live` (deleted, dropped, never recorded) and
        those last written before `written_before` (ns): no session puts them back now.
        How many (with `dry_run`, would be)."""
        stale = []
        for place in self._files():
            try:
                old = place.lstat().st_mtime_ns < written_before
            except FileNotFoundError:  # pragma: no cover - put back meanwhile
                continue
            if old or _plan_of(place) not in live:
                stale.append(place)
        return len(stale) if dry_run else self._drop(stale)

    def _files(self) -> list[Path]:
        """Every look file, with those a process killed while writing left (`.tmp`)."""
        return [*self.folder.glob(f"*{SUFFIX}"), *self.folder.glob("*.look.tmp")]

    def _drop(self, places: Iterable[Path]) -> int:
        dropped = 0
        for place in places:
            with contextlib.suppress(FileNotFoundError):
                place.unlink()
                dropped += 1
        return dropped

    def _place(self, plan_id: str, call: str) -> Path:
        digest = hashlib.sha256(call.encode("utf-8", "surrogateescape")).hexdigest()[:24]
        return self.folder / f"{plan_id}-{digest}{SUFFIX}"


def _plan_of(place: Path) -> str:
    """The plan a look file is of: its name up to the digest."""
    return place.name.rpartition("-")[0]


def _kept(files: dict[str, tuple[Seen, bytes]]) -> dict[str, Any]:
    return {p: [list(seen), base64.b64encode(data).decode()] for p, (seen, data) in files.items()}


def _read_kept(data: dict[str, Any]) -> dict[str, tuple[Seen, bytes]]:
    return {p: (_seen(seen), base64.b64decode(kept)) for p, (seen, kept) in data.items()}


def _seen(values: list[int]) -> Seen:
    a, b, c, d, e = values
    return (a, b, c, d, e)


def _look(data: dict[str, Any]) -> CommandLook:
    return CommandLook(
        plan_id=data["plan_id"],
        at=data["at"],
        ignored={
            p: IgnoredFile(f["git_mode"], f["blob"], _seen(f["seen"]))
            for p, f in data["ignored"].items()
        },
        modes=data["modes"],
        folders=data["folders"],
        empty=data.get("empty", []),
        unsaved=data["unsaved"],
        recent=set(data["recent"]),
        tree=data["tree"],
        git_entries={
            p: GitEntry(e["kind"], e["inode"], {n: _seen(s) for n, s in e["files"].items()})
            for p, e in data["git_entries"].items()
        },
        claude_entries={
            p: {n: _seen(s) for n, s in e.items()} for p, e in data["claude_entries"].items()
        },
        put_back=data["put_back"],
        own_config=data.get("own_config"),
        own_git=data.get("own_git"),
        unlisted={p: (inode, mode) for p, (inode, mode) in data.get("unlisted", {}).items()},
    )
