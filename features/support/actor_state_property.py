"""The property behind "what the actor knew comes back exactly", on random sequences of states.

Actor states are stored as what changed since the state before, and long lists as chains of
items that later states extend (`adapters/storage/actor_states.py`). Each example stores a
random sequence of states, each a change of the one before: lists that grow, roll (drop
their oldest items), shrink or are replaced; mappings that gain, change and lose keys;
values that change; fields that disappear and come back; the message pointer moving. Some
saves happen in transactions that then fail. Every state that was committed must read back
exactly, through the connection that wrote it and through a new one, in any order. A whole
record comes every few states (instead of every 32) so that short sequences cross many.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.storage import actor_states
from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.plan import ActorSpec, Plan
from features.support.properties import reproducible

EXAMPLES = 60
LISTS = ("completed_steps", "recent_actions", "notes")
MAPPINGS = ("outputs",)
VALUES = ("step_index", "last_failure")

# User text is data: quotes, non-ASCII and a lone surrogate among the items.
items = st.one_of(
    st.sampled_from(["one", "two", 'say "hi"', "élan", "\ud800 broken", "", "x" * 300]),
    st.text(max_size=12),
)
list_changes = st.one_of(
    st.tuples(st.just("append"), st.lists(items, max_size=6)),
    st.tuples(st.just("roll"), st.integers(1, 3), items),
    st.tuples(st.just("keep_first"), st.integers(0, 8)),
    st.tuples(st.just("replace"), st.lists(items, max_size=12)),
)
mapping_changes = st.one_of(
    st.tuples(st.just("set"), st.text(max_size=4), items),
    st.tuples(st.just("remove"), st.integers(0, 10)),
)
values = st.one_of(st.none(), st.integers(-5, 10**6), items, st.floats(allow_nan=False))
changes = st.one_of(
    st.tuples(st.sampled_from(LISTS), list_changes),
    st.tuples(st.sampled_from(MAPPINGS), mapping_changes),
    st.tuples(st.sampled_from(VALUES), st.tuples(st.just("value"), values)),
    st.tuples(st.sampled_from(LISTS + MAPPINGS + VALUES), st.just(("drop",))),
)
saves = st.lists(
    st.tuples(
        st.lists(changes, min_size=0, max_size=3),
        st.integers(0, 3),  # which message the state points at (0: none)
        st.integers(0, 4).map(lambda n: n == 0),  # the transaction fails after the save
    ),
    min_size=1,
    max_size=60,
)


# Always tried first: a mapping long enough to be a chain, a list that grows, rolls and is
# cut, a transaction that fails in the middle, fields dropped, a long value.
KNOWN = [
    *[([("outputs", ("set", key, f"value {key}"))], 1, False) for key in "abcde"],
    ([("completed_steps", ("append", ["s1", "s2", "s3", "s4", "s5"]))], 2, False),
    ([("completed_steps", ("roll", 1, "s6"))], 2, False),
    ([("completed_steps", ("append", ["s7"]))], 3, True),
    ([("completed_steps", ("append", ["s8"]))], 3, False),
    ([("outputs", ("remove", 0)), ("notes", ("append", ["n1", "n2", "n3", "n4"]))], 0, False),
    ([("completed_steps", ("keep_first", 2)), ("notes", ("drop",))], 0, False),
    ([("step_index", ("value", 7)), ("last_failure", ("value", "x" * 300))], 1, False),
]


def change(data: dict[str, Any], field: str, how: tuple[Any, ...]) -> None:
    """Change one field the way a context changes: a new value, never the old one edited."""
    if how[0] == "drop":
        data.pop(field, None)
    elif how[0] == "value":
        data[field] = how[1]
    elif field in MAPPINGS:
        mapping = dict(data.get(field, {}))
        if how[0] == "set":
            mapping[how[1]] = how[2]
        elif mapping:
            del mapping[sorted(mapping)[how[1] % len(mapping)]]
        data[field] = mapping
    else:
        old = list(data.get(field, []))
        if how[0] == "append":
            data[field] = old + how[1]
        elif how[0] == "roll":
            data[field] = [*old[how[1] :], how[2]]
        elif how[0] == "keep_first":
            data[field] = old[: how[1]]
        else:
            data[field] = list(how[1])


def play(sequence: list[tuple[list[Any], int, bool]], path: Path) -> None:
    store = SqliteStore(path)
    try:
        now = Plan.model_validate(
            {
                "id": "5eed0001",
                "task": "t",
                "actor": ActorSpec(kind="scripted"),
                "created_at": "2026-01-01T00:00:00Z",
                "updated_at": "2026-01-01T00:00:00Z",
            }
        )
        with store.transaction():
            store.save_plan(now)
            messages: list[int | None] = [None]
            for _ in range(3):
                messages.append(store.add_message(now.id, messages[-1], "user", "m").id)
        data: dict[str, Any] = {"completed_steps": [], "step_index": None}
        committed: list[tuple[str, ActorState]] = []
        for field_changes, message, fails in sequence:
            for field, how in field_changes:
                change(data, field, how)
            state = ActorState(message_id=messages[message], data=copy.deepcopy(data))
            try:
                with store.transaction():
                    key = store.save_actor_state(state)
                    if fails:
                        raise RuntimeError("the operation failed")
                committed.append((key, state))
            except RuntimeError:
                pass
        for key, state in committed:
            assert store.actor_state(key) == state, (key, state)
    finally:
        store.close()
    again = SqliteStore(path)
    try:
        for key, state in reversed(committed):
            assert again.actor_state(key) == state, (key, state)
    finally:
        again.close()


def check_states(seed: int, folder: Path, examples: int = EXAMPLES) -> int:
    """Run the property on `examples` random sequences; return how many ran."""
    count = [0]

    @reproducible(examples, seed)
    @given(saves, st.integers(2, 6))
    @example(KNOWN, 3)
    def states_read_back_exactly(sequence: list[tuple[list[Any], int, bool]], whole: int) -> None:
        count[0] += 1
        path = folder / f"example-{count[0]}.db"
        every, actor_states.FULL_EVERY = actor_states.FULL_EVERY, whole
        try:
            play(sequence, path)
        finally:
            actor_states.FULL_EVERY = every
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)

    states_read_back_exactly()
    return count[0]
