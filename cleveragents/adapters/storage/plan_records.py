"""A plan's records as one text: what `agents plan push`, `pull`, `export` and `import` carry.

Format `cleveragents-plan-records`, version 1: JSON lines (UTF-8, ASCII escapes, keys
sorted), each an object with a `type`, in this order:

- `records`: `format`, `version`, `plan` (the plan's id). Always the first line.
- `plan`: `body`, the plan as `agents plan show --json` tells it (without its plan file's
  text), and `script`, that text (null for a plan Claude acts in). Its `settings_from`
  names the store whose person gave its allow patterns, sandbox and network settings;
  imported, they are never in force in the importing store (`domain/trust.py`).
- `decision`, one a decision in the order they were taken: `body`, every field of it.
- `checkpoint`, one a checkpoint record: `id` (the commit), `tree`, `label`, `created_at`.
- `message`, one a message of the conversation, oldest first: `n` (1, 2, ... within the
  plan), `parent` (the `n` of the message it answers, or null), `role`, `content`,
  `created_at`.
- `item`: one item of a long list or mapping the actor knew (`n`, `parent`: the item
  before it, `item`), and `state`: what the actor knew before a decision (`n`, `key`, the
  key decisions name it by; `message`: the `n` of the last message it had seen; `base`:
  the `n` of the state it records its differences from; `parts`: those differences,
  as `actor_states.py` describes). Items before the states that use them.
- `correction`, one a correction: `body`.
- `operation`, one a command that changed the plan: `body`, its `id` in the plan store it
  was made in, `made_in` naming that store (without `records_before`: what a pull
  replaced is that clone's to bring back, not the plan's). Not one rolled back: it
  changed nothing. Nor a pull (or an import): it is that clone's meeting another, not a
  change of the plan; travelling, it made the plan look changed in the clone that pulled
  it, so that a pull stopped before it moved the records ref was refused as diverged
  when run again.

Every text read is checked whole first (`domain/foreign_records.py`): a record of another
clone is data to validate, never trusted field by field.

Numbers (`n`) count within the plan, so the same plan gives the same text in every clone:
exported, imported elsewhere and exported again, it is the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from typing import Any

from cleveragents.adapters.storage import plan_rows
from cleveragents.adapters.storage.actor_states import ActorStates
from cleveragents.adapters.storage.migrations import migrate
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.correction import OperationStatus
from cleveragents.domain.trust import IMPORTED_FROM_UNKNOWN
from cleveragents.errors import BadInput

FORMAT = "cleveragents-plan-records"
VERSION = 1
PULL = "pull"  # the kind of a pull's or an import's operation (`plan_sharing.py`)
DECISION_COLUMNS = ("plan_id", "id", "seq", "parent_id", "kind", "status")


def export(db: sqlite3.Connection, plan_id: str, store_id: str) -> bytes:
    """The plan's records as the text of the format above."""
    return b"".join(_line(record) for record in _records(db, plan_id, store_id))


