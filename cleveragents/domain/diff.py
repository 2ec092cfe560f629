"""What a diff compares and what it found: the read model of `agents plan diff`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from cleveragents.domain.checkpoint import TreeEntry
from cleveragents.domain.decision import Decision

FileStatus = Literal["added", "deleted", "modified", "type_changed"]


class DiffSide(BaseModel):
    """One end of a diff: the files before or after a decision, or the working tree now."""

    at: Literal["before", "after", "worktree"]
    decision: str | None = None
    checkpoint: str | None = None

    def describe(self) -> str:
        return (
            "the working tree" if self.at == "worktree" else f"{self.at} decision {self.decision}"
        )


class ChangedFile(BaseModel):
    """A path that differs, how, and by how many lines (None for binary content)."""

    path: str
    status: FileStatus
    added: int | None = None
    removed: int | None = None


class FileDiff(BaseModel):
    """The files from `start` to `end`; `note` says when `end` is not what was asked for."""

    plan_id: str
    start: DiffSide
    end: DiffSide
    files: list[ChangedFile] = []
    patch: str = ""
    stat: str = ""
    note: str | None = None


def file_status(before: TreeEntry, after: TreeEntry) -> FileStatus:
    """git's A/D/M/T, in words: a file, a symlink and a submodule are different types."""
    if before.absent:
        return "added"
    if after.absent:
        return "deleted"
    return "modified" if _type(before.mode) == _type(after.mode) else "type_changed"


def _type(mode: str) -> str:
    return "file" if mode.startswith("100") else mode


def last_finished_below(decisions: Sequence[Decision], decision_id: str) -> Decision | None:
    """The newest decision under `decision_id` (at any depth) with a checkpoint after it:
    where an unfinished step's files had got to."""
    below = {decision_id}
    found: Decision | None = None
    for decision in sorted(decisions, key=lambda d: d.seq):  # parents come before children
        if decision.parent_id in below:
            below.add(decision.id)
            if decision.checkpoint_after is not None:
                found = decision
    return found


# How git writes a byte of a path it quotes (`quote.c`, `cq_lookup`): these by name, every
# other control character, DEL, and (core.quotePath, its default) each byte above 0x7f as
# three octal digits; a path holding none of them is written as it is.
_GIT_ESCAPES = {7: "a", 8: "b", 9: "t", 10: "n", 11: "v", 12: "f", 13: "r", 34: '"', 92: "\\"}


def git_quoted(path: str, quote_high: bool = True) -> str:
    """`path` as `git diff --name-only` prints it (core.quotePath `quote_high`): a name
    holding a control character, a quote or a backslash (or a byte that is not ASCII)
    in double quotes with those written as C escapes. A byte that is not UTF-8 (a lone
    surrogate, as `os.fsdecode` reads it) stays that byte unquoted."""
    data = path.encode("utf-8", "surrogateescape")

    def quoted(byte: int) -> bool:
        return byte < 0x20 or byte in (34, 92, 0x7F) or (quote_high and byte > 0x7F)

    if not any(map(quoted, data)):
        return path
    parts = [
        ("\\" + _GIT_ESCAPES.get(b, f"{b:03o}")).encode() if quoted(b) else bytes([b]) for b in data
    ]
    return '"' + b"".join(parts).decode("utf-8", "surrogateescape") + '"'
