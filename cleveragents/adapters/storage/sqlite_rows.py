"""SqliteRows: the plan store read as the JSON its rows hold, building no pydantic model.

`agents plan list` and `plan show` print a few fields of a plan. Importing pydantic and
building the models to read them takes several times longer than the rest of the command,
and a row holds the JSON the models wrote: its fields are what the models would say, as long
as the row has them. Where the rows alone cannot answer exactly, the command reads through
`SqliteStore` instead, which migrates, settles and fills in defaults: `SqliteRows.opened`
gives None when there is no store yet, its schema is not this version's, an operation is
still marked running, or a repair has paths still to put back (`Operation.unsettled`); a row
an older version wrote without a field raises KeyError.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cleveragents.domain.read_model import (
    CORRECTION_SHAPE,
    PLAN_SHAPE,
    DecisionRow,
    decision_fields,
    shaped,
)
from cleveragents.domain.states import DecisionKind, DecisionStatus
from cleveragents.errors import BadInput, UnknownPlan

if TYPE_CHECKING:
    from cleveragents.adapters.git.repository import GitRepository

SCHEMA_VERSION = 4  # the number of migrations: migrations.py keeps the two equal
RUNNING = "running"  # OperationStatus.RUNNING, whose module imports pydantic
UNSETTLED = "unsettled"  # the status column of a repair that owes paths (`SqliteStore`)
# A plan's body, and its plan file's text (stored once, by its hash).
PLAN_ROWS = "SELECT p.id, p.body, s.text FROM plans p LEFT JOIN scripts s ON s.sha = p.script"
OLDEST_FIRST = f"{PLAN_ROWS} ORDER BY p.created_at, p.rowid"
# What `agents plan list` tells of each plan, in the order of the Plan model's fields.
LISTED = ("id", "task", "status", "phase", "head_decision", "outcome", "created_at", "updated_at")

# What a line of `plan tree` shows of a decision beyond its columns, taken out of its body
# by SQLite as one JSON array (a field a body leaves out is null, its default): JSON, since
# text a command printed may hold bytes that are not UTF-8, which SQLite cannot give as text.
LINE = (
    "json_extract(body, '$.summary', '$.outcome', '$.ok', '$.superseded_by', "
    "'$.distance_before', '$.distance_after', '$.made_by', '$.page')"
)

# A decision's columns, beside its body (which leaves them out).
COLUMNS = ("plan_id", "id", "seq", "parent_id", "kind", "status")

Row = tuple[str, str, str | None]


def state_path(repo: GitRepository) -> Path:
    """The store's file; CLEVERAGENTS_STATE_DB redirects it (tests, read-only git dirs)."""
    override = os.environ.get("CLEVERAGENTS_STATE_DB")
    if not override:
        return repo.state_dir / "state.db"
    path = Path(override)
    if path.is_dir() or (path.exists() and not path.is_file()):  # SQLite would write beside it
        raise BadInput(
            f"CLEVERAGENTS_STATE_DB names {override!r}, which is not a file",
            hint="point it at a file (it is made when missing), or unset it",
        )
    folder = Path(os.path.realpath(path.parent))
    if folder == repo.root or folder.is_relative_to(repo.root):
        # A model's command may write anywhere in the tree: it could rewrite a plan's trust
        # settings (its sandbox, its allowed commands) before the next resume.
        raise BadInput(
            f"CLEVERAGENTS_STATE_DB names {override!r}, inside the working tree, where a "
            "model's command could rewrite it",
            hint="point it at a file outside the working tree, or unset it",
        )
    return path


