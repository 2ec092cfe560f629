"""The property behind "the operation log is decoded once, and never read stale".

A store keeps the operations it decoded while nothing changed (`SqliteStore.operations`: a
correction asks a dozen times). Each example plays a random sequence on two connections to
one store: operations saved (new ones and changed ones) and read in their transaction, some
in transactions that then fail, some by the other connection; the operations a read
returned changed by their reader without a save (a field set, an item added to a list or a
map). After each step, every read of either connection, of one plan or of all, must be
what a new connection reads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.domain.correction import Operation, SavedFiles
from cleveragents.domain.plan import ActorSpec, Plan
from features.support.properties import reproducible

EXAMPLES = 40
PLANS = ("5eed0001", "5eed0002")

steps = st.lists(
    st.one_of(
        # save through connection 0 or 1: a new operation, or a change of operation n
        st.tuples(
            st.just("save"),
            st.integers(0, 1),  # which connection
            st.integers(0, 1),  # which plan
            st.integers(0, 6),  # which operation is changed (past the last: a new one)
            st.booleans(),  # the transaction fails after the save
        ),
        # a reader changes what it was given, and saves nothing
        st.tuples(
            st.just("change"),
            st.integers(0, 1),
            st.sampled_from(["summary", "saved", "journal", "decisions_before", "held_out"]),
        ),
        st.tuples(st.just("read"), st.integers(0, 1), st.sampled_from([None, *PLANS])),
    ),
    min_size=1,
    max_size=30,
)

# Always tried first: a read, a change by its reader, a failed save, the other's save.
KNOWN = [
    ("save", 0, 0, 9, False),
    ("read", 0, PLANS[0]),
    ("change", 0, "saved"),
    ("read", 0, PLANS[0]),
    ("save", 0, 0, 0, True),
    ("read", 0, None),
    ("save", 1, 0, 9, False),
    ("read", 0, PLANS[0]),
]


def _plan(plan_id: str) -> Plan:
    return Plan.model_validate(
        {
            "id": plan_id,
            "task": "t",
            "actor": ActorSpec(kind="scripted"),
            "created_at": "2026-01-01T00:00:00Z",
            "updated_at": "2026-01-01T00:00:00Z",
        }
    )


def _changed(op: Operation, field: str) -> None:
    """What a reader might do to an operation it was given, without saving it."""
    if field == "summary":
        op.summary += " changed"
    elif field == "saved":
        op.saved.append(SavedFiles(plan_id=op.plan_id, commit="c0ffee", absent=["changed"]))
    elif field == "journal":
        if op.journal is None:
            op.journal = []
        op.journal.append("changed")
    elif field == "decisions_before":
        op.decisions_before["changed"] = ["active", None]
    else:
        op.held_out.append("changed")


def _dumped(ops: list[Operation]) -> list[dict[str, Any]]:
    return [op.model_dump(mode="json") for op in ops]


def play(sequence: list[tuple[Any, ...]], path: Path) -> None:
    stores = [SqliteStore(path), SqliteStore(path)]
    try:
        with stores[0].transaction():
            for plan_id in PLANS:
                stores[0].save_plan(_plan(plan_id))
        given_out: list[Operation] = []
        for step in sequence:
            if step[0] == "save":
                _, which, plan, n, fails = step
                store = stores[which]
                ops = store.operations(PLANS[plan])
                op = ops[n] if n < len(ops) else None
                if op is None:
                    op = Operation(
                        id=store.next_operation_id(),
                        plan_id=PLANS[plan],
                        kind="run",
                        command="c",
                        created_at="2026-01-01T00:00:00Z",
                    )
                op.summary = f"saved {len(sequence)}"
                op.journal = [*(op.journal or []), "entry"]
                try:
                    with store.transaction():
                        store.save_operation(op)
                        store.operations(PLANS[plan])  # read in the transaction too
                        if fails:
                            raise RuntimeError("the operation failed")
                except RuntimeError:
                    pass
            elif step[0] == "change":
                for op in given_out:
                    _changed(op, step[2])
            else:
                _, which, plan_id = step
                given_out = stores[which].operations(plan_id)
            fresh = SqliteStore(path)
            try:
                for plan_id in (None, *PLANS):
                    expected = _dumped(fresh.operations(plan_id))
                    for store in stores:
                        assert _dumped(store.operations(plan_id)) == expected, (step, plan_id)
            finally:
                fresh.close()
    finally:
        for store in stores:
            store.close()


def check_operation_reads(seed: int, folder: Path, examples: int = EXAMPLES) -> int:
    """Run the property on `examples` random sequences; return how many ran."""
    count = [0]

    @reproducible(examples, seed)
    @given(steps)
    @example(KNOWN)
    def operations_read_as_stored(sequence: list[tuple[Any, ...]]) -> None:
        count[0] += 1
        path = folder / f"example-{count[0]}.db"
        try:
            play(sequence, path)
        finally:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)

    operations_read_as_stored()
    return count[0]
