"""`agents plan list`, `plan show`, `plan tree` and `plan log`, without typer: `main.py`
runs their plain forms before typer is imported; `plan_inspect.py` makes the first two
typer commands for every other command line (`plan_tree.py` and `plan_log.py` are the others').

They read the store's rows as stored (`SqliteRows`) and import neither GitPython nor
pydantic, nor rich where the output is plain text. Where the rows alone cannot answer
exactly what the models would, they read through the services like every other command,
which first settles what a killed command left behind.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from cleveragents.bootstrap_rows import LISTED, bootstrap_rows
from cleveragents.cli import output
from cleveragents.cli.services import opened
from cleveragents.domain.kind_words import KIND_WORDS
from cleveragents.domain.read_model import PlanRow
from cleveragents.domain.states import PlanStatus
from cleveragents.domain.tree import decision_id as decision_id_of

if TYPE_CHECKING:
    from cleveragents.adapters.render.tree_outline import Outline
    from cleveragents.adapters.storage.sqlite_rows import SqliteRows

Answer = TypeVar("Answer")
# The plan's own fields `plan show` tells, in this order, each only when it is set.
FACTS = (
    "id",
    "task",
    "status",
    "phase",
    "head_decision",
    "outcome",
    "exhausted",
    "actor",
    "actor_source",
    "actor_version",
    "session",
    "model",
    "decisions",
    "created_at",
    "updated_at",
)
RESUMABLE = ("interrupted", "stopped")  # PlanStatus values; its module imports pydantic


def list_plans(start: Path, json: bool, size: bool = False) -> int:
    """The plans of the repository at or above `start`, oldest first; with `size`, the
    disk each takes (it needs git: never on the fast path)."""
    plans = None if size else _from_rows(start, lambda rows: rows.listed())
    if plans is None:
        with opened(start, reading=True) as s:
            plans = [p.model_dump(mode="json", include=set(LISTED)) for p in s.inspection.plans()]
            if size:
                _add_sizes(plans, s.garbage().sizes())
    if json:
        output.emit_json({"plans": plans})
        return 0
    if not plans:
        output.show("no plans yet: start one with `agents plan run --script FILE`")
        return 0
    from cleveragents.domain.shown_text import visible

    rows = []
    for p in plans:
        disk = [output.disk_size(p["size"]["bytes"])] if size else []
        task = visible(p["task"], one_line=True)  # a row a plan: its newlines escaped
        rows.append([p["id"], p["status"], p["phase"], p["head_decision"] or "-", *disk, task])
    output.table(["id", "status", "phase", "head", *(["size"] if size else []), "task"], rows)
    if size:
        total = sum(p["size"]["bytes"] for p in plans)
        output.show(
            f"{output.disk_size(total)} in all (records, about, and loose objects no other "
            "plan and nothing of yours reaches); `agents gc --dry-run` tells what gc frees"
        )
    return 0


def _add_sizes(plans: list[dict[str, Any]], sizes: dict[str, Any]) -> None:
    for plan in plans:
        found = sizes[plan["id"]]
        plan["size"] = {
            "bytes": found.rows + found.object_bytes,
            "records_bytes": found.rows,
            "objects": found.objects,
            "objects_bytes": found.object_bytes,
        }


def show(start: Path, ref: str | None, json: bool) -> int:
    """A plan's status, phase, head decision, counts of its decisions, and corrections.

    `--json` prints every field of the plan: the rows give them as the models would only
    when they hold every field (`shaped`); a row an older version wrote lacks the newer
    ones, and is read through the models.
    """
    if json:
        summary = _from_rows(start, lambda rows: _summary_document(rows, ref))
        if summary is None:
            with opened(start, reading=True) as s:
                summary = s.inspection.summary(ref)
        output.emit_json(summary)
        return 0
    facts = _from_rows(start, lambda rows: _facts(_summary(rows, ref)))
    if facts is None:
        with opened(start, reading=True) as s:
            facts = _facts(s.inspection.summary(ref))
    output.key_values(facts)
    return 0


def _summary_document(rows: SqliteRows, ref: str | None) -> dict[str, Any]:
    from cleveragents.domain.summary import plan_summary  # with `trust`: `plan show` alone

    plan = rows.plan_document(ref)
    kinds, statuses = rows.decisions(plan["id"])
    corrections = rows.correction_documents(plan["id"])
    return plan_summary(plan, kinds, statuses, corrections, rows.irreversible(plan["id"]))


def tree(start: Path, ref: str | None, json: bool = False) -> int:
    """The decision tree as plain whole lines, as `plan tree` writes it to a pipe without
    colour (the same outline `render/tree.py` draws with rich), or with `json` its document."""
    if json:
        return _tree_document(start, ref)
    from cleveragents.adapters.render.tree_outline import outline, plain_lines

    drawn = _from_rows(start, lambda rows: _outline(rows, ref))
    if drawn is None:
        with opened(start, reading=True) as s:
            found, decisions, _ = s.inspection.tree(ref)
        drawn = outline(found, decisions)
    output.raw(plain_lines(drawn).encode())
    return 0


def _tree_document(start: Path, ref: str | None) -> int:
    from cleveragents.adapters.render.tree_json import plan_tree, tree_document

    def read(rows: SqliteRows) -> dict[str, Any]:
        plan = rows.plan_document(ref)
        decisions = rows.decision_documents(plan["id"])
        return plan_tree(plan, decisions, rows.correction_documents(plan["id"]))

    document = _from_rows(start, read)
    if document is None:
        with opened(start, reading=True) as s:
            document = tree_document(*s.inspection.tree(ref))
    output.emit_json(document)
    return 0


def _outline(rows: SqliteRows, ref: str | None) -> Outline:
    from cleveragents.adapters.render.tree_outline import outline

    plan = rows.plan(ref)
    found = PlanRow(id=plan["id"], status=PlanStatus(plan["status"]), task=plan["task"])
    return outline(found, rows.decision_lines(found.id))


def log(start: Path, plan_ref: str | None, ref: str) -> int:
    """What decision `ref` printed, as `plan log` prints it: the one row it is in is read."""
    found = _from_rows(start, lambda rows: _output(rows, plan_ref, ref))
    if found is None:
        with opened(start, reading=True) as s:
            _, decision, _ = s.inspection.decision(plan_ref, ref)
        found = decision.id, decision.output
    decision_id, text = found
    if text is None:
        output.note(f"decision {decision_id} ran no command: there is no output to print")
        return 0
    if sys.stdout.isatty():  # a person reads it: nothing in it may act on the terminal
        from cleveragents.domain.shown_text import visible

        text = visible(text)
    output.raw(text.encode("utf-8", "surrogateescape"))
    return 0


def _output(rows: SqliteRows, plan_ref: str | None, ref: str) -> tuple[str, str | None]:
    """A decision's id and output; KeyError (the services answer) for `PLAN:ID` or an
    unknown decision, whose errors `resolve_decision` words."""
    if ":" in ref:
        raise KeyError(ref)
    plan = rows.plan(plan_ref)
    decision_id = decision_id_of(ref)
    return decision_id, rows.output(plan["id"], decision_id)


def _from_rows(start: Path, read: Callable[[SqliteRows], Answer]) -> Answer | None:
    """What `read` answers from the store's rows; None when only the models can answer."""
    with bootstrap_rows(start).rows() as rows:
        if rows is None:
            return None
        try:
            return read(rows)
        except KeyError:  # a row an older version wrote: the model gives the field's default
            return None


