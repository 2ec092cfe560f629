"""`agents plan list|show` as typer commands (`main.py` answers their plain forms without typer)."""

from __future__ import annotations

from typing import Annotated

import typer

from cleveragents.cli.options import Json, PlanRef


def list_plans(
    ctx: typer.Context,
    json: Json = False,
    size: Annotated[
        bool,
        typer.Option(
            "--size",
            help="Show the disk each plan takes (about): its records, and the loose git "
            "objects only it reaches. Walks the repository's objects: slower.",
        ),
    ] = False,
) -> int:
    """List the plans of this repository, oldest first (deleted plans are not listed)."""
    from cleveragents.cli import plan_views

    return plan_views.list_plans(ctx.obj, json, size)


def show(ctx: typer.Context, plan: PlanRef = None, json: Json = False) -> int:
    """Show a plan: status, phase, head decision, counts of its decisions, corrections."""
    from cleveragents.cli import plan_views

    return plan_views.show(ctx.obj, plan, json)