def _records(db: sqlite3.Connection, plan_id: str, store_id: str) -> Iterator[dict[str, Any]]:
    # Imported by a push or an export only: every other command opens the store without it.
    from cleveragents.domain.foreign_records import leave_out_git_named_tops, leave_out_top_folder

    yield {"type": "records", "format": FORMAT, "version": VERSION, "plan": plan_id}
    body, script = db.execute(
        "SELECT p.body, s.text FROM plans p LEFT JOIN scripts s ON s.sha = p.script WHERE p.id = ?",
        (plan_id,),
    ).fetchone()
    plan = json.loads(body)
    yield {"type": "plan", "body": _settings_out(plan, store_id), "script": script}
    columns = ", ".join(DECISION_COLUMNS)
    decisions = db.execute(
        f"SELECT body, {columns} FROM decisions WHERE plan_id = ? ORDER BY seq", (plan_id,)
    ).fetchall()
    bodies = [
        {**json.loads(r[0]), **dict(zip(DECISION_COLUMNS, r[1:], strict=True))} for r in decisions
    ]
    for decision in bodies:
        leave_out_git_named_tops(decision)
        leave_out_top_folder(decision)
        yield {"type": "decision", "body": decision}
    for cid, tree, label, created in db.execute(
        "SELECT id, tree, label, created_at FROM checkpoints WHERE plan_id = ? "
        "ORDER BY created_at, id",
        (plan_id,),
    ):
        yield {"type": "checkpoint", "id": cid, "tree": tree, "label": label, "created_at": created}
    numbers: dict[int, int] = {}
    messages = db.execute(
        "SELECT id, parent_id, role, content, created_at FROM messages WHERE plan_id = ? "
        "ORDER BY id",
        (plan_id,),
    ).fetchall()
    for n, (mid, parent, role, content, created) in enumerate(messages, start=1):
        numbers[mid] = n
        yield {
            "type": "message",
            "n": n,
            "parent": numbers.get(parent) if parent is not None else None,
            "role": role,
            "content": content,
            "created_at": created,
        }
    operations = [
        op
        for (body,) in db.execute(
            "SELECT body FROM operations WHERE plan_id = ? AND status != ? ORDER BY id",
            (plan_id, OperationStatus.ROLLED_BACK.value),
        )
        if (op := json.loads(body))["kind"] != PULL
    ]
    keys = _state_keys(db, plan_id, plan, bodies, [m[3] for m in messages], operations)
    yield from _states(db, keys, numbers)
    for (correction,) in db.execute(
        "SELECT body FROM corrections WHERE plan_id = ? ORDER BY rowid", (plan_id,)
    ):
        yield {"type": "correction", "body": json.loads(correction)}
    home = {op["id"]: op.get("home_id") or op["id"] for op in operations}
    for operation in operations:
        operation.pop("records_before", None)  # this clone's undo of a pull, not the plan's
        operation.pop("home_id", None)
        operation["id"] = home[operation["id"]]
        if operation.get("undoes") is not None:  # an undo's target is of its plan
            operation["undoes"] = home.get(operation["undoes"], operation["undoes"])
        operation["made_in"] = operation.get("made_in") or store_id
        leave_out_git_named_tops(operation)
        leave_out_top_folder(operation)
        yield {"type": "operation", "body": operation}


def _state_keys(
    db: sqlite3.Connection,
    plan_id: str,
    plan: dict[str, Any],
    decisions: list[dict[str, Any]],
    contents: list[str],
    operations: list[dict[str, Any]],
) -> list[str]:
    """Every actor state the plan's records name or its messages led to, oldest first."""
    named = {plan.get("actor_state"), *(d.get("actor_state_before") for d in decisions)}
    named |= {(op.get("plan_before") or {}).get("actor_state") for op in operations}
    for content in contents:
        if content.startswith('{"duty"'):
            request = json.loads(content)
            if isinstance(request, dict) and isinstance(request.get("context"), str):
                named.add(request["context"])
    named.discard(None)
    rows = db.execute(
        "SELECT a.id, a.key FROM actor_states a WHERE a.key IN (SELECT value FROM json_each(?)) "
        "OR a.message_id IN (SELECT id FROM messages WHERE plan_id = ?) ORDER BY a.id",
        (json.dumps(sorted(k for k in named if isinstance(k, str))), plan_id),
    ).fetchall()
    return [key for _, key in rows]


def _states(
    db: sqlite3.Connection, keys: list[str], numbers: dict[int, int]
) -> Iterator[dict[str, Any]]:
    """The states of `keys` written anew into a store of their own, so that they name only
    one another: items first, then the states, numbered from 1."""
    source = ActorStates(db)
    scratch = sqlite3.connect(":memory:", isolation_level=None)
    migrate(scratch)
    states = ActorStates(scratch)
    for key in keys:
        state = source.load(key)
        message = numbers.get(state.message_id) if state.message_id is not None else None
        states.save(ActorState(message_id=message, data=state.data), key=key)
    for n, parent, item in scratch.execute(
        "SELECT id, parent, item FROM actor_state_items ORDER BY id"
    ):
        yield {"type": "item", "n": n, "parent": parent, "item": json.loads(item)}
    for n, key, message, base, parts in scratch.execute(
        "SELECT id, key, message_id, base, parts FROM actor_states ORDER BY id"
    ):
        yield {
            "type": "state",
            "n": n,
            "key": key,
            "message": message,
            "base": base,
            "parts": json.loads(parts),
        }
    scratch.close()


