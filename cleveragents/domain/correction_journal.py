"""A correction's journal (`Operation.journal`): what it writes, named before it is written.

Entries are strings: a tree's id (the working tree is brought to it by a restore, or was
read as it in a checkpoint), or ACTION before an action whose result no tree holds yet: a
command, a Claude Code call, an edit whose file is not known (`ACTION` alone), or a
write, edit or delete (`ACTION <sha1> <sha256> <path>`: its file's git blob id in either
object format, `-` for a delete). Pure rules; `operation_repair.py` settles a killed
correction by them.
"""

from __future__ import annotations

import hashlib

from cleveragents.domain.action import Action, DeleteAction, EditAction, WriteAction
from cleveragents.domain.checkpoint import TreeEntry

ACTION = "action"
GONE = "-"


def about_to_write(path: str, action: Action | None, now: bytes | None = None) -> str:
    """The entry for `action` on `path`, made before it writes anything; an edit's names
    what it leaves in the file holding `now` (as `WorkspaceEnvironment` edits it), and is
    bare when the file is not known (None: absent, a link, unreadable) or lacks its text."""
    if isinstance(action, WriteAction):
        return about_to_leave(path, action.content.encode())
    if isinstance(action, EditAction) and now is not None:
        text = now.decode("utf-8", errors="surrogateescape")
        if action.find in text:
            edited = text.replace(action.find, action.replace, 1)
            return about_to_leave(path, edited.encode("utf-8", errors="surrogateescape"))
    if isinstance(action, DeleteAction):
        return f"{ACTION} {GONE} {GONE} {path}"
    return ACTION


def about_to_leave(path: str, data: bytes) -> str:
    """The entry for an action that leaves `data` in the file at `path`."""
    header = b"blob %d\0" % len(data)
    ids = [hashlib.new(name, header + data).hexdigest() for name in ("sha1", "sha256")]
    return f"{ACTION} {ids[0]} {ids[1]} {path}"


def is_action(entry: str) -> bool:
    return entry == ACTION or entry.startswith(f"{ACTION} ")


def written(entry: str) -> tuple[str, set[str]] | None:
    """The path an action entry names, with the blob ids it leaves there (GONE: none)."""
    parts = entry.split(" ", 3)
    if len(parts) < 4 or parts[0] != ACTION:
        return None
    return parts[3], {parts[1], parts[2]}


def as_written(entry: TreeEntry, blobs: set[str]) -> bool:
    """Whether a path's entry now is what a write or delete named by `blobs` left there."""
    if entry.absent:
        return GONE in blobs
    return entry.regular_file and entry.blob in blobs
