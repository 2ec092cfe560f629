"""`agents plan decision`: one decision, all it recorded."""

from __future__ import annotations

from typing import Annotated

import typer

from cleveragents.cli.options import Json, PlanOption


def decision(
    ctx: typer.Context,
    decision_id: Annotated[
        str, typer.Argument(metavar="DECISION", help="A decision id, or PLAN:ID.")
    ],
    plan: PlanOption = None,
    json: Json = False,
) -> int:
    """Show one decision: kind, summary, rationale, action, outcome, checkpoints, changed
    files, and the output of the commands it ran (`agents plan log` prints it alone)."""
    from cleveragents.cli.decision_view import decision as shown

    return shown(ctx.obj, plan, decision_id, json)