def read(text: bytes, named: str | None = None) -> list[dict[str, Any]]:
    """The records of `text`, checked to be of this format and each whole, of the plan
    `named` when given (`domain/foreign_records.py`; a bad one is refused, exit 2)."""
    try:
        records = [json.loads(line) for line in text.splitlines() if line.strip()]
    except ValueError as error:
        raise BadInput(f"the plan records are not JSON lines: {error}") from None
    head = records[0] if records else {}
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise BadInput("these are not cleveragents plan records")
    if head.get("version") != VERSION:
        raise BadInput(
            f"the plan records are of version {head.get('version')}; this cleveragents "
            f"reads version {VERSION}",
            hint="use the same version of cleveragents on both sides",
        )
    if not all(isinstance(r, dict) and "type" in r for r in records):
        raise BadInput("the plan records hold a line that is not a record")
    from cleveragents.domain.foreign_records import check_records, leave_out_nested_git

    leave_out_nested_git(records)
    check_records(records, named)
    return records


def plan_id(records: list[dict[str, Any]]) -> str:
    return str(records[0]["plan"])


def decisions(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each decision of the records, by id, in the order they were taken."""
    return {r["body"]["id"]: r["body"] for r in records if r["type"] == "decision"}


def replace(db: sqlite3.Connection, records: list[dict[str, Any]], store_id: str) -> str:
    """Make the plan's rows those of `records` (inside the caller's transaction): rows the
    records no longer hold go, operations made in this store stay. Returns the plan's id."""
    pid = plan_id(records)
    plan_rows.drop(db, pid, operations=False)
    by_type: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        by_type.setdefault(record["type"], []).append(record)
    (plan,) = by_type["plan"]
    script = plan["script"]
    sha = None
    if script is not None:
        sha = hashlib.sha256(script.encode("utf-8", "surrogatepass")).hexdigest()
        db.execute("INSERT OR IGNORE INTO scripts (sha, text) VALUES (?, ?)", (sha, script))
    db.execute(
        "INSERT INTO plans (id, created_at, body, script) VALUES (?, ?, ?, ?)",
        (pid, plan["body"]["created_at"], json.dumps(_settings_in(plan["body"])), sha),
    )
    for record in by_type.get("decision", []):
        body = dict(record["body"])
        row = [body.pop(column) for column in DECISION_COLUMNS]
        db.execute(
            "INSERT INTO decisions (plan_id, id, seq, parent_id, kind, status, body) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (*row, json.dumps(body)),
        )
    for c in by_type.get("checkpoint", []):
        db.execute(
            "INSERT OR IGNORE INTO checkpoints (id, plan_id, tree, label, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (c["id"], pid, c["tree"], c["label"], c["created_at"]),
        )
    messages: dict[int, int] = {}
    for m in by_type.get("message", []):
        cursor = db.execute(
            "INSERT INTO messages (plan_id, parent_id, role, content, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (pid, messages.get(m["parent"]), m["role"], m["content"], m["created_at"]),
        )
        assert cursor.lastrowid is not None
        messages[m["n"]] = cursor.lastrowid
    _insert_states(db, by_type.get("item", []), by_type.get("state", []), messages)
    for record in by_type.get("correction", []):
        body = record["body"]
        db.execute(
            "INSERT INTO corrections (plan_id, id, body) VALUES (?, ?, ?)",
            (pid, body["id"], json.dumps(body)),
        )
    _replace_operations(db, pid, [r["body"] for r in by_type.get("operation", [])], store_id)
    return pid