def _summary(rows: SqliteRows, ref: str | None) -> dict[str, Any]:
    from cleveragents.domain.summary import plan_summary

    plan = rows.plan(ref)
    kinds, statuses = rows.decisions(plan["id"])
    corrections = rows.corrections(plan["id"])
    return plan_summary(plan, kinds, statuses, corrections, rows.irreversible(plan["id"]))


def _facts(summary: dict[str, Any]) -> list[tuple[str, str]]:
    """What a person reads of a plan: only the fields that apply to it, times in words.

    A field not set (no outcome, no budget ran out, no model) is left out, and so is the
    model's usage when no model was asked anything; `--json` keeps every field.
    """
    from datetime import UTC, datetime

    from cleveragents.domain.shown_text import visible
    from cleveragents.domain.trust import trust_facts
    from cleveragents.domain.when import said_when

    now = datetime.now(UTC)
    said = {key: summary.get(key) for key in FACTS}
    said["created_at"] = said_when(summary["created_at"], now)
    said["updated_at"] = said_when(summary["updated_at"], now)
    # Each cell on one line: a newline in the task, the actor's source or the outcome
    # (a pulled record's, a model's) cannot start a row of its own.
    rows = [
        (key.replace("_", " "), visible(str(value), one_line=True))
        for key, value in said.items()
        if value is not None
    ]
    if summary["status"] in RESUMABLE:
        rows.append(("continue with", f"agents plan resume {summary['id']}"))
    usage, budget = summary["usage"], summary["budget"]
    rows += [
        (
            "by kind",
            ", ".join(f"{KIND_WORDS.get(k, k)} {v}" for k, v in summary["by_kind"].items()),
        ),
        ("by status", ", ".join(f"{k} {v}" for k, v in summary["by_status"].items())),
        *_irreversible(summary.get("irreversible") or []),
        *_not_put_back(summary.get("not_put_back") or {}),
        ("actor calls", f"{usage['actor_calls']} of {budget['actor_calls']}"),
        ("replans", f"{usage['replans']} of {budget['replans']}"),
        ("retries per step", str(budget["retries_per_step"])),
    ]
    if summary.get("model") or usage["api_calls"]:
        rows += [
            ("model requests", str(usage["api_calls"])),
            ("tokens", _tokens(usage)),
            ("cost", _cost(usage["cost_usd"])),
        ]
    rows.append(("pass env", ", ".join(summary.get("pass_env") or [])))
    limits = [(k, budget.get(k)) for k in ("requests", "tokens", "usd")]
    rows += [(f"budget of {k}", str(v)) for k, v in limits if v is not None]
    rows += trust_facts(summary["trust"])
    for c in summary["corrections"]:
        target = f" to decision {c['target']}" if c["target"] else ""
        rows.append((f"correction {c['id']}", f"{c['mode']}{target}: {c['guidance']}"))
    return [(key, value) for key, value in rows if value]


