"""`agents plan decision`: one decision, all it recorded."""

from __future__ import annotations

from typing import Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json, PlanOption, services
from cleveragents.domain.command_output import cut_bytes


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
    with services(ctx) as s:
        found, d, changed = s.inspection.decision(plan, decision_id)
    if json:
        document = {**d.model_dump(mode="json"), "output_cut_bytes": cut_bytes(d.output or "")}
        output.emit_json({"plan": found.id, **document, "files_changed": changed})
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
        "made_by",
        "created_at",
    )
    from datetime import UTC, datetime

    from cleveragents.adapters.render.labels import KIND_NAMES
    from cleveragents.domain.decision_facts import RESULTS, STANDING, action_rows
    from cleveragents.domain.when import said_when

    data = d.model_dump(mode="json")
    data["kind"] = KIND_NAMES[d.kind]  # the stored name is for scripts: --json keeps it
    data["created_at"] = said_when(d.created_at, datetime.now(UTC))
    data["status"] = STANDING[d.status]
    rows = [(k.replace("_", " "), str(data[k])) for k in keys if data[k] not in (None, "")]
    rows.insert(keys.index("status"), ("result", RESULTS[d.ok]))
    if d.action:
        rows += action_rows(d.action)
    rows.append(("files changed", ", ".join(changed) or "none"))
    if d.output is not None:
        rows.append(("output", _output_fact(d.output)))
    output.key_values(rows)
    if d.output:
        output.printed(d.output)
    return 0


def _output_fact(text: str) -> str:
    """What the output row says of the lines printed below it."""
    if not text:
        return "none: the command printed nothing"
    lines = len(text.splitlines())
    said = f"{lines} line{'s' if lines != 1 else ''}, as printed, below"
    cut = cut_bytes(text)
    return said + (f"; {cut} bytes were cut from the middle, where it says so" if cut else "")
