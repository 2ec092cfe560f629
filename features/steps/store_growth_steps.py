"""What the store writes per decision, and that it reads back what the actor knew: measured
on the real SQLite file."""

from __future__ import annotations

import copy
import hashlib
import json
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from behave import given, then, when

from cleveragents.adapters.storage.actor_states import FULL_EVERY
from cleveragents.adapters.storage.migrations import m001_initial, m002_corrections_and_operations
from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.budget import Budget
from cleveragents.domain.plan import Check
from cleveragents.domain.strategy import ActorContext, StepSpec
from cleveragents.errors import ConflictingState
from features.steps.store_steps import open_store, store_path
from features.support.properties import property_seed


def _steps(count: int) -> list[StepSpec]:
    return [StepSpec(name=f"step {i}", checks=[Check(run=f"test -f f{i}")]) for i in range(count)]


def file_size(context: Any) -> int:
    """The store's file with its write-ahead log folded in."""
    db = sqlite3.connect(store_path(context))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return store_path(context).stat().st_size


# -- an actor working through a long plan --------------------------------------------------


@when("an actor works through a plan of {steps:d} steps, its context stored before every decision")
def step_long_plan(context: Any, steps: int) -> None:
    from cleveragents.adapters.clock import SystemClock
    from cleveragents.application.plan_recorder import PlanRecorder
    from cleveragents.domain.action import WriteAction
    from cleveragents.domain.checkpoint import Keeping
    from cleveragents.domain.rules import roll
    from cleveragents.domain.strategy import StepAttempt

    plan = context.plan.model_copy(update={"budget": Budget(actor_calls=10 * steps)})
    unkept = Keeping(lambda saved: None, lambda entry: None)  # no checkpoint is taken
    recorder = PlanRecorder(
        context.store, None, SystemClock(), plan, ActorState(), None, keeping=unkept
    )
    specs = _steps(steps)
    recorder.context = recorder.context.model_copy(update={"steps": specs})
    context.saved = []
    context.sizes = {0: file_size(context)}

    def stored() -> None:
        key = recorder.actor_state()
        context.saved.append((key, recorder.message_id, recorder.context.as_state()))

    for i in range(steps):
        before = {"step_index": i, "tried_options": []}
        recorder.context = recorder.context.model_copy(update=before)
        stored()  # the step's decision
        write = WriteAction(path=f"f{i}.txt", content=f"{i}\n")
        recorder.ask("refine", lambda: StepAttempt(option="write", actions=[write]))  # noqa: B023
        stored()  # the action's decision
        now = recorder.context
        recent, earlier = roll(now.recent_actions, now.earlier_actions, f"write f{i}.txt: wrote")
        recorder.context = now.model_copy(
            update={
                "completed_steps": [*now.completed_steps, f"step {i}"],
                "recent_actions": recent,
                "earlier_actions": earlier,
            }
        )
        stored()  # the step is done: the plan's latest state
        if (i + 1) % 100 == 0:
            context.sizes[i + 1] = file_size(context)
    context.steps = steps


@then(
    "over the last 100 steps the store's file grew no more than over the first 100, "
    "and by under 1 KB a step"
)
def step_flat_bytes(context: Any) -> None:
    sizes, last = context.sizes, context.steps
    first_growth = sizes[100] - sizes[0]
    last_growth = sizes[last] - sizes[last - 100]
    # A page or four of slack: the file grows by whole 4 KB pages.
    assert last_growth <= first_growth * 1.25 + 16_384, (first_growth, last_growth, sizes)
    assert last_growth < 100 * 1024, (last_growth, sizes)


@then("every one of those states reads back exactly through a new connection")
def step_read_back(context: Any) -> None:
    store = open_store(context)
    sample = context.saved[::7] + context.saved[-40:]
    for key, message_id, data in sample:
        assert store.actor_state(key) == ActorState(message_id=message_id, data=data), key


@then("reading any actor state reads at most {records:d} of its records")
def step_records(context: Any, records: int) -> None:
    assert records == FULL_EVERY
    db = sqlite3.connect(store_path(context))
    deepest, whole = db.execute(
        "WITH RECURSIVE up(start, id, base, depth) AS ("
        " SELECT id, id, base, 1 FROM actor_states"
        " UNION ALL SELECT up.start, a.id, a.base, up.depth + 1"
        " FROM actor_states a JOIN up ON a.id = up.base) "
        "SELECT max(depth), sum(base IS NULL) FROM up"
    ).fetchone()
    db.close()
    assert deepest <= records, deepest
    assert whole > 1, whole  # whole records come back every `records` states


