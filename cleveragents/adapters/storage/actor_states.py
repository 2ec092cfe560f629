"""Actor states stored as parts: what each adds to the one before it, long lists kept once.

Stored whole, every state would repeat the segment's steps and every step completed so
far: bytes and time quadratic in a plan's length. Instead:

- a list or mapping of CHAIN_MIN items or more is a chain of items in
  `actor_state_items`, each naming the item before it. A state holds the chain's tail and
  a length: the value is the last `n` items up to that tail. A list that grew by one
  item adds one item; a rolling window that dropped its oldest entry adds one too.
- a state's record (`actor_states.parts`) holds only the fields that differ from its
  base, the state recorded before it; every FULL_EVERY-th record holds them all, so
  reading a state back reads at most FULL_EVERY records, however long the plan.

The key is a hash of the message pointer and of the parts (chain tails included), and of
the store's name: saving the same state again finds the same record, and no state pulled
from another clone has the key of one made here.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from cleveragents.domain.actor_state import ActorState
from cleveragents.errors import BadInput, ConflictingState

FULL_EVERY = 32  # at most this many records to read for one state
CHAIN_MIN = 4  # shorter lists and mappings are kept inline
OVERLAP_TRIES = 4  # how many ways a list may have moved on from the last one written

# One field, encoded: ("value", v, 0) inline, or ("list" | "dict", tail item id, length).
Part = tuple[str, Any, int]


@dataclass(frozen=True)
class _Chain:
    """The last value written for a field as a chain: what the next value may extend."""

    source: object  # the list or dict as given, for a cheap identity check
    items: list[Any]
    tail: int
    length: int


@dataclass(frozen=True)
class _Base:
    """The last record written or read: the next state records its differences from it."""

    id: int
    depth: int
    parts: dict[str, Part]


class ActorStates:
    """Writes and reads actor states on one connection.

    It remembers the chains and the record it wrote last, so the next state stores only
    what is new; `mark`/`reset` forget what a rolled-back transaction wrote.
    """

    def __init__(self, db: sqlite3.Connection, salt: str = "") -> None:
        self.db = db
        # The store's name, in every key it makes: message ids count from 1 in every store,
        # so a state pulled from another clone never takes the key of one of ours.
        self.salt = salt
        self._chains: dict[str, _Chain] = {}
        self._base: _Base | None = None

    def mark(self) -> tuple[dict[str, _Chain], _Base | None]:
        return dict(self._chains), self._base

    def reset(self, mark: tuple[dict[str, _Chain], _Base | None]) -> None:
        self._chains, self._base = dict(mark[0]), mark[1]

    def save(self, state: ActorState, key: str | None = None) -> str:
        """Store `state` (under `key` when migrating one that has its key already)."""
        parts = {field: self._encode(field, value) for field, value in state.data.items()}
        key = key or _key(state.message_id, parts, self.salt)
        if self.db.execute("SELECT 1 FROM actor_states WHERE key = ?", (key,)).fetchone():
            return key
        base = self._base if self._base and self._base.depth + 1 < FULL_EVERY else None
        record = _difference(base.parts if base else {}, parts)
        cursor = self.db.execute(
            "INSERT INTO actor_states (key, message_id, base, parts) VALUES (?, ?, ?, ?)",
            (key, state.message_id, base.id if base else None, _json(record)),
        )
        assert cursor.lastrowid is not None
        self._base = _Base(cursor.lastrowid, base.depth + 1 if base else 0, parts)
        return key

    def load(self, key: str) -> ActorState:
        row = self.db.execute(
            "SELECT id, message_id FROM actor_states WHERE key = ?", (key,)
        ).fetchone()
        if row is None:
            raise BadInput(f"no actor state {key[:12]} in the plan store")
        records = self.db.execute(
            "WITH RECURSIVE up(id, base, parts, depth) AS ("
            " SELECT id, base, parts, 0 FROM actor_states WHERE id = ?"
            " UNION ALL SELECT a.id, a.base, a.parts, up.depth + 1"
            " FROM actor_states a JOIN up ON a.id = up.base WHERE up.depth + 1 < ?) "
            "SELECT base, parts FROM up ORDER BY depth DESC",
            (row[0], FULL_EVERY),
        ).fetchall()
        if records[0][0] is not None:  # the oldest record read must hold every field
            raise ConflictingState(
                f"actor state {key[:12]} in the plan store is damaged: its records do not "
                "lead back to a whole one",
                hint="corrections to the decisions that use it cannot restore the context",
            )
        parts: dict[str, Part] = {}
        for _, record in records:
            _apply(parts, json.loads(record))
        data = {field: self._decode(field, part) for field, part in parts.items()}
        self._base = _Base(row[0], len(records) - 1, parts)
        return ActorState(message_id=row[1], data=data)

    # chains

    def _encode(self, field: str, value: Any) -> Part:
        if isinstance(value, list) and len(value) >= CHAIN_MIN:
            return self._chain(field, value, value, "list")
        if isinstance(value, dict) and len(value) >= CHAIN_MIN:
            return self._chain(field, value, [[k, v] for k, v in value.items()], "dict")
        return ("value", value, 0)

    def _chain(self, field: str, source: object, items: list[Any], kind: str) -> Part:
        last = self._chains.get(field)
        if last is not None and last.source is source:
            return (kind, last.tail, last.length)
        shared = _overlap(last.items, items) if last is not None else 0
        tail: int | None = last.tail if last is not None and shared else None
        for item in items[shared:]:
            tail = self.db.execute(
                "INSERT INTO actor_state_items (parent, item) VALUES (?, ?)", (tail, _json(item))
            ).lastrowid
        assert tail is not None
        self._chains[field] = _Chain(source, items, tail, len(items))
        return (kind, tail, len(items))

    def _decode(self, field: str, part: Part) -> Any:
        if part[0] == "value":
            return part[1]
        kind, tail, length = part
        rows = self.db.execute(
            "WITH RECURSIVE up(id, parent, item, depth) AS ("
            " SELECT id, parent, item, 1 FROM actor_state_items WHERE id = ?"
            " UNION ALL SELECT i.id, i.parent, i.item, up.depth + 1"
            " FROM actor_state_items i JOIN up ON i.id = up.parent WHERE up.depth < ?) "
            "SELECT item FROM up ORDER BY depth DESC",
            (tail, length),
        ).fetchall()
        items = [json.loads(r[0]) for r in rows]
        value: Any = items if kind == "list" else {k: v for k, v in items}
        # What was read is what the next state most likely extends (a resume, a correction).
        self._chains[field] = _Chain(value, items, tail, length)
        return value


def _overlap(old: list[Any], new: list[Any]) -> int:
    """How many items `new` starts with that `old` ends with (0: nothing to share)."""
    top = min(len(old), len(new))
    for shared in range(top, max(top - OVERLAP_TRIES, 0), -1):
        start = len(old) - shared
        if new[0] != old[start]:  # most tries fail here, before copying anything
            continue
        if (new if shared == len(new) else new[:shared]) == (old[start:] if start else old):
            return shared
    return 0


def _difference(base: dict[str, Part], parts: dict[str, Part]) -> dict[str, Any]:
    """The record of `parts` against `base`: values set, chains pointed at, fields dropped."""
    record: dict[str, Any] = {}
    for field, part in parts.items():
        if base.get(field) != part:
            if part[0] == "value":
                record.setdefault("v", {})[field] = part[1]
            else:
                record.setdefault(part[0][0], {})[field] = [part[1], part[2]]
    dropped = sorted(field for field in base if field not in parts)  # whatever their order
    if dropped:
        record["x"] = dropped
    return record


def _apply(parts: dict[str, Part], record: dict[str, Any]) -> None:
    for field, value in record.get("v", {}).items():
        parts[field] = ("value", value, 0)
    for letter, kind in (("l", "list"), ("d", "dict")):
        for field, (tail, length) in record.get(letter, {}).items():
            parts[field] = (kind, tail, length)
    for field in record.get("x", []):
        del parts[field]


def _key(message_id: int | None, parts: dict[str, Part], salt: str = "") -> str:
    named = {"message_id": message_id, "parts": parts, **({"store": salt} if salt else {})}
    canonical = json.dumps(named, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]


def _json(value: Any) -> str:
    # ASCII escapes: a lone surrogate in user text must not stop SQLite from storing it.
    return json.dumps(value, separators=(",", ":"))