def plan_row(db: sqlite3.Connection, ref: str | None, deleted: bool = False) -> Row:
    """The row of the plan whose id starts with `ref` (the newest plan when `ref` is None).

    A deleted plan (`agents plan delete`) is never the newest, and naming one is refused
    unless `deleted`: only `plan undo` and `gc` still see it.
    """
    if ref is None:
        newest = f"{PLAN_ROWS} ORDER BY p.created_at DESC, p.rowid DESC"
        candidates: Iterator[Row] = db.execute(newest)
        for row in candidates:
            if deleted or not is_deleted(row):
                return row
        raise UnknownPlan("no plan in this repository yet", hint="start one with `agents plan run`")
    if not ref or not all(c in "0123456789abcdef" for c in ref.lower()):
        raise UnknownPlan(f"{ref!r} is not a plan id", hint="see `agents plan list`")
    rows: list[Row] = db.execute(
        f"{PLAN_ROWS} WHERE p.id LIKE ? ORDER BY p.id", (ref.lower() + "%",)
    ).fetchall()
    if not rows:
        raise UnknownPlan(f"no plan matches {ref!r}", hint="see `agents plan list`")
    if len(rows) > 1:
        ids = ", ".join(r[0] for r in rows)
        raise BadInput(f"plan id {ref!r} is ambiguous: {ids}", hint="give more characters")
    if not deleted and is_deleted(rows[0]):
        raise UnknownPlan(
            f"plan {rows[0][0]} is deleted",
            hint="`agents plan undo` brings it back until `agents gc` drops it; "
            "see `agents plan ops`",
        )
    return rows[0]


def is_deleted(row: Row) -> bool:
    """Whether `agents plan delete` marked the plan of this row (its body says when)."""
    return json.loads(row[1]).get("deleted_at") is not None


def plan_json(row: Row) -> dict[str, Any]:
    """A plan's fields as JSON, its plan file's text put back into its actor."""
    data: dict[str, Any] = json.loads(row[1])
    if row[2] is not None:
        data["actor"]["script"] = row[2]
    return data


