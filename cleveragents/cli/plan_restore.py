"""`agents plan restore D [PATH...]`: files back as they were at a decision, no correction."""

from __future__ import annotations

from typing import Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import (
    DryRun,
    Json,
    PlanOption,
    Yes,
    asking,
    command_line,
    confirm,
    services,
)
from cleveragents.cli.restore_prompts import (
    Merge,
    Mine,
    Theirs,
    ask_resolution,
    conflicts_left,
    refused,
    resolution,
    show_files,
)


def restore(
    ctx: typer.Context,
    decision: Annotated[
        str, typer.Argument(help="The decision whose files to put back (see `agents plan tree`).")
    ],
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            help="Files or folders to restore, relative to the top of the working tree; "
            "all of them when left out.",
            show_default=False,
        ),
    ] = None,
    plan: PlanOption = None,
    theirs: Theirs = False,
    mine: Mine = False,
    merge: Merge = False,
    dry_run: DryRun = False,
    yes: Yes = False,
    json: Json = False,
) -> int:
    """Put files back as they were before decision D, without correcting the plan.

    \b
    agents plan restore 7              # every file as at decision 7
    agents plan restore 7 src/app.py   # just this one

    A file you changed since the agent's last checkpoint is a conflict, as in
    `agents plan correct`. It is an operation: `agents plan undo` reverses it.
    """
    from cleveragents.domain.restore_scope import tree_paths

    chosen = resolution(theirs, mine, merge)
    with services(ctx) as s:
        wanted = tree_paths(str(s.repo.root), str(ctx.obj), paths or [])
        preview = s.restores().preview(plan, decision, wanted)
        assert preview.files is not None
        groups = preview.files.groups.as_json()
        if not json and (dry_run or asking(yes)):
            show_files(preview, done=False)
        if dry_run or not preview.changed_paths:
            if json:
                output.emit_json({"dry_run": dry_run, "plan": preview.plan.id, "files": groups})
            elif not dry_run:
                output.show(f"nothing to restore: the files already are as at decision {decision}")
            return 0
        chosen = ask_resolution(preview, chosen, yes)
        if refused(preview, chosen) and not json and not asking(yes):
            show_files(preview, done=False)
        confirm(f"Restore these files of plan {preview.plan.id} as at decision {decision}?", yes)
        op, left = s.restores().restore(preview, wanted, chosen, command_line())
    if json:
        output.emit_json(
            {
                "operation": {"id": str(op.id), "kind": op.kind, "summary": op.summary},
                "conflicts_left": left,
                "files": groups,
            }
        )
    elif not left:
        output.show(f"{op.summary} (operation {op.id}; `agents plan undo {op.id}` reverses it)")
        if not asking(yes):
            show_files(preview)
    if left:
        return conflicts_left(left, None)
    return 0
