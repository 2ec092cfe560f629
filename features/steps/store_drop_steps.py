"""Dropping a plan's rows (`agents gc`) on a real store, beside a plan that is kept."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import Any

from behave import given, then, when

from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.correction import Operation
from cleveragents.domain.plan import ActorSpec, Plan
from cleveragents.errors import UnknownPlan
from features.steps.store_steps import open_store, store_path

LONG = [f"step {n}" for n in range(6)]  # long enough to be stored as a chain of items


def _plan(plan_id: str) -> Plan:
    now = datetime.now(UTC)
    return Plan(
        id=plan_id, task=plan_id, actor=ActorSpec(kind="scripted"), created_at=now, updated_at=now
    )


@given("two plans whose actor states share one connection, the second built on the first's")
def step_two_plans(context: Any) -> None:
    store = context.store = open_store(context)
    with store.transaction():
        for plan_id in ("aaaa0001", "bbbb0002"):
            store.save_plan(_plan(plan_id))
        first = store.add_message("aaaa0001", None, "user", "first plan")
        store.save_actor_state(ActorState(message_id=first.id, data={"done": LONG}))
        store.save_operation(
            Operation(
                id=1,
                plan_id="aaaa0001",
                kind="run",
                command="agents plan run",
                created_at=datetime.now(UTC),
            )
        )
        second = store.add_message("bbbb0002", None, "user", "second plan")
        # Saved on the same connection next: its record is a difference from the first's,
        # and its list extends the first's chain of items.
        context.kept = ActorState(message_id=second.id, data={"done": [*LONG, "step 6"]})
        context.key = store.save_actor_state(context.kept)


@given("a third plan whose actor state is built on nothing")
def step_third(context: Any) -> None:
    # Written on a connection of its own: it builds on no other record.
    other = open_store(context)
    with other.transaction():
        other.save_plan(_plan("cccc0003"))
        third = other.add_message("cccc0003", None, "user", "third plan")
        other.save_actor_state(ActorState(message_id=third.id, data={"own": [1, 2, 3, 4, 5, 6]}))
    db = sqlite3.connect(store_path(context))
    bases = db.execute("SELECT base FROM actor_states ORDER BY id").fetchall()
    db.close()
    assert bases == [(None,), (1,), (None,)], f"not built as the scenario needs: {bases}"


@when("the first and the third plans' rows are dropped")
def step_drop(context: Any) -> None:
    context.store.drop_plan("aaaa0001")
    context.store.drop_plan("cccc0003")


@then("the dropped plans are unknown and their messages, states and operations are gone")
def step_gone(context: Any) -> None:
    for plan_id in ("aaaa0001", "cccc0003"):
        try:
            context.store.plan(plan_id)
        except UnknownPlan:
            continue
        raise AssertionError(f"the dropped plan {plan_id} is still in the store")
    db = sqlite3.connect(store_path(context))
    messages = db.execute("SELECT count(*) FROM messages WHERE plan_id != 'bbbb0002'").fetchone()
    operations = db.execute("SELECT count(*) FROM operations").fetchone()
    left = db.execute("SELECT count(*) FROM actor_states").fetchone()[0]
    states = db.execute(
        "SELECT count(*) FROM actor_states WHERE message_id IS NOT NULL "
        "AND message_id NOT IN (SELECT id FROM messages)"
    ).fetchone()
    db.close()
    assert (messages[0], operations[0], states[0]) == (0, 0, 0), (messages, operations, states)
    # The first plan's state stays, its message cleared: the second's is built on it.
    assert left == 2, f"{left} actor states left, expected the second's and its base"


@then("the second plan's actor state reads back as it was saved")
def step_kept(context: Any) -> None:
    reopened = open_store(context)  # nothing remembered from the writes
    assert reopened.actor_state(context.key) == context.kept
    assert reopened.plan("bbbb0002").id == "bbbb0002"


@then("no list item of the store is left that no actor state reaches")
def step_items(context: Any) -> None:
    db = sqlite3.connect(store_path(context))
    items = db.execute("SELECT count(*) FROM actor_state_items").fetchone()[0]
    db.close()
    assert items == len(LONG) + 1, f"{items} items for one list of {len(LONG) + 1}"
