"""The SQLite store, opened directly on the real file."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import Any

from behave import given, then, when

from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.plan import ActorSpec, Phase, Plan
from cleveragents.errors import BadInput


def store_path(context: Any) -> Any:
    return context.repo / ".git" / "cleveragents" / "state.db"


def open_store(context: Any) -> SqliteStore:
    store = SqliteStore(store_path(context))
    context.stores = [*getattr(context, "stores", []), store]
    return store


@when("the plan store is opened")
@when("the plan store is opened again")
def step_open(context: Any) -> None:
    context.store = open_store(context)


@then("the store is in WAL mode at schema version {version:d}")
def step_wal(context: Any, version: int) -> None:
    db = sqlite3.connect(store_path(context))
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == version
    db.close()


@then('the store recorded the migrations "{names}"')
def step_migration(context: Any, names: str) -> None:
    db = sqlite3.connect(store_path(context))
    rows = db.execute("SELECT version, name FROM migrations ORDER BY version").fetchall()
    db.close()
    assert rows == list(enumerate(names.split(", "), start=1)), rows


@given("a plan stored in the plan store")
def step_plan(context: Any) -> None:
    context.store = open_store(context)
    now = datetime.now(UTC)
    context.plan = Plan(
        id="abcdef01",
        task="stored",
        actor=ActorSpec(kind="scripted"),
        created_at=now,
        updated_at=now,
    )
    with context.store.transaction():
        context.store.save_plan(context.plan)


@when("a transaction saves a decision and then fails")
def step_failing_transaction(context: Any) -> None:
    decision = Decision(
        plan_id="abcdef01",
        id="1",
        seq=1,
        kind=DecisionKind.STRATEGY,
        phase=Phase.STRATEGIZE,
        summary="s",
        created_at=datetime.now(UTC),
    )
    try:
        with context.store.transaction():
            context.store.save_decision(decision)
            with context.store.transaction():  # nested: joins the outer unit of work
                context.store.save_plan(context.plan.model_copy(update={"head_decision": "1"}))
            raise RuntimeError("crash in the middle of an operation")
    except RuntimeError:
        pass


@then("the plan store holds no decision")
def step_no_decision(context: Any) -> None:
    assert open_store(context).decisions("abcdef01") == []


@then("the plan is as it was")
def step_plan_same(context: Any) -> None:
    assert open_store(context).plan("abc") == context.plan


@given("the plan store is at schema version {version:d}")
def step_schema(context: Any, version: int) -> None:
    store_path(context).parent.mkdir(parents=True)
    db = sqlite3.connect(store_path(context))
    db.execute(f"PRAGMA user_version = {version}")
    db.close()


@given('the messages "a", "b" below "a", "c" below "b" and "d" below "b"')
def step_messages(context: Any) -> None:
    store = context.store
    with store.transaction():
        a = store.add_message("abcdef01", None, "user", "a")
        b = store.add_message("abcdef01", a.id, "assistant", "b")
        c = store.add_message("abcdef01", b.id, "user", "c")
        d = store.add_message("abcdef01", b.id, "user", "d")
    context.messages = {"a": a.id, "b": b.id, "c": c.id, "d": d.id}


@then('the conversation up to "{name}" is "{expected}"')
def step_conversation(context: Any, name: str, expected: str) -> None:
    found = [m.content for m in context.store.conversation(context.messages[name])]
    assert ", ".join(found) == expected, found


@then("the conversation up to nothing is empty")
def step_conversation_empty(context: Any) -> None:
    assert context.store.conversation(None) == []


@when("the same actor state is saved twice")
def step_state_twice(context: Any) -> None:
    state = ActorState(message_id=None, data={"completed_steps": ["one"], "notes": []})
    with context.store.transaction():
        context.keys = {
            context.store.save_actor_state(state),
            context.store.save_actor_state(state),
        }
    context.state = state


@then("the store holds it once under one key")
def step_state_once(context: Any) -> None:
    assert len(context.keys) == 1, context.keys
    (key,) = context.keys
    assert context.store.actor_state(key) == context.state
    db = sqlite3.connect(store_path(context))
    assert db.execute("SELECT count(*) FROM actor_states").fetchone()[0] == 1
    db.close()


@then("an unknown actor state or checkpoint is a clear error")
def step_unknown(context: Any) -> None:
    for lookup in (context.store.actor_state, context.store.checkpoint):
        try:
            lookup("0" * 32)
        except BadInput as error:
            assert "no " in error.message
        else:
            raise AssertionError("expected BadInput")


@given('the plan store already has a table "{table}" of its own')
def step_foreign_table(context: Any, table: str) -> None:
    store_path(context).parent.mkdir(parents=True)
    db = sqlite3.connect(store_path(context))
    db.execute(f"CREATE TABLE {table} (x)")
    db.commit()
    db.close()


@then('the plan store is still at schema version {version:d} with no table "{table}"')
def step_still_old(context: Any, version: int, table: str) -> None:
    db = sqlite3.connect(store_path(context))
    assert db.execute("PRAGMA user_version").fetchone()[0] == version
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    db.close()
    assert table not in names, names
