"""HeldLooks: a command look kept on disk from one process to the next.

A session the user runs with our hooks installed (`agents hooks install claude-code`) calls
one short process per hook event: the look before a Bash call is taken by its PreToolUse
process, the put-back after it by its PostToolUse one (or the next event's, when none
comes). So the look, and what the `.git` and `.claude` looks read of the files they watch
(to write them back), are written as JSON to `<git-dir>/cleveragents/looks/`, one file per
call, named by the plan and a digest of the call's id (Claude Code's text, never a path
part), and removed once put back.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any

from cleveragents.adapters.git.claude_dirs import ClaudeDirs
from cleveragents.adapters.git.git_dirs import GitDirs
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.command_saves import CommandLook, GitEntry, IgnoredFile, Seen

SUFFIX = ".look.json"


class HeldLooks:
    """Keeps the looks of a plan's Bash calls between hook processes."""

    def __init__(self, repo: GitRepository, git_dirs: GitDirs, claude_dirs: ClaudeDirs) -> None:
        self.repo = repo
        self.git_dirs = git_dirs
        self.claude_dirs = claude_dirs

    def hold(self, call: str, look: CommandLook) -> None:
        """Write `look` (just taken) and what the `.git` and `.claude` looks read with it."""
        data = {
            "call": call,
            "look": {**asdict(look), "recent": sorted(look.recent)},
            "git_bytes": _kept(self.git_dirs._bytes),
            "claude_bytes": _kept(self.claude_dirs._bytes),
            "claude_digests": _kept(self.claude_dirs._digests),
            "claude_targets": self.claude_dirs._targets,
        }
        self.folder.mkdir(parents=True, exist_ok=True)
        place = self._place(look.plan_id, call)
        scratch = place.with_suffix(".tmp")
        scratch.write_text(json.dumps(data))
        os.replace(scratch, place)  # a process killed half way leaves no half look

    def held(self, plan_id: str) -> dict[str, CommandLook]:
        """The plan's looks not put back yet, by call; the `.git` and `.claude` looks read
        again as they were when the newest was taken."""
        found: dict[str, CommandLook] = {}
        places = sorted(self.folder.glob(f"{plan_id}-*{SUFFIX}"), key=os.path.getmtime)
        for place in places:
            data = json.loads(place.read_text())
            found[str(data["call"])] = _look(data["look"])
            self.git_dirs._bytes.update(_read_kept(data["git_bytes"]))
            self.claude_dirs._bytes = _read_kept(data["claude_bytes"])
            self.claude_dirs._digests = _read_kept(data["claude_digests"])
            self.claude_dirs._targets = list(data["claude_targets"])
        return found

    @property
    def folder(self) -> Path:
        return self.repo.state_dir / "looks"

    def drop(self, plan_id: str, call: str) -> None:
        """Forget the look of `call`: it is put back."""
        self._place(plan_id, call).unlink(missing_ok=True)

    def _place(self, plan_id: str, call: str) -> Path:
        digest = hashlib.sha256(call.encode("utf-8", "surrogateescape")).hexdigest()[:24]
        return self.folder / f"{plan_id}-{digest}{SUFFIX}"


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
    )