# -- random sequences of states ------------------------------------------------------------


@when("random sequences of actor states are stored, some in transactions that fail")
def step_random_states(context: Any) -> None:
    from features.support.actor_state_property import check_states

    _run_property(context, check_states)


@then("every state that was committed reads back exactly, through the same and a new connection")
@then("every import exports the same bytes again, with every actor state and conversation whole")
def step_property_held(context: Any) -> None:
    # The check raises hypothesis' report (the shrunk example) on the first that fails.
    assert context.property_examples > 0, f"no example ran (seed {context.property_seed})"


def _run_property(context: Any, check: Callable[[int, Path], int]) -> None:
    """Run a property's examples from the suite's seed, in a folder of their own."""
    context.property_seed = seed = property_seed()
    context.tmp.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=context.tmp) as folder:
        context.property_examples = check(seed, Path(folder))


# -- a failed transaction, a damaged record ------------------------------------------------


def _completed(count: int) -> ActorState:
    data = {"completed_steps": [f"step {i}" for i in range(count)], "step_index": count - 1}
    return ActorState(message_id=None, data=data)


@given("an actor state with {count:d} completed steps is stored")
def step_state_stored(context: Any, count: int) -> None:
    context.state = _completed(count)
    with context.store.transaction():
        context.key = context.store.save_actor_state(context.state)


@when("a transaction stores one with a {count:d}st completed step and then fails")
def step_state_failed(context: Any, count: int) -> None:
    context.state = _completed(count)
    try:
        with context.store.transaction():
            context.store.save_actor_state(context.state)
            raise RuntimeError("the operation failed after the state was stored")
    except RuntimeError:
        pass


@when("the actor state with {count:d} completed steps is stored again")
def step_state_again(context: Any, count: int) -> None:
    assert len(context.state.data["completed_steps"]) == count
    with context.store.transaction():
        context.key = context.store.save_actor_state(context.state)


@then("a new connection reads it back with all {count:d} completed steps")
def step_state_whole(context: Any, count: int) -> None:
    found = open_store(context).actor_state(context.key)
    assert found == context.state and len(found.data["completed_steps"]) == count, found


@when("its record is changed to name itself as its base")
def step_damage(context: Any) -> None:
    db = sqlite3.connect(store_path(context))
    db.execute("UPDATE actor_states SET base = id WHERE key = ?", (context.key,))
    db.commit()
    db.close()


@then("reading it back is a clear error naming the actor state")
def step_damaged(context: Any) -> None:
    try:
        open_store(context).actor_state(context.key)
    except ConflictingState as error:
        assert "damaged" in error.message and context.key[:12] in error.message, error.message
    else:
        raise AssertionError("a damaged actor state was read as if whole")


# -- a real run of a long plan file --------------------------------------------------------


@given('a plan file "{name}" of {steps:d} steps that each write one file')
def step_plan_file(context: Any, name: str, steps: int) -> None:
    lines = ["task: write many files, one per step", "steps:"]
    for i in range(steps):
        lines += [
            f"  - name: write file {i}",
            "    options:",
            "      - actions:",
            f"          - write: notes/f{i:03d}.txt",
            f'            content: "step {i}\\n"',
        ]
    lines[1:1] = ["budget:", f"  actor_calls: {steps + 10}"]
    (context.tmp / name).write_text("\n".join(lines) + "\n")


@then('the store holds the text of "{name}" once, and no plan body holds it')
def step_script_once(context: Any, name: str) -> None:
    text = (context.tmp / name).read_text()
    db = sqlite3.connect(store_path(context))
    scripts = [r[0] for r in db.execute("SELECT text FROM scripts")]
    bodies = [r[0] for r in db.execute("SELECT body FROM plans")]
    db.close()
    assert scripts == [text], scripts
    assert all("write file" not in body for body in bodies), bodies
    assert open_store(context).plan(None).actor.script == text


