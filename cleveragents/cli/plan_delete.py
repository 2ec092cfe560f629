"""`agents plan delete PLAN...`: plans out of sight, undoable until `agents gc`."""

from __future__ import annotations

from typing import Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json, command_line, confirm, services


def delete(
    ctx: typer.Context,
    plans: Annotated[
        list[str], typer.Argument(metavar="PLAN", help="Plan ids or unique prefixes of them.")
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask first.")] = False,
    json: Json = False,
) -> int:
    """Delete plans: they leave `plan list`, and no command resumes or corrects them.

    Nothing is freed yet: each delete is an operation, and `agents plan undo` brings the
    plan back, decisions and checkpoints whole, until `agents gc` drops what it held.
    Files of the working tree are not touched. A plan another command is running is
    refused (exit 3).
    """
    named = ", ".join(plans)
    confirm(
        f"Delete plan {named}? `agents plan undo` brings it back until `agents gc`.",
        yes,
        declined="the delete was declined",
    )
    with services(ctx) as s:
        deletion = s.deletion()
        done = deletion.delete(plans, command_line())
    if json:
        output.emit_json(
            {
                "deleted": [
                    {
                        "plan": plan.id,
                        "operation": str(op.id),
                        "deleted_at": plan.model_dump(mode="json")["deleted_at"],
                        "held_looks_dropped": deletion.looks[plan.id],
                    }
                    for plan, op in done
                ]
            }
        )
        return 0
    for plan, op in done:
        output.show(
            f"deleted plan {plan.id} ({plan.task}) as operation {op.id}; "
            f"`agents plan undo {op.id}` brings it back, `agents gc` frees its disk"
        )
        if looks := deletion.looks[plan.id]:
            output.show(f"dropped {_looks(looks)} of its Claude Code calls left unfinished")
    return 0


def _looks(count: int) -> str:
    return f"{count} held look" if count == 1 else f"{count} held looks"
