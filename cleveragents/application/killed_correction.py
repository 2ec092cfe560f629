"""What a killed correction wrote, told from what changed since by its journal.

A correction keeps a journal (`Operation.journal`): every tree it brought the working tree
to, and each action it began. When it is killed, the settling (`operation_repair.py`) puts
back only the paths that are as one of those trees (or those actions) left them; any other
is as someone else left it since, the user most often, and stays, named in its summary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cleveragents.application.file_restore import ResolvedFiles
from cleveragents.domain.checkpoint import TreeEntry
from cleveragents.domain.correction import Operation
from cleveragents.domain.correction_journal import as_written, is_action, written
from cleveragents.domain.shown_text import visible

if TYPE_CHECKING:
    from cleveragents.application.operation_log import OperationLog


def written_back(
    log: OperationLog, op: Operation, journal: list[str], now: str
) -> tuple[ResolvedFiles, list[str]]:
    """The tree that puts back only what a killed correction wrote (the paths now as one of
    the trees of its journal has them), and the paths changed since that it keeps. Known
    and open (attack 31, F1): what its cut-off command wrote over a user's file is kept
    too; the user's edits after the kill are not told from it by time alone."""
    assert op.files_before is not None
    safety = log.store.checkpoint(op.files_before).tree
    marks = [entry for entry in journal if not is_action(entry)]
    changed, *written_trees = log.checkpoints.trees.differences_each(
        [(safety, now), *((safety, mark) for mark in marks)]
    )
    gave: dict[str, set[TreeEntry]] = {}
    for differences in written_trees:
        for path, (_, entry) in differences.items():
            gave.setdefault(path, set()).add(entry)
    blobs: dict[str, set[str]] = {}  # what the writes and deletes it began leave
    for named in filter(None, map(written, journal)):
        blobs.setdefault(named[0], set()).update(named[1])

    def wrote(path: str, entry: TreeEntry) -> bool:
        return entry in gave.get(path, ()) or as_written(entry, blobs.get(path, set()))

    kept = sorted(path for path, (_, entry) in changed.items() if not wrote(path, entry))
    # A path put back may not stand where a kept one needs a folder, nor the other way.
    folders = {folder for path in kept for folder in _folders(path)}
    held = set(kept)
    back = {
        path: was
        for path, (was, _) in changed.items()
        if path not in held and path not in folders and not held.intersection(_folders(path))
    }
    kept = sorted(path for path in changed if path not in back)
    return ResolvedFiles(log.checkpoints.trees.edited_tree(now, back), [], []), kept


def _folders(path: str) -> list[str]:
    """The folders `path` is in: `a/b/c` is in `a` and `a/b`."""
    parts = path.split("/")
    return ["/".join(parts[:n]) for n in range(1, len(parts))]


def say_kept(log: OperationLog, op: Operation, kept: list[str], cut: bool) -> None:
    """Say in the operation's summary which paths the settling left as they are."""
    why = "your edits, or the action it was cut off in" if cut else "your edits"
    op.summary = (
        "interrupted; plan state and the files it wrote put back as they were before it; "
        f"kept ({why}): " + ", ".join(visible(path, one_line=True) for path in kept)
    )
    with log.store.transaction():
        log.store.save_operation(op)
