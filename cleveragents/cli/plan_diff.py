"""`agents plan diff`: what files decisions changed."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json, PlanOption, services


def diff(
    ctx: typer.Context,
    first: Annotated[
        str, typer.Argument(metavar="D1", help="The decision whose files to start from.")
    ],
    second: Annotated[
        str | None,
        typer.Argument(
            metavar="D2",
            help="The decision to compare with; the working tree if left out.",
            show_default=False,
        ),
    ] = None,
    plan: PlanOption = None,
    json: Json = False,
) -> int:
    """The file diff between two decisions' checkpoints, or a decision and the working tree.

    A decision's files are those of its checkpoint before it: what a revert to it restores.
    """
    with services(ctx) as s:
        patch = s.inspection.diff(plan, first, second)
    if json:
        output.emit_json({"patch": patch})
        return 0
    sys.stdout.write(patch + ("\n" if patch and not patch.endswith("\n") else ""))
    return 0
