"""Corrections and operations: what a person asked for, and what each command changed."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from cleveragents.domain.checkpoint import SavedFiles


class CorrectionMode(StrEnum):
    REVERT = "revert"
    APPEND = "append"


class Restore(StrEnum):
    BOTH = "both"
    FILES = "files"
    CONTEXT = "context"


class Correction(BaseModel):
    """A person's correction of a plan, with everything needed to explain and undo it."""

    id: str
    plan_id: str
    mode: CorrectionMode
    target: str | None
    guidance: str
    restore: Restore
    scope: str | None = None  # agent or full (files restores)
    files: dict[str, list[str]] = Field(default_factory=dict)  # restored, kept, conflicts
    affected: list[str] = Field(default_factory=list)
    intervention: str | None = None
    safety_checkpoint: str | None = None
    restored_checkpoint: str | None = None
    outcome: str | None = None
    created_at: datetime


class OperationStatus(StrEnum):
    RUNNING = "running"
    DONE = "done"
    INTERRUPTED = "interrupted"
    ROLLED_BACK = "rolled_back"


class Unsettled(BaseModel):
    """What a settling's put-back could not write back (a saved record failed): tried again
    by every later command that settles until it is. `records`: the saved records narrowed
    to those paths; `left`: each path's state as the failed settling left it (made inert);
    `spare`: the other paths the records' commits hold, which a put-back of them would
    write too. A path found otherwise since is the user's, and no longer tried."""

    records: list[SavedFiles]
    left: dict[str, tuple[str | None, int | None]]
    spare: list[str] = Field(default_factory=list)


class Operation(BaseModel):
    """One command that changed files or plan state, with what it takes to undo it.

    `plan_before` is the plan as it was, `decisions_before` each decision's status and
    `superseded_by` as they were; `files_before` and `files_after` the checkpoints of the
    working tree before and after it, and `saved` what it replaced that no checkpoint holds
    (put back by undo, oldest state winning).
    """

    id: int
    plan_id: str
    kind: str
    command: str
    status: OperationStatus = OperationStatus.RUNNING
    files_before: str | None = None
    # The checkpoint of the working tree when it finished: what it changed is what differs
    # from `files_before`, and an undo takes back only that. None (recorded before ends
    # were, or by a command killed before it finished): an undo puts the whole tree back.
    files_after: str | None = None
    plan_before: dict[str, Any] | None = None
    decisions_before: dict[str, list[str | None]] = Field(default_factory=dict)
    saved: list[SavedFiles] = Field(default_factory=list)
    # Each path of `saved` as the operation left it (`domain/saved_states.py`): an undo
    # puts back only what it changed, and asks about what changed since. None: recorded
    # before operations kept these, or nothing was saved.
    saved_after: dict[str, tuple[str | None, int | None]] | None = None
    # The permission bits of each regular file it created or changed, as it left them (a
    # tree records the executable bit only): one the user changed since is the user's edit.
    modes_after: dict[str, int] | None = None
    undoes: int | None = None
    summary: str = ""
    # The plan store it was made in (None: this one, before stores had names), and its id
    # there: an operation pulled with its plan from another clone is undone there only.
    made_in: str | None = None
    home_id: int | None = None
    # The records commit of the plan as they were before it (`agents plan pull`): undoing
    # it imports them back whole.
    records_before: str | None = None
    # A correction's own journal (`domain/correction_journal.py`), each entry on disk before
    # what it names is written. None: not a correction, or one made before journals were.
    journal: list[str] | None = None
    # A repair's paths it took back from where the host runs them (a killed command's bytes):
    # no undo writes them back, as none does what the put-back after a command removes;
    # they stay in the commit its outcome names (attack 26, F3).
    held_out: list[str] = Field(default_factory=list)
    # A repair's paths its put-back failed on (named, made inert), still to be put back.
    unsettled: Unsettled | None = None
    # When the look before its first command was taken (ns), and the repository's own git
    # config then: what a kill's settle puts the `.git` back to (attack 31, F7).
    first_look: tuple[int, dict[str, dict[str, list[str]]]] | None = None
    created_at: datetime
    finished_at: datetime | None = None
