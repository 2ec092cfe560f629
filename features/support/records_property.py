"""The property behind "a plan travels byte for byte", on random plan histories.

Each example builds a plan in one store from a random sequence: actor states that change as
a context changes (`actor_state_property.change`), messages that answer one another and
branch, decisions that name the states, corrections, operations (some an undo of another).
Its records are then exported and imported into a second store that already holds another
plan (so every row id there differs), imported again over themselves, and over an older
export of the same plan (a pull that brings a plan up to date). Every time:

- the second store exports the same bytes as the first;
- every actor state reads back exactly by the key its decisions name;
- the conversation of every state reads back with the same roles and contents;
- importing the same records again adds no row.
"""

from __future__ import annotations

import copy
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.correction import Correction, CorrectionMode, Operation, Restore
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.plan import ActorSpec, Phase, Plan
from features.support.actor_state_property import change as change_field
from features.support.actor_state_property import changes
from features.support.properties import reproducible

EXAMPLES = 40
WHEN = datetime(2026, 11, 22, tzinfo=UTC)

# User text as messages and decisions hold it (states' items hold a lone surrogate too).
plain = st.sampled_from(["one", 'say "hi"', "élan", "", "x" * 200, "{}", '{"duty": 1}'])
events = st.lists(
    st.one_of(
        st.tuples(st.just("state"), st.lists(changes, max_size=3)),
        st.tuples(st.just("message"), st.integers(0, 3), plain),  # answers the n-th newest
        st.tuples(st.just("decision"), plain),
        st.tuples(st.just("correction"), plain),
        st.tuples(st.just("operation"), st.booleans()),  # an undo of the one before
    ),
    min_size=1,
    max_size=40,
)


def build(store: SqliteStore, plan_id: str, history: list[Any]) -> None:
    """The plan `plan_id` in `store`, made by `history`."""
    plan = Plan(
        id=plan_id,
        task=f"task of {plan_id}",
        actor=ActorSpec(kind="scripted", source="plan.yaml", script="task: t\nsteps: []\n"),
        created_at=WHEN,
        updated_at=WHEN,
    )
    data: dict[str, Any] = {"completed_steps": [], "step_index": None}
    messages: list[int] = []
    state_key: str | None = None
    decisions = corrections = 0
    operations: list[int] = []
    with store.transaction():
        store.save_plan(plan)
        for event in history:
            kind = event[0]
            if kind == "state":
                for field, how in event[1]:
                    change_field(data, field, how)
                pointer = messages[-1] if messages else None
                state_key = store.save_actor_state(
                    ActorState(message_id=pointer, data=copy.deepcopy(data))
                )
            elif kind == "message":
                parent = messages[-1 - event[1]] if len(messages) > event[1] else None
                role = "user" if len(messages) % 2 else "assistant"
                messages.append(store.add_message(plan_id, parent, role, event[2]).id)
            elif kind == "decision":
                decisions += 1
                store.save_decision(
                    Decision(
                        plan_id=plan_id,
                        id=str(decisions),
                        seq=decisions,
                        parent_id=str(decisions - 1) if decisions > 1 else None,
                        kind=DecisionKind.STEP,
                        phase=Phase.EXECUTE,
                        summary=event[1],
                        actor_state_before=state_key,
                        made_by="alice@laptop",
                        created_at=WHEN,
                    )
                )
            elif kind == "correction":
                corrections += 1
                store.save_correction(
                    Correction(
                        id=f"c{corrections}",
                        plan_id=plan_id,
                        mode=CorrectionMode.REVERT,
                        target=str(decisions) if decisions else None,
                        guidance=event[1],
                        restore=Restore.BOTH,
                        created_at=WHEN,
                    )
                )
            else:
                op = Operation(
                    id=store.next_operation_id(),
                    plan_id=plan_id,
                    kind="undo" if event[1] and operations else "correct",
                    command="agents plan correct",
                    undoes=operations[-1] if event[1] and operations else None,
                    plan_before=plan.model_dump(mode="json"),
                    made_in=store.store_id,
                    created_at=WHEN,
                )
                store.save_operation(op)
                operations.append(op.id)
        store.save_plan(plan.model_copy(update={"actor_state": state_key}))


def states_of(store: SqliteStore, plan_id: str) -> list[tuple[str, Any, list[Any]]]:
    """Each state the plan's decisions name: its key, data and conversation (role, text)."""
    found = []
    for decision in store.decisions(plan_id):
        if decision.actor_state_before is None:
            continue
        state = store.actor_state(decision.actor_state_before)
        talk = [(m.role, m.content) for m in store.conversation(state.message_id)]
        found.append((decision.actor_state_before, state.data, talk))
    return found


def rows(path: Path) -> dict[str, int]:
    db = sqlite3.connect(path)
    try:
        tables = (
            "plans",
            "decisions",
            "messages",
            "actor_states",
            "actor_state_items",
            "corrections",
            "operations",
            "checkpoints",
            "scripts",
        )
        return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}
    finally:
        db.close()


def play(history: list[Any], other: list[Any], cut: int, folder: Path) -> None:
    before = SqliteStore(folder / "before.db")  # the plan as a clone had it earlier
    mine = SqliteStore(folder / "mine.db")
    theirs = SqliteStore(folder / "theirs.db")
    try:
        build(before, "aaaa0001", history[:cut])
        older = before.export_records("aaaa0001")
        build(mine, "aaaa0001", history)
        whole = mine.export_records("aaaa0001")
        expected = states_of(mine, "aaaa0001")

        build(theirs, "bbbb0002", other)  # ids in `theirs` start elsewhere
        theirs.import_records(older)
        assert theirs.export_records("aaaa0001") == older
        theirs.import_records(whole)  # brought up to date, as a pull does
        assert theirs.export_records("aaaa0001") == whole
        assert states_of(theirs, "aaaa0001") == expected
        counted = rows(folder / "theirs.db")
        theirs.import_records(whole)  # pulled again: nothing new
        assert rows(folder / "theirs.db") == counted
        assert theirs.export_records("aaaa0001") == whole
        again = SqliteStore(folder / "theirs.db")  # and through a new connection
        try:
            assert states_of(again, "aaaa0001") == expected
            assert again.export_records("bbbb0002") == theirs.export_records("bbbb0002")
        finally:
            again.close()
    finally:
        for store in (before, mine, theirs):
            store.close()


def check_records(seed: int, folder: Path, examples: int = EXAMPLES) -> int:
    """Run the property on `examples` random histories; return how many ran."""
    count = [0]

    @reproducible(examples, seed)
    @given(events, events, st.integers(0, 40))
    def records_travel_byte_for_byte(history: list[Any], other: list[Any], cut: int) -> None:
        count[0] += 1
        here = folder / f"example-{count[0]}"
        here.mkdir()
        play(history, other, min(cut, len(history)), here)

    records_travel_byte_for_byte()
    return count[0]
