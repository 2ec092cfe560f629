"""SqliteStore: the plan store in `<git-dir>/cleveragents/state.db` (WAL, migrations)."""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cleveragents.adapters import interrupts
from cleveragents.adapters.storage import plan_records, plan_rows
from cleveragents.adapters.storage.actor_states import ActorStates
from cleveragents.adapters.storage.migrations import migrate
from cleveragents.adapters.storage.sqlite_rows import (
    OLDEST_FIRST,
    UNSETTLED,
    Row,
    plan_json,
    plan_row,
)
from cleveragents.domain.actor_state import ActorState, Message
from cleveragents.domain.checkpoint import Checkpoint
from cleveragents.domain.correction import Correction, Operation, OperationStatus
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import Plan
from cleveragents.domain.text_rules import stored_json
from cleveragents.errors import BadInput, ConflictingState

# Decision fields kept in columns of their own: not repeated in the row's JSON body.
DECISION_COLUMNS = ("plan_id", "id", "seq", "parent_id", "kind", "status")


class SqliteStore:
    """Every write happens in a transaction: a crash leaves the previous state whole.

    What is written grows with what is new, not with the plan's length: actor states as
    parts (`actor_states.py`), a plan file's text once however often its plan is saved,
    decisions without the fields their columns hold.
    """

    def __init__(self, path: Path, place: str | None = None) -> None:
        self.path = path
        self.place = place  # who writes, where (`user@host`): stamped on new decisions
        self._depth = 0
        self._script: tuple[str, str] | None = None  # the last plan-file text and its hash
        self._ends = 0  # transactions ended here: a rollback leaves `total_changes` as it was
        self._read: tuple[tuple[int, int, int], dict[str | None, list[Operation]]] | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, isolation_level=None, timeout=10.0)
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA foreign_keys = ON")
            self._db.execute("PRAGMA synchronous = NORMAL")
            self.version = migrate(self._db)
            row = self._db.execute("SELECT value FROM meta WHERE key = 'store_id'").fetchone()
            self.store_id: str = row[0]
            self._states = ActorStates(self._db, self.store_id)
        except (OSError, sqlite3.Error) as error:
            raise ConflictingState(
                f"cannot open the plan store {path}: {error}",
                hint="check that it is a readable SQLite file, or move it aside",
            ) from error

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One unit of work: committed whole on success, rolled back on any exception."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        # An interrupt waits for the transaction's end: one raised just after BEGIN (or as
        # `with` enters the block) left SQLite's transaction open, and every later unit of
        # work of the command, a rollback's own, joined it and was never committed.
        with interrupts.held():
            remembered = self._states.mark()
            self._db.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield
            except BaseException:
                # What the states remember of this transaction's rows is gone with them.
                self._states.reset(remembered)
                self._db.execute("ROLLBACK")
                raise
            else:
                self._db.execute("COMMIT")
            finally:
                self._depth = 0
                self._ends += 1

    # plans

    def save_plan(self, plan: Plan) -> None:
        """The plan's body, without its plan file's text: that is stored once, by its hash."""
        with self.transaction():
            script = self._save_script(plan.actor.script)
            self._db.execute(
                "INSERT INTO plans (id, created_at, body, script) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET body = excluded.body, script = excluded.script",
                (
                    plan.id,
                    plan.created_at.isoformat(),
                    plan.model_dump_json(exclude={"actor": {"script"}}),
                    script,
                ),
            )

    def _save_script(self, text: str | None) -> str | None:
        if text is None:
            return None
        # The same text object as last time: its hash is known (hashing a long one per
        # save would cost time proportional to the plan at every decision).
        if self._script is not None and self._script[0] is text:
            sha = self._script[1]
        else:
            sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
            self._script = (text, sha)
        if not self._db.execute("SELECT 1 FROM scripts WHERE sha = ?", (sha,)).fetchone():
            self._db.execute("INSERT INTO scripts (sha, text) VALUES (?, ?)", (sha, text))
        return sha

    def plan(self, ref: str | None, deleted: bool = False) -> Plan:
        """The plan whose id starts with `ref` (the newest plan when `ref` is None); a
        deleted plan only when `deleted` (see `plan_row`)."""
        return _plan(plan_row(self._db, ref, deleted))

    def plans(self) -> list[Plan]:
        """Every plan, deleted ones included, oldest first."""
        return [_plan(r) for r in self._db.execute(OLDEST_FIRST).fetchall()]

    def plan_size(self, plan_id: str) -> int:
        """About how many bytes the plan's rows hold (`plan_rows.size`)."""
        return plan_rows.size(self._db, plan_id)

    def drop_plan(self, plan_id: str) -> None:
        """Delete the plan's rows for good (`agents gc`, of a deleted plan)."""
        with self.transaction():
            plan_rows.drop(self._db, plan_id)
        self._states.reset(({}, None))  # what it remembers may have been dropped

    def export_records(self, plan_id: str) -> bytes:
        """The plan's records in the format of `plan_records.py`: the same plan gives the
        same bytes in every clone."""
        return plan_records.export(self._db, plan_id, self.store_id)

    def import_records(self, text: bytes, plan_id: str | None = None) -> str:
        """Make the plan of the records `text` hold what they say, in one transaction: a
        plan that is here already has its rows replaced (its operations made here stay).
        `plan_id`: the plan their ref names, which they must be. Returns the plan's id."""
        records = plan_records.read(text, plan_id)
        with self.transaction():
            plan_id = plan_records.replace(self._db, records, self.store_id)
        self._states.reset(({}, None))  # what it remembers may have been replaced
        return plan_id

    def decisions_in(self, text: bytes, plan_id: str | None = None) -> dict[str, dict[str, Any]]:
        """Each decision of the records `text`, by id, as their lines hold it; refused
        (exit 2) unless every record is whole and, when given, of the plan `plan_id`."""
        return plan_records.decisions(plan_records.read(text, plan_id))

    def give_back_space(self) -> None:
        """Rewrite the file smaller after rows were dropped; a reader holding it open just
        defers that."""
        with contextlib.suppress(sqlite3.OperationalError):
            self._db.execute("VACUUM")

    # decisions and checkpoints

    def save_decision(self, decision: Decision) -> None:
        self._db.execute(
            "INSERT INTO decisions (plan_id, id, seq, parent_id, kind, status, body) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (plan_id, id) DO UPDATE SET "
            "status = excluded.status, body = excluded.body",
            (
                decision.plan_id,
                decision.id,
                decision.seq,
                decision.parent_id,
                decision.kind.value,
                decision.status.value,
                stored_json(decision, exclude=set(DECISION_COLUMNS), exclude_defaults=True),
            ),
        )

    def decisions(self, plan_id: str) -> list[Decision]:
        rows = self._db.execute(
            f"SELECT body, {', '.join(DECISION_COLUMNS)} FROM decisions "
            "WHERE plan_id = ? ORDER BY seq",
            (plan_id,),
        ).fetchall()
        # Older bodies hold every field; the columns agree with them.
        return [
            Decision.model_validate(
                {**json.loads(r[0]), **dict(zip(DECISION_COLUMNS, r[1:], strict=True))}
            )
            for r in rows
        ]

    def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        self._db.execute(
            "INSERT OR IGNORE INTO checkpoints (id, plan_id, tree, label, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (
                checkpoint.id,
                checkpoint.plan_id,
                checkpoint.tree,
                checkpoint.label,
                checkpoint.created_at.isoformat(),
            ),
        )

    def checkpoint(self, checkpoint_id: str) -> Checkpoint:
        row = self._db.execute(
            "SELECT id, plan_id, tree, label, created_at FROM checkpoints WHERE id = ?",
            (checkpoint_id,),
        ).fetchone()
        if row is None:
            raise BadInput(f"no checkpoint {checkpoint_id[:12]} in the plan store")
        return Checkpoint(
            id=row[0],
            plan_id=row[1],
            tree=row[2],
            label=row[3],
            created_at=datetime.fromisoformat(row[4]),
        )

    # the message tree and actor states

    def add_message(self, plan_id: str, parent_id: int | None, role: str, content: str) -> Message:
        now = datetime.now(UTC)
        cursor = self._db.execute(
            "INSERT INTO messages (plan_id, parent_id, role, content, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (plan_id, parent_id, role, content, now.isoformat()),
        )
        assert cursor.lastrowid is not None
        return Message(
            id=cursor.lastrowid,
            plan_id=plan_id,
            parent_id=parent_id,
            role=role,
            content=content,
            created_at=now,
        )

    def conversation(self, message_id: int | None) -> list[Message]:
        """The messages from the root of the tree down to `message_id`: one branch, in order."""
        if message_id is None:
            return []
        rows = self._db.execute(
            "WITH RECURSIVE branch(id) AS (SELECT ? UNION ALL "
            "SELECT m.parent_id FROM messages m JOIN branch b ON m.id = b.id "
            "WHERE m.parent_id IS NOT NULL) "
            "SELECT m.id, m.plan_id, m.parent_id, m.role, m.content, m.created_at "
            "FROM messages m JOIN branch b ON m.id = b.id ORDER BY m.id",
            (message_id,),
        ).fetchall()
        return [
            Message(
                id=r[0],
                plan_id=r[1],
                parent_id=r[2],
                role=r[3],
                content=r[4],
                created_at=datetime.fromisoformat(r[5]),
            )
            for r in rows
        ]

    def save_actor_state(self, state: ActorState) -> str:
        """Store what the actor knew; the key it returns finds it again."""
        with self.transaction():
            return self._states.save(state)

    def actor_state(self, key: str) -> ActorState:
        return self._states.load(key)

    # corrections and operations

    def save_correction(self, correction: Correction) -> None:
        self._db.execute(
            "INSERT INTO corrections (plan_id, id, body) VALUES (?, ?, ?) "
            "ON CONFLICT (plan_id, id) DO UPDATE SET body = excluded.body",
            (correction.plan_id, correction.id, stored_json(correction)),
        )

    def corrections(self, plan_id: str) -> list[Correction]:
        rows = self._db.execute(
            "SELECT body FROM corrections WHERE plan_id = ? ORDER BY rowid", (plan_id,)
        ).fetchall()
        return [Correction.model_validate(json.loads(r[0])) for r in rows]

    def next_operation_id(self) -> int:
        row = self._db.execute(
            "SELECT seq FROM sqlite_sequence WHERE name = 'operations'"
        ).fetchone()
        return (row[0] if row else 0) + 1

    def save_operation(self, operation: Operation) -> None:
        # The status column of a finished repair that owes paths says so (`UNSETTLED`): each
        # command finds it by the column, as a running one, reading no operation's body.
        status = operation.status.value
        if operation.unsettled is not None and operation.status is not OperationStatus.RUNNING:
            status = UNSETTLED
        self._db.execute(
            "INSERT INTO operations (id, plan_id, status, body) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET status = excluded.status, body = excluded.body",
            (operation.id, operation.plan_id, status, stored_json(operation)),
        )

    def operations(self, plan_id: str | None = None) -> list[Operation]:
        """Decoded once while the store stays as it was (a correction asks a dozen times,
        each decoding every operation of the plan): a write here, a transaction's end or a
        commit by another connection reads them again. Each caller gets copies of its own."""
        version = self._db.execute("PRAGMA data_version").fetchone()[0]
        stamp = (self._db.total_changes, self._ends, version)
        if self._read is None or self._read[0] != stamp:
            self._read = (stamp, {})
        read = self._read[1]
        if plan_id not in read:
            rows = self._db.execute(
                "SELECT body FROM operations WHERE ? IS NULL OR plan_id = ? ORDER BY id",
                (plan_id, plan_id),
            ).fetchall()
            read[plan_id] = [Operation.model_validate(json.loads(r[0])) for r in rows]
        return [_own(op) for op in read[plan_id]]

    def operation(self, operation_id: int) -> Operation:
        row = self._db.execute(
            "SELECT body FROM operations WHERE id = ?", (operation_id,)
        ).fetchone()
        if row is None:
            raise BadInput(f"no operation {operation_id}", hint="see `agents plan ops`")
        return Operation.model_validate(json.loads(row[0]))

    def running_operations(self, plan_id: str | None, owed: bool = False) -> list[Operation]:
        """The operations still marked running; `owed`: and the repairs that owe paths."""
        rows = self._db.execute(
            "SELECT body FROM operations WHERE (? IS NULL OR plan_id = ?) AND status IN (?, ?) "
            "ORDER BY id",
            (plan_id, plan_id, OperationStatus.RUNNING.value, UNSETTLED if owed else None),
        ).fetchall()
        return [Operation.model_validate(json.loads(r[0])) for r in rows]

    def unsettled_operations(self, plan_id: str | None) -> list[Operation]:
        """The repairs whose put-back failed on paths still to be put back (`unsettled`)."""
        rows = self._db.execute(
            "SELECT body FROM operations WHERE (? IS NULL OR plan_id = ?) AND status = ? "
            "ORDER BY id",
            (plan_id, plan_id, UNSETTLED),
        ).fetchall()
        return [Operation.model_validate(json.loads(r[0])) for r in rows]


def _own(op: Operation) -> Operation:
    """A copy of `op` its caller may change, fields and the lists and maps they hold (its
    `saved`, `journal`), leaving the one read for the next caller as stored."""
    held = {k: copy.copy(v) for k, v in op.__dict__.items() if isinstance(v, list | dict)}
    return op.model_copy(update=held)


def _plan(row: Row) -> Plan:
    if row[2] is None:
        return Plan.model_validate_json(row[1])
    return Plan.model_validate(plan_json(row))
