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
