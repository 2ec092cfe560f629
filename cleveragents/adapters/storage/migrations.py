"""Ordered, named schema migrations; `PRAGMA user_version` records how many have run."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

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


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    m001_initial,
    m002_corrections_and_operations,
]


def migrate(db: sqlite3.Connection) -> int:
    """Apply every migration not yet applied, each in its own transaction; return the version."""
    version: int = db.execute("PRAGMA user_version").fetchone()[0]
    if version > len(MIGRATIONS):
        raise ConflictingState(
            f"the plan store is at schema version {version}, newer than this cleveragents knows",
            hint="upgrade cleveragents",
        )
    for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            migration(db)
            db.execute(
                "INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, datetime('now'))",
                (number, migration.__name__),
            )
            db.execute(f"PRAGMA user_version = {number}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    return len(MIGRATIONS)
