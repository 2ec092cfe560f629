"""`agents plan decision`, without typer or pydantic: `main.py` runs its plain form before
typer is imported, and the typer command (`plan_decision.py`) runs it for every other.

The decision's fields come from its one row (`SqliteRows.decision`) as the model would
dump them, or from the model where only it can read the row; both print alike, from the
same JSON-shaped fields.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cleveragents.adapters.render.labels import KIND_NAMES
from cleveragents.bootstrap_rows import bootstrap_rows
from cleveragents.cli import output
from cleveragents.cli.services import opened
from cleveragents.domain.command_output import cut_bytes
from cleveragents.domain.decision_facts import STANDING, action_rows, distance_row, result_shown
from cleveragents.domain.shown_text import visible
from cleveragents.domain.states import DecisionKind
from cleveragents.domain.tree import decision_id
from cleveragents.domain.when import said_when

if TYPE_CHECKING:
    from cleveragents.bootstrap_rows import StoredRows

# What the text tells of a decision, in this order, each only when it is set.
KEYS = (
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


def decision(start: Path, plan_ref: str | None, ref: str, json: bool) -> int:
    """Show one decision: its fields, the files it changed, and the output it kept."""
    stored = bootstrap_rows(start)
    found = _from_row(stored, plan_ref, ref)
    if found is None:
        with opened(start, reading=True) as s:
            plan, model, changed = s.inspection.decision(plan_ref, ref)
        plan_id, fields = plan.id, model.model_dump(mode="json")
    else:
        plan_id, fields = found
        changed = stored.changed(fields["checkpoint_before"], fields["checkpoint_after"])
    if json:
        cut = cut_bytes(fields["output"] or "")
        output.emit_json(
            {"plan": plan_id, **fields, "output_cut_bytes": cut, "files_changed": changed}
        )
        return 0
    rows = _facts(fields, changed)
    if fields.get("page"):
        from cleveragents.adapters.environments.browser.page_files import page_rows

        page = page_rows(stored.repo.git_dir, fields["page"])
        rows += [(key, visible(value, one_line=True)) for key, value in page]
    output.key_values(rows)
    if fields["output"]:
        output.printed(fields["output"])
    return 0


def _from_row(
    stored: StoredRows, plan_ref: str | None, ref: str
) -> tuple[str, dict[str, Any]] | None:
    """The plan's id and the decision's fields from its row; None when only the services
    can answer: `PLAN:ID`, an unknown decision (they word the errors), a row only the model
    reads, a store to settle or migrate first."""
    if ":" in ref:
        return None
    with stored.rows() as rows:
        if rows is None:
            return None
        plan_id = rows.plan(plan_ref)["id"]
        try:
            return plan_id, rows.decision(plan_id, decision_id(ref))
        except KeyError:
            return None


def _facts(fields: dict[str, Any], changed: list[str]) -> list[tuple[str, str]]:
    data = dict(fields)
    data["kind"] = KIND_NAMES[DecisionKind(fields["kind"])]  # --json keeps the stored name
    data["created_at"] = said_when(fields["created_at"], datetime.now(UTC))
    data["status"] = STANDING[fields["status"]]
    # Each cell on one line: a newline in a model's or a pulled record's text (a summary,
    # a rationale, an outcome, an option) cannot start a row of its own.
    rows = [
        (k.replace("_", " "), visible(str(data[k]), one_line=True))
        for k in KEYS
        if data[k] not in (None, "")
    ]
    rows.insert(KEYS.index("status"), ("result", result_shown(fields["ok"], fields["outcome"])))
    if fields["action"]:
        rows += action_rows(fields["action"])
    rows += distance_row(fields.get("distance_before"), fields.get("distance_after"))
    rows.append(("files changed", ", ".join(visible(p, one_line=True) for p in changed) or "none"))
    if fields["output"] is not None:
        rows.append(("output", _output_fact(fields["output"])))
    return rows


def _output_fact(text: str) -> str:
    """What the output row says of the lines printed below it."""
    if not text:
        return "none: the command printed nothing"
    lines = len(text.splitlines())
    said = f"{lines} line{'s' if lines != 1 else ''}, as printed, below"
    cut = cut_bytes(text)
    return said + (f"; {cut} bytes were cut from the middle, where it says so" if cut else "")
