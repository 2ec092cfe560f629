"""Steps that hand-edit a decision's `page` in the real store, as a person editing the
SQLite file (or an old bug) might, to see what the renderers make of it."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from behave import given


@given("decision {decision} of the newest plan has the page {page} in the store")
def step_page_in_store(context: Any, decision: str, page: str) -> None:
    db = sqlite3.connect(context.repo / ".git" / "cleveragents" / "state.db")
    with db:
        plan = db.execute("SELECT id FROM plans ORDER BY created_at DESC LIMIT 1").fetchone()[0]
        changed = db.execute(
            "UPDATE decisions SET body = json_set(body, '$.page', json(?)) "
            "WHERE plan_id = ? AND id = ?",
            (json.dumps(json.loads(page)), plan, decision),
        ).rowcount
    db.close()
    assert changed == 1, f"no decision {decision} in plan {plan}"