def _requests(db: sqlite3.Connection) -> list[tuple[int, str]]:
    rows = db.execute("SELECT id, content FROM messages ORDER BY id").fetchall()
    return [(i, c) for i, c in rows if c.startswith('{"duty"')]


@then("every request names the actor state it was asked with, in under {size:d} bytes")
def step_requests(context: Any, size: int) -> None:
    db = sqlite3.connect(store_path(context))
    requests = _requests(db)
    db.close()
    store = open_store(context)
    asked = [json.loads(content) for _, content in requests]
    assert all(len(content) < size for _, content in requests), requests
    strategy, *refines = asked
    assert strategy["duty"] == "strategize", strategy
    assert store.actor_state(strategy["context"]).data["steps"] == []
    # Each step's request names the context of that step, as the actor had it.
    indexes = [store.actor_state(r["context"]).data["step_index"] for r in refines]
    assert [r["duty"] for r in refines] == ["refine"] * len(refines)
    assert indexes == list(range(len(refines))), indexes


@then("every actor state record and every item of its lists is under {size:d} bytes")
def step_small_records(context: Any, size: int) -> None:
    db = sqlite3.connect(store_path(context))
    record = db.execute("SELECT max(length(parts)) FROM actor_states").fetchone()[0]
    item = db.execute("SELECT max(length(item)) FROM actor_state_items").fetchone()[0]
    db.close()
    assert record < size and item < size, (record, item)


# -- stores written before actor states were kept as parts ---------------------------------


def _old_key(message_id: int | None, data: dict[str, Any]) -> str:
    """The key older versions gave a state: a hash of all of it."""
    canonical = json.dumps(
        {"message_id": message_id, "data": data}, sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]


