"""Ordered, named schema migrations; `PRAGMA user_version` records how many have run."""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import uuid
from collections.abc import Callable
from typing import Any

from cleveragents.adapters.storage.actor_states import ActorStates
from cleveragents.adapters.storage.sqlite_rows import SCHEMA_VERSION
from cleveragents.domain.actor_state import ActorState
from cleveragents.errors import ConflictingState


def _run(db: sqlite3.Connection, script: str) -> None:
    # Not executescript(): it commits first, and a migration must be one transaction.
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def m001_initial(db: sqlite3.Connection) -> None:
    _run(
        db,
        """
        CREATE TABLE plans (
            id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            body TEXT NOT NULL
        );
        CREATE TABLE decisions (
            plan_id TEXT NOT NULL REFERENCES plans(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            parent_id TEXT,
            kind TEXT NOT NULL,
            status TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (plan_id, id)
        );
        CREATE INDEX decisions_by_parent ON decisions (plan_id, parent_id);
        CREATE TABLE checkpoints (
            id TEXT PRIMARY KEY,
            plan_id TEXT NOT NULL REFERENCES plans(id) ON DELETE CASCADE,
            tree TEXT NOT NULL,
            label TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE messages (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            plan_id TEXT NOT NULL REFERENCES plans(id) ON DELETE CASCADE,
            parent_id INTEGER REFERENCES messages(id),
            role TEXT NOT NULL,
            content TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE actor_states (
            key TEXT PRIMARY KEY,
            message_id INTEGER REFERENCES messages(id),
            data TEXT NOT NULL
        );
        CREATE TABLE migrations (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at TEXT NOT NULL
        );
        """,
    )


def m002_corrections_and_operations(db: sqlite3.Connection) -> None:
    _run(
        db,
        """
        CREATE TABLE corrections (
            plan_id TEXT NOT NULL REFERENCES plans(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (plan_id, id)
        );
        CREATE TABLE operations (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            plan_id TEXT NOT NULL,
            status TEXT NOT NULL,
            body TEXT NOT NULL
        );
        CREATE INDEX operations_by_plan ON operations (plan_id, id);
        """,
    )


def m003_actor_states_as_parts(db: sqlite3.Connection) -> None:
    """Actor states as parts (see actor_states.py), request messages pointing at the state
    they asked with, a plan file's text stored once: rows of older stores are converted,
    keys kept, so every decision still finds what the actor knew."""
    _run(
        db,
        """
        ALTER TABLE actor_states RENAME TO actor_states_whole;
        CREATE TABLE actor_state_items (
            id INTEGER PRIMARY KEY,
            parent INTEGER REFERENCES actor_state_items(id),
            item TEXT NOT NULL
        );
        CREATE TABLE actor_states (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            message_id INTEGER REFERENCES messages(id),
            base INTEGER REFERENCES actor_states(id),
            parts TEXT NOT NULL
        );
        CREATE TABLE scripts (
            sha TEXT PRIMARY KEY,
            text TEXT NOT NULL
        );
        ALTER TABLE plans ADD COLUMN script TEXT REFERENCES scripts(sha)
        """,
    )
    states = ActorStates(db)
    rows = db.execute("SELECT key, message_id, data FROM actor_states_whole ORDER BY rowid")
    for key, message_id, data in rows.fetchall():
        states.save(ActorState(message_id=message_id, data=json.loads(data)), key=key)
    db.execute("DROP TABLE actor_states_whole")
    requests = db.execute(
        "SELECT id, parent_id, content FROM messages WHERE content LIKE '{\"duty\": %' ORDER BY id"
    )
    for message_id, parent_id, content in requests.fetchall():
        request = _whole_request(content)
        if request is not None:
            key = states.save(ActorState(message_id=parent_id, data=request["context"]))
            shorter = json.dumps({"duty": request["duty"], "context": key})
            db.execute("UPDATE messages SET content = ? WHERE id = ?", (shorter, message_id))
    for plan_id, body in db.execute("SELECT id, body FROM plans").fetchall():
        plan = json.loads(body)
        script = plan["actor"].pop("script", None)
        if script is not None:
            sha = hashlib.sha256(script.encode("utf-8", "surrogatepass")).hexdigest()
            db.execute("INSERT OR IGNORE INTO scripts (sha, text) VALUES (?, ?)", (sha, script))
            db.execute(
                "UPDATE plans SET body = ?, script = ? WHERE id = ?",
                (json.dumps(plan), sha, plan_id),
            )


def _whole_request(content: str) -> dict[str, Any] | None:
    """A request of the scripted actor as older versions stored it: the whole context."""
    try:
        request = json.loads(content)
    except ValueError:
        return None
    whole = isinstance(request, dict) and set(request) == {"duty", "context"}
    return request if whole and isinstance(request["context"], dict) else None


def m004_store_identity(db: sqlite3.Connection) -> None:
    """A name for this store, told apart from every other: operations made in it are
    undoable here only, once plans travel between clones (`agents plan push` and `pull`)."""
    _run(db, "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO meta (key, value) VALUES ('store_id', ?)", (uuid.uuid4().hex,))


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    m001_initial,
    m002_corrections_and_operations,
    m003_actor_states_as_parts,
    m004_store_identity,
]
# SqliteRows reads a store at this version only (an older one is migrated first).
assert len(MIGRATIONS) == SCHEMA_VERSION, "set sqlite_rows.SCHEMA_VERSION to the migrations'"


def migrate(db: sqlite3.Connection) -> int:
    """Apply every migration not yet applied, each in its own transaction; return the version."""
    version: int = db.execute("PRAGMA user_version").fetchone()[0]
    if version > len(MIGRATIONS):
        raise ConflictingState(
            f"the plan store is at schema version {version}, newer than this cleveragents knows",
            hint="upgrade cleveragents",
        )
    for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
        try:  # BEGIN and COMMIT inside: an interrupt just after either lands here
            db.execute("BEGIN IMMEDIATE")
            migration(db)
            db.execute(
                "INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, datetime('now'))",
                (number, migration.__name__),
            )
            db.execute(f"PRAGMA user_version = {number}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    if version < len(MIGRATIONS):
        _give_back_space(db)
    return len(MIGRATIONS)


def _give_back_space(db: sqlite3.Connection) -> None:
    """After a migration that left most of the file unused (whole states converted to
    parts), rewrite the file smaller; a reader holding it open just defers that."""
    pages: int = db.execute("PRAGMA page_count").fetchone()[0]
    free: int = db.execute("PRAGMA freelist_count").fetchone()[0]
    if free > 256 and free * 2 > pages:
        with contextlib.suppress(sqlite3.OperationalError):  # another connection reads
            db.execute("VACUUM")
