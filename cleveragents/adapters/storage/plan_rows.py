"""A plan's rows in the plan store: how many bytes they take, and dropping them for good.

Dropping is for `agents gc` only, once `agents plan delete` marked the plan. Decisions,
checkpoint records, messages and corrections go with the plan's row (their foreign keys
cascade); its operations, actor states, plan file text and list items are dropped here.
Actor states are stored as differences from the record written before them, whichever
plan's that was (`actor_states.py`): a record another plan's state builds on stays, only
its message pointer cleared (a base lends its parts, never its message). List items stay
while any remaining record's chain reaches them.
"""

from __future__ import annotations

import json
import sqlite3

# What a plan's rows hold, in bytes of their text columns (an estimate: SQLite's pages,
# indexes and shared list items are not counted).
SIZE = """
SELECT
  (SELECT coalesce(sum(length(body)), 0) FROM plans WHERE id = :plan)
  + (SELECT coalesce(sum(length(body)), 0) FROM decisions WHERE plan_id = :plan)
  + (SELECT coalesce(sum(length(id) + length(tree) + length(label)), 0)
     FROM checkpoints WHERE plan_id = :plan)
  + (SELECT coalesce(sum(length(content)), 0) FROM messages WHERE plan_id = :plan)
  + (SELECT coalesce(sum(length(body)), 0) FROM corrections WHERE plan_id = :plan)
  + (SELECT coalesce(sum(length(body)), 0) FROM operations WHERE plan_id = :plan)
  + (SELECT coalesce(sum(length(a.parts)), 0) FROM actor_states a
     JOIN messages m ON m.id = a.message_id WHERE m.plan_id = :plan)
"""


def size(db: sqlite3.Connection, plan_id: str) -> int:
    """About how many bytes the plan's rows hold."""
    return int(db.execute(SIZE, {"plan": plan_id}).fetchone()[0])


def drop(db: sqlite3.Connection, plan_id: str, operations: bool = True) -> None:
    """Delete the plan's rows (inside the caller's transaction); its operations too unless
    `operations` is False (records pulled in their place keep this store's undo log)."""
    _drop_actor_states(db, plan_id)
    if operations:
        db.execute("DELETE FROM operations WHERE plan_id = ?", (plan_id,))
    db.execute("DELETE FROM plans WHERE id = ?", (plan_id,))  # decisions, messages... cascade
    db.execute(
        "DELETE FROM scripts WHERE sha NOT IN (SELECT script FROM plans WHERE script IS NOT NULL)"
    )
    _drop_unreached_items(db)


def _drop_actor_states(db: sqlite3.Connection, plan_id: str) -> None:
    messages = {r[0] for r in db.execute("SELECT id FROM messages WHERE plan_id = ?", (plan_id,))}
    records = db.execute("SELECT id, base, message_id FROM actor_states").fetchall()
    base_of = {record: base for record, base, _ in records}
    mine = {record for record, _, message in records if message in messages}
    needed: set[int] = set()
    for record, base, _ in records:
        if record in mine:
            continue
        while base is not None and base in mine and base not in needed:
            needed.add(base)
            base = base_of[base]
    # One statement each: foreign keys are checked at its end, whatever the order inside.
    db.execute(
        "UPDATE actor_states SET message_id = NULL WHERE id IN (SELECT value FROM json_each(?))",
        (json.dumps(sorted(needed)),),
    )
    db.execute(
        "DELETE FROM actor_states WHERE id IN (SELECT value FROM json_each(?))",
        (json.dumps(sorted(mine - needed)),),
    )


def _drop_unreached_items(db: sqlite3.Connection) -> None:
    tails: set[int] = set()
    for (parts,) in db.execute("SELECT parts FROM actor_states"):
        record = json.loads(parts)
        for letter in ("l", "d"):
            tails.update(tail for tail, _ in record.get(letter, {}).values())
    db.execute(
        "WITH RECURSIVE kept(id) AS (SELECT value FROM json_each(?) UNION "
        "SELECT i.parent FROM actor_state_items i JOIN kept k ON i.id = k.id "
        "WHERE i.parent IS NOT NULL) "
        "DELETE FROM actor_state_items WHERE id NOT IN (SELECT id FROM kept)",
        (json.dumps(sorted(tails)),),
    )
