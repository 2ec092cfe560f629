"""`agents plan undo [OP]`: put back what an operation changed; undo an undo to redo."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json, Yes, asking, command_line, confirm, services
from cleveragents.cli.restore_prompts import (
    Merge,
    Mine,
    Theirs,
    ask_for,
    conflicts_left,
    resolution,
)

if TYPE_CHECKING:
    from cleveragents.application.file_restore import FilesPlan
    from cleveragents.application.undo_files import UndoResult


def undo(
    ctx: typer.Context,
    operation: Annotated[
        int | None,
        typer.Argument(
            metavar="OP",
            help="The operation to undo (see `agents plan ops`); the newest by default.",
            show_default=False,
            min=1,
            max=2**63 - 1,  # SQLite's largest integer
        ),
    ] = None,
    theirs: Theirs = False,
    mine: Mine = False,
    merge: Merge = False,
    yes: Yes = False,
    json: Json = False,
) -> int:
    """Put back what an operation changed, and plan state as it was before it. Undo an undo
    to redo.

    Only the files the operation changed go back: what you changed since, that it did not
    change, stays (a file both changed is a conflict: asked about on a terminal, refused
    with exit 3 without one unless --theirs, --mine or --merge). With nothing changed since,
    the working tree is exactly as before the operation. A safety checkpoint of the working
    tree comes first, so nothing of yours is lost.

    A run or resume stopped by an interrupt undoes like a finished one.
    Without OP: the newest operation with something to undo (a newer one
    that was rolled back is passed, and a note says so).
    """
    from datetime import UTC, datetime

    from cleveragents.domain.when import said_when

    with services(ctx) as s:
        chosen = resolution(theirs, mine, merge)
        if asking(yes):  # the question names what it undoes; without one, the undo says so
            target = s.operations.target(operation)
            if s.operations.undo_files.selective(target):
                preview = s.operations.undo_files.preview(target)
                show_files(preview, done=False)
                chosen = ask_for(preview, chosen, yes)
            when = said_when(target.created_at, datetime.now(UTC))
            confirm(
                f"Undo operation {target.id} ({target.kind}: `{target.command}`, {when})? "
                "Files of the working tree will be restored.",
                yes,
            )
        result = s.operations.undo(operation, command_line(), chosen)
        for notice in s.operations.notices:
            output.note(notice)
    left = [*result.resolved.markers, *result.resolved.unmerged] if result.resolved else []
    if json:
        _emit(result, left)
    else:
        _show(result, quiet=asking(yes))
    if left:
        return conflicts_left(left, None)
    return 0


def _emit(result: UndoResult, left: list[str]) -> None:
    from cleveragents.domain.documents import operation_shown

    output.emit_json(
        {
            "undone": operation_shown(result.target),
            "operation": operation_shown(result.operation),
            "files": result.files.groups.as_json() if result.files else None,
            "whole_tree": result.whole,
            "put_back": result.put_back,
            "conflicts_left": left,
        }
    )


def _show(result: UndoResult, quiet: bool) -> None:
    undone, op = result.target, result.operation
    output.show(
        f"undid operation {undone.id} ({undone.kind}: {undone.summary}) as operation "
        f"{op.id}; `agents plan undo {op.id}` redoes it"
    )
    if result.whole:
        output.note(
            f"operation {undone.id} was recorded without the files it left: the whole working "
            "tree went back as before it, your later edits too "
            f"(`agents plan undo {op.id}` brings them back)"
        )
    if result.files is not None and not quiet:
        show_files(result.files)
    if result.put_back and not quiet:
        title = "put back (ignored files and modes no checkpoint holds)"
        output.path_groups(((title, _git_dirs_whole(result.put_back)),))


def _git_dirs_whole(paths: list[str]) -> list[str]:
    """`paths`, with those inside a `.git` folder (a nested repository's) shown as it."""
    shown: dict[str, None] = {}
    for path in paths:
        parts = path.split("/")
        inside = [i for i, part in enumerate(parts[:-1]) if part.lower() == ".git"]
        shown["/".join(parts[: inside[0] + 1]) + "/" if inside else path] = None
    return list(shown)


def show_files(files: FilesPlan, done: bool = True) -> None:
    """An undo's three groups of paths, each path on a line of its own."""
    groups, held = files.groups, files.groups.withheld
    restored = f"{'' if done else 'would be '}restored (the operation's changes undone)"
    output.path_groups(
        (
            (restored, groups.restored),
            (
                "kept (changed since, not by the operation)",
                [p for p in groups.kept if p not in held],
            ),
            ("conflicts (changed by the operation and since)", groups.conflicts),
        )
    )
    if held:  # a repair's: what a killed command left where the host runs it stays out
        output.path_groups((("kept out (the killed command's, where your host runs it)", [*held]),))