def _version_2(path: Path) -> sqlite3.Connection:
    """An empty store exactly as schema version 2 made it, with its migrations recorded."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    m001_initial(db)
    m002_corrections_and_operations(db)
    for number, name in ((1, "m001_initial"), (2, "m002_corrections_and_operations")):
        db.execute(
            "INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, datetime('now'))",
            (number, name),
        )
    db.execute("PRAGMA user_version = 2")
    return db


@given("the plan store is turned back into what cleveragents wrote at schema version 2")
def step_downgrade(context: Any) -> None:
    if context.services is not None:
        context.services.close()
        context.services = None
    path = store_path(context)
    store = SqliteStore(path)
    db = store._db  # the raw rows, read on the same connection
    plans = {p.id: p for p in store.plans()}
    decisions = [d for plan_id in plans for d in store.decisions(plan_id)]
    keys = [r[0] for r in db.execute("SELECT key FROM actor_states ORDER BY id")]
    states = {key: store.actor_state(key) for key in keys}
    tables = {
        name: db.execute(f"SELECT * FROM {name}").fetchall()
        for name in ("checkpoints", "corrections", "operations")
    }
    messages = db.execute(
        "SELECT id, plan_id, parent_id, role, content, created_at FROM messages ORDER BY id"
    ).fetchall()
    store.close()

    context.states_before = {key: state.data for key, state in states.items()}
    context.requests_before = {}
    old_messages = []
    for row in messages:
        content = row[4]
        if content.startswith('{"duty"'):
            request = json.loads(content)
            task = plans[row[1]].task
            whole = {"task": task, **states[request["context"]].data}
            content = json.dumps({"duty": request["duty"], "context": whole})
            context.requests_before[row[0]] = whole
        old_messages.append((*row[:4], content, row[5]))

    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    old = _version_2(path)
    for plan in plans.values():
        old.execute(
            "INSERT INTO plans (id, created_at, body) VALUES (?, ?, ?)",
            (plan.id, plan.created_at.isoformat(), plan.model_dump_json()),
        )
    for d in decisions:
        old.execute(
            "INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?, ?)",
            (d.plan_id, d.id, d.seq, d.parent_id, d.kind, d.status, d.model_dump_json()),
        )
    old.executemany("INSERT INTO messages VALUES (?, ?, ?, ?, ?, ?)", old_messages)
    for key, state in states.items():
        old.execute(
            "INSERT INTO actor_states (key, message_id, data) VALUES (?, ?, ?)",
            (key, state.message_id, json.dumps(state.data, sort_keys=True)),
        )
    for name, rows in tables.items():
        for row in rows:
            old.execute(f"INSERT INTO {name} VALUES ({', '.join('?' * len(row))})", row)
    old.execute("COMMIT")
    old.close()


@then("every actor state reads back as it was before the migration")
def step_states_kept(context: Any) -> None:
    store = open_store(context)
    for key, data in context.states_before.items():
        assert store.actor_state(key).data == data, key
    db = sqlite3.connect(store_path(context))
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    db.close()
    assert "actor_states_whole" not in tables, tables


@then("every request of the old store names an actor state holding the context it held")
def step_requests_kept(context: Any) -> None:
    store = open_store(context)
    db = sqlite3.connect(store_path(context))
    contents = dict(db.execute("SELECT id, content FROM messages").fetchall())
    db.close()
    assert context.requests_before
    for message_id, whole in context.requests_before.items():
        request = json.loads(contents[message_id])
        assert set(request) == {"duty", "context"} and isinstance(request["context"], str)
        assert store.actor_state(request["context"]).data == whole, message_id


@given(
    "a plan store at schema version 2 holding {count:d} whole actor states of a {steps:d}-step plan"
)
def step_big_old_store(context: Any, count: int, steps: int) -> None:
    path = store_path(context)
    path.parent.mkdir(parents=True, exist_ok=True)
    old = _version_2(path)
    old.execute(
        "INSERT INTO plans (id, created_at, body) VALUES (?, ?, ?)",
        (
            "0123abcd",
            "2026-01-01T00:00:00+00:00",
            json.dumps(
                {
                    "id": "0123abcd",
                    "task": "a long plan",
                    "actor": {"kind": "scripted", "source": "long.yaml", "script": "task: x\n"},
                    "created_at": "2026-01-01T00:00:00Z",
                    "updated_at": "2026-01-01T00:00:00Z",
                }
            ),
        ),
    )
    specs = _steps(steps)
    context.states_before = {}
    for i in range(count):
        data = ActorContext(
            task="a long plan",
            steps=specs,
            step_index=i,
            completed_steps=[f"step {j}" for j in range(i)],
        ).as_state()
        key = _old_key(None, data)
        old.execute(
            "INSERT INTO actor_states (key, message_id, data) VALUES (?, NULL, ?)",
            (key, json.dumps(data, sort_keys=True)),
        )
        context.states_before[key] = copy.deepcopy(data)
    # A request as older versions stored it (the whole context), and a message that only
    # starts like one: the migration converts the first and leaves the second alone.
    whole = {"task": "a long plan", **data}
    context.requests_before = {1: whole}
    context.odd_message = '{"duty": "refine", but not JSON'
    for content in (json.dumps({"duty": "refine", "context": whole}), context.odd_message):
        old.execute(
            "INSERT INTO messages (plan_id, parent_id, role, content, created_at) "
            "VALUES ('0123abcd', NULL, 'user', ?, '2026-01-01T00:00:00+00:00')",
            (content,),
        )
    old.execute("COMMIT")
    old.close()
    context.size_before = path.stat().st_size


@then("a message that only looked like a request is kept as it was")
def step_odd_message(context: Any) -> None:
    db = sqlite3.connect(store_path(context))
    contents = [r[0] for r in db.execute("SELECT content FROM messages WHERE id = 2")]
    db.close()
    assert contents == [context.odd_message], contents


@then("the store's file is under a tenth of its size before")
def step_shrunk(context: Any) -> None:
    context.store.close()
    context.stores.remove(context.store)
    size = file_size(context)
    assert size * 10 < context.size_before, (size, context.size_before)


# -- a plan's records, exported and imported ------------------------------------------------


@when("random plan histories are exported and imported into a store holding another plan")
def step_random_records(context: Any) -> None:
    from features.support.records_property import check_records

    _run_property(context, check_records)


# -- the operation log, decoded once while the store stays as it was ----------------------


@when(
    "random sequences of operations are saved, some in failed transactions or by another "
    "connection, and changed by their readers"
)
def step_random_operation_reads(context: Any) -> None:
    from features.support.operation_reads_property import check_operation_reads

    _run_property(context, check_operation_reads)


@then("every read of the operation log is what a new connection reads")
def step_operation_reads_held(context: Any) -> None:
    assert context.property_examples > 0, f"no example ran (seed {context.property_seed})"
