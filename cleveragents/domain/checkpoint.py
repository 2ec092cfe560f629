"""A checkpoint: a git commit of the whole working tree (tracked and untracked, not ignored)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict


class Checkpoint(BaseModel):
    """`id` is the commit; `tree` is the exact state identity of the files."""

    model_config = ConfigDict(frozen=True)

    id: str
    plan_id: str
    tree: str
    label: str
    created_at: datetime


class SavedFiles(BaseModel):
    """Bytes no checkpoint tree holds, saved before something overwrote or removed them.

    Ignored files, files inside nested repositories, and permission bits git does not record
    (`0600`): `commit` is a commit (on the plan's checkpoint ref) whose tree holds the saved
    files' bytes, `modes` their exact permission bits, `absent` the paths where nothing stood,
    `folders` folders' permission bits (no checkpoint records a folder's mode), `empty` the
    empty folders a command removed (no tree holds an empty folder): made again, their
    modes in `folders`; `made` the folders a command made that stood empty after it (or
    held only those): removed again where they stand empty.
    `at` orders records in time: putting several back, the oldest is applied last and wins.
    """

    model_config = ConfigDict(frozen=True)

    plan_id: str
    commit: str | None = None
    modes: dict[str, int] = {}
    absent: list[str] = []
    at: int = 0
    folders: dict[str, int] = {}
    empty: list[str] = []
    made: list[str] = []

    @property
    def paths(self) -> list[str]:
        return [*self.modes, *self.absent]


def oldest_last(records: list[SavedFiles]) -> list[SavedFiles]:
    """The order to put saved files back in: newest first, so the oldest state wins."""
    return sorted(records, key=lambda r: r.at, reverse=True)


ABSENT = "000000"
GITLINK = "160000"  # a nested repository's commit: a tree records no more of it
SYMLINK = "120000"


@dataclass(frozen=True)
class TreeEntry:
    """A path's state in a tree: its git mode (`100644`, `100755`, `120000`, `160000`) and
    object id, or ABSENT."""

    mode: str
    blob: str

    @property
    def absent(self) -> bool:
        return self.mode == ABSENT

    @property
    def regular_file(self) -> bool:
        return self.mode in ("100644", "100755")


# Each path that differs between two trees, with its entry in the first and in the second.
Differences = dict[str, tuple[TreeEntry, TreeEntry]]


# What a restore, an action or a command is about to destroy that no checkpoint holds,
# handed over before anything is destroyed: the operation under way records it for undo.
Keep = Callable[[SavedFiles], None]
# Each checkpoint's tree, and a restore's target before it writes (a correction's journal).
Journal = Callable[[str], None]
# The look before a command: when it was taken, and the repository's own git config then.
Looked = Callable[[int, dict[str, dict[str, list[str]]] | None], None]


def unlooked(at: int, own_config: dict[str, dict[str, list[str]]] | None) -> None:
    """No operation records the looks before its commands."""


class Keeping(NamedTuple):
    """An operation's `keep` and `journal`, handed to the checkpoint calls made for it."""

    keep: Keep
    journal: Journal
    looked: Looked = unlooked  # the first look before a command, kept for a kill's settle
