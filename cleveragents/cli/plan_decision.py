"""`agents plan decision`: one decision, all it recorded."""

from __future__ import annotations

from typing import Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json, PlanOption, services


def decision(
    ctx: typer.Context,
    decision_id: Annotated[
        str, typer.Argument(metavar="DECISION", help="A decision id, or PLAN:ID.")
    ],
    plan: PlanOption = None,
    json: Json = False,
) -> int:
    """Show one decision: kind, summary, rationale, action, outcome, checkpoints, changed files."""
    with services(ctx) as s:
        found, d, changed = s.inspection.decision(plan, decision_id)
    if json:
        output.emit_json({"plan": found.id, **d.model_dump(mode="json"), "files_changed": changed})
        return 0
    keys = (
        "id",
        "kind",
        "phase",
        "status",
        "superseded_by",
        "summary",
        "rationale",
        "outcome",
        "step",
        "option",
        "parent_id",
        "checkpoint_before",
        "checkpoint_after",
        "actor_state_before",
        "created_at",
    )
    data = d.model_dump(mode="json")
    rows = [(k.replace("_", " "), str(data[k])) for k in keys if data[k] not in (None, "")]
    if d.action:
        rows.append(("action", ", ".join(f"{k}={v!r}" for k, v in d.action.items())))
    rows.append(("files changed", ", ".join(changed) or "none"))
    output.key_values(rows)
    return 0