def _tokens(usage: dict[str, Any]) -> str:
    said = f"{usage['input_tokens']} in, {usage['output_tokens']} out"
    cached = (usage.get("cache_write_tokens", 0), usage.get("cache_read_tokens", 0))
    return said + (f", cache {cached[0]} written, {cached[1]} read" if any(cached) else "")


def _cost(cost: float | None) -> str:
    return "unknown (the model's price is not known)" if cost is None else f"${cost:.4f}"


def _irreversible(ids: list[str]) -> list[tuple[str, str]]:
    """The row naming the decisions whose effects no checkpoint holds, when there are any."""
    if not ids:
        return []
    named = ", ".join(f"#{i}" for i in ids)
    return [
        (
            "irreversible",
            f"{named}: what they did outside the working tree no restore undoes "
            "(`agents plan decision N` says what)",
        )
    ]


def _not_put_back(owed: dict[str, int]) -> list[tuple[str, str]]:
    """The row naming what a repair after a kill could not put back, when there is any."""
    from cleveragents.domain.shown_text import visible

    if not owed:
        return []
    named = ", ".join(
        f"{visible(path, one_line=True)} (operation {op}'s settling after a kill could not)"
        for path, op in owed.items()
    )
    return [("not put back", f"{named}: each next agents command tries again")]
