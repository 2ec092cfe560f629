"""`agents plan log`: what a decision's commands printed, raw, for scripts."""

from __future__ import annotations

from typing import Annotated

import typer

from cleveragents.cli.options import PlanOption


def log(
    ctx: typer.Context,
    decision_id: Annotated[
        str, typer.Argument(metavar="DECISION", help="A decision id, or PLAN:ID.")
    ],
    plan: PlanOption = None,
) -> int:
    """Print the output of the command or checks a decision ran, as they printed it
    (stdout and stderr together), and nothing else.

    Output past 64 KiB was kept as its head and tail with a line between them saying how
    many bytes were cut. A decision that ran no command (a write, a step, a strategy)
    prints nothing, says so on stderr and exits 0, like one whose command printed nothing:
    `agents plan decision D --json` tells the two apart (`"output": null`). An unknown
    decision exits 2. On a terminal, control characters and escape sequences are shown
    escaped (`\\x1b`); piped or redirected, the bytes are as printed.
    """
    from cleveragents.cli import plan_views

    return plan_views.log(ctx.obj, plan, decision_id)