class SqliteRows:
    """Plans, their decisions' kinds and statuses, and their corrections, as stored."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    @classmethod
    @contextmanager
    def opened(cls, path: Path) -> Iterator[SqliteRows | None]:
        """The store at `path`, or None when only `SqliteStore` can open it: it is not there
        yet, its schema is not this version's, or an operation is still marked running (a
        killed command's, which settling repairs first, or a live one's) or unsettled."""
        if not path.is_file():
            yield None
            return
        db: sqlite3.Connection | None = None
        try:
            db = sqlite3.connect(path, isolation_level=None, timeout=10.0)
            version = db.execute("PRAGMA user_version").fetchone()[0]
            running = db.execute(  # or a repair's put-back that failed, tried again first
                "SELECT 1 FROM operations WHERE status IN (?, ?) LIMIT 1", (RUNNING, UNSETTLED)
            ).fetchone()
        except sqlite3.Error:  # not a plan store, or not one we can read: SqliteStore says so
            version = running = None
        try:
            current = version == SCHEMA_VERSION and running is None
            yield cls(db) if db is not None and current else None
        finally:
            if db is not None:
                db.close()

    def listed(self) -> list[dict[str, Any]]:
        """Each plan's LISTED fields, oldest first; deleted plans are not listed."""
        rows = self._db.execute(OLDEST_FIRST).fetchall()
        return [
            {key: plan[key] for key in LISTED}
            for plan in map(plan_json, rows)
            if plan.get("deleted_at") is None
        ]

    def plan(self, ref: str | None) -> dict[str, Any]:
        """The fields of the plan `ref` names (see `plan_row`)."""
        return plan_json(plan_row(self._db, ref))

    def decisions(self, plan_id: str) -> tuple[list[str], list[str]]:
        """The kind and the status of each of the plan's decisions, in the order taken."""
        rows = self._db.execute(
            "SELECT kind, status FROM decisions WHERE plan_id = ? ORDER BY seq", (plan_id,)
        ).fetchall()
        return [r[0] for r in rows], [r[1] for r in rows]

    def irreversible(self, plan_id: str) -> list[str]:
        """The ids of the plan's decisions marked irreversible, in the order taken."""
        rows = self._db.execute(
            "SELECT id FROM decisions WHERE plan_id = ? "
            "AND json_extract(body, '$.action.irreversible') IS 1 ORDER BY seq",
            (plan_id,),
        ).fetchall()
        return [r[0] for r in rows]

    def corrections(self, plan_id: str) -> list[dict[str, Any]]:
        rows = self._db.execute(
            "SELECT body FROM corrections WHERE plan_id = ? ORDER BY rowid", (plan_id,)
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def decision_lines(self, plan_id: str) -> list[DecisionRow]:
        """What `plan tree` shows of each of the plan's decisions, in the order taken: no
        field is read that a line does not show."""
        rows = self._db.execute(
            f"SELECT id, seq, parent_id, kind, status, {LINE} FROM decisions "
            "WHERE plan_id = ? ORDER BY seq",
            (plan_id,),
        )
        lines = []
        for id_, seq, parent_id, kind, status, shown in rows:
            summary, outcome, ok, by, before, after, made_by, page = json.loads(shown)
            lines.append(
                DecisionRow(
                    id=id_,
                    seq=seq,
                    parent_id=parent_id,
                    kind=DecisionKind(kind),
                    summary=summary,
                    outcome=outcome,
                    ok=ok,
                    status=DecisionStatus(status),
                    superseded_by=by,
                    distance_before=before,
                    distance_after=after,
                    made_by=made_by,
                    page=page,
                )
            )
        return lines

    def plan_document(self, ref: str | None) -> dict[str, Any]:
        """The plan `ref` names as its model dumps it (`model_dump(mode="json")`), without its
        actor's script; KeyError where only the model can read its row (`shaped`)."""
        plan: dict[str, Any] = json.loads(plan_row(self._db, ref)[1])
        if not shaped(plan, PLAN_SHAPE):
            raise KeyError("a plan only the model reads")
        return plan

    def correction_documents(self, plan_id: str) -> list[dict[str, Any]]:
        """The plan's corrections as their model dumps them; KeyError as `plan_document`."""
        corrections = self.corrections(plan_id)
        if not shaped(corrections, [CORRECTION_SHAPE]):
            raise KeyError("a correction only the model reads")
        return corrections

    def decision_documents(self, plan_id: str) -> list[dict[str, Any]]:
        """The plan's decisions as their model dumps them (`decision_fields`), in the order
        taken; KeyError where only the model can read one."""
        rows = self._db.execute(
            f"SELECT body, {', '.join(COLUMNS)} FROM decisions WHERE plan_id = ? ORDER BY seq",
            (plan_id,),
        )
        return [
            decision_fields({**json.loads(r[0]), **dict(zip(COLUMNS, r[1:], strict=True))})
            for r in rows
        ]

    def decision(self, plan_id: str, decision_id: str) -> dict[str, Any]:
        """Every field of one decision (`decision_fields`); KeyError when the plan has no such
        decision, or only the model can read its row."""
        row = self._db.execute(
            "SELECT body, plan_id, id, seq, parent_id, kind, status FROM decisions "
            "WHERE plan_id = ? AND id = ?",
            (plan_id, decision_id),
        ).fetchone()
        if row is None:
            raise KeyError(decision_id)
        columns = dict(
            zip(("plan_id", "id", "seq", "parent_id", "kind", "status"), row[1:], strict=True)
        )
        return decision_fields({**json.loads(row[0]), **columns})

    def output(self, plan_id: str, decision_id: str) -> str | None:
        """The output of one decision's command, None when it ran none; KeyError when the
        plan has no such decision."""
        row = self._db.execute(
            "SELECT body FROM decisions WHERE plan_id = ? AND id = ?", (plan_id, decision_id)
        ).fetchone()
        if row is None:
            raise KeyError(decision_id)
        output: str | None = json.loads(row[0]).get("output")
        return output