def _insert_states(
    db: sqlite3.Connection,
    items: list[dict[str, Any]],
    states: list[dict[str, Any]],
    messages: dict[int, int],
) -> None:
    found_ids = {
        s["n"]: row[0]
        for s in states
        if (row := db.execute("SELECT id FROM actor_states WHERE key = ?", (s["key"],)).fetchone())
    }
    item_ids: dict[int, int] = {}
    for i in _items_needed(items, [s for s in states if s["n"] not in found_ids]):
        cursor = db.execute(
            "INSERT INTO actor_state_items (parent, item) VALUES (?, ?)",
            (item_ids.get(i["parent"]), json.dumps(i["item"], separators=(",", ":"))),
        )
        assert cursor.lastrowid is not None
        item_ids[i["n"]] = cursor.lastrowid
    state_ids: dict[int, int] = {}
    for s in states:
        message = messages.get(s["message"]) if s["message"] is not None else None
        found = found_ids.get(s["n"])
        if found is not None:  # kept as another plan's base, or the same state elsewhere
            db.execute(
                "UPDATE actor_states SET message_id = ? WHERE id = ? AND message_id IS NULL",
                (message, found),
            )
            state_ids[s["n"]] = found
            continue
        parts = dict(s["parts"])
        for letter in ("l", "d"):
            if letter in parts:
                parts[letter] = {f: [item_ids[t], n] for f, (t, n) in parts[letter].items()}
        cursor = db.execute(
            "INSERT INTO actor_states (key, message_id, base, parts) VALUES (?, ?, ?, ?)",
            (
                s["key"],
                message,
                state_ids.get(s["base"]) if s["base"] is not None else None,
                json.dumps(parts, separators=(",", ":")),
            ),
        )
        assert cursor.lastrowid is not None
        state_ids[s["n"]] = cursor.lastrowid


def _items_needed(
    items: list[dict[str, Any]], states: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The items the chains of `states` reach, in order: a state already in the store keeps
    the items it has, so its own would be rows nothing reads."""
    parent = {i["n"]: i["parent"] for i in items}
    needed: set[int] = set()
    for s in states:
        for letter in ("l", "d"):
            for tail, _ in s["parts"].get(letter, {}).values():
                while tail is not None and tail not in needed:
                    needed.add(tail)
                    tail = parent[tail]
    return [i for i in items if i["n"] in needed]


def _replace_operations(
    db: sqlite3.Connection, pid: str, incoming: list[dict[str, Any]], store_id: str
) -> None:
    """Operations made elsewhere become those of the records, each keeping its local id
    from pull to pull; those made here are this store's own, and stay as they are."""
    local: dict[tuple[str, int], int] = {}
    for oid, body in db.execute("SELECT id, body FROM operations WHERE plan_id = ?", (pid,)):
        op = json.loads(body)
        if op.get("made_in") not in (None, store_id):
            local[(op["made_in"], op.get("home_id") or oid)] = oid
    kept = set()
    for op in incoming:
        if op["made_in"] == store_id:
            continue
        home = (op["made_in"], op["id"])
        oid = local.get(home)
        if oid is None:
            row = db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'operations'")
            found = row.fetchone()
            oid = local[home] = (found[0] if found else 0) + 1
        kept.add(oid)
        body = {**op, "id": oid, "home_id": op["id"]}
        if op.get("undoes") is not None:  # its target came before it, from the same store
            body["undoes"] = local.get((op["made_in"], op["undoes"]), op["undoes"])
        db.execute(
            "INSERT INTO operations (id, plan_id, status, body) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET status = excluded.status, body = excluded.body",
            (oid, pid, body["status"], json.dumps(body)),
        )
    gone = sorted(set(local.values()) - kept)
    db.execute(
        "DELETE FROM operations WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(gone),)
    )


def _settings_out(plan: dict[str, Any], store_id: str) -> dict[str, Any]:
    """The plan as it travels: settings given here name this store as theirs; those that
    came without a name (older records) travel as they came, without one."""
    came_from = plan.get("settings_from")
    if came_from is None:
        return {**plan, "settings_from": store_id}
    if came_from == IMPORTED_FROM_UNKNOWN:
        return {k: v for k, v in plan.items() if k != "settings_from"}
    return plan


def _settings_in(plan: dict[str, Any]) -> dict[str, Any]:
    """The plan as it arrives: its settings are another clone's, whatever the records say,
    even the name of this store (anyone can write that), so they are never in force here
    until given here (`domain/trust.py`)."""
    return {**plan, "settings_from": plan.get("settings_from") or IMPORTED_FROM_UNKNOWN}


def _line(record: dict[str, Any]) -> bytes:
    return json.dumps(record, sort_keys=True, separators=(",", ":")).encode() + b"\n"
