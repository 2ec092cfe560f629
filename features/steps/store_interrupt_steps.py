"""A SIGHUP at each point of a store transaction, on the real SQLite file.

The handlers are agents' own (`interrupts.install`): a stopping signal raises `Interrupted`
where Python next looks for one, at a call or a return, just after SQLite's BEGIN or COMMIT
returned too. A profile hook sends the real signal at the n-th such event of the store's own
code, for every n in turn; the transaction must then be whole or absent, and the store take
the next one.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType
from typing import Any

from behave import then, when

from cleveragents.adapters import interrupts
from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.plan import Phase
from cleveragents.errors import Interrupted

STORE_CODE = str(Path(SqliteStore.__module__.replace(".", "/")).parent)
CONTEXTLIB = "contextlib.py"


def _store_code(frame: FrameType) -> bool:
    name = frame.f_code.co_filename
    return STORE_CODE in name or name.endswith(CONTEXTLIB)


class _Interrupter:
    """A profile hook that sends SIGHUP at the `point`-th call or return of the store's code."""

    def __init__(self, point: int) -> None:
        self.point = point
        self.seen = 0
        self.sent = False

    def __call__(self, frame: FrameType, event: str, arg: object) -> None:
        if not _store_code(frame):
            return
        self.seen += 1
        if self.seen == self.point:
            sys.setprofile(None)
            self.sent = True
            os.kill(os.getpid(), signal.SIGHUP)


@contextmanager
def _agents_handlers() -> Iterator[None]:
    """agents' signal handlers for the block; this process's own back after it."""
    before = {number: signal.getsignal(number) for number in interrupts.STOPPING}
    hook = sys.unraisablehook
    interrupts.install()
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
        sys.unraisablehook = hook
        signal.pthread_sigmask(signal.SIG_UNBLOCK, interrupts.STOPPING)


@when("a transaction saving a decision and the plan is interrupted at each point in turn")
def step_interrupt_each(context: Any) -> None:
    context.interrupt_results = results = []
    point = 0
    with _agents_handlers():
        while _interrupt_at(context.store, context.plan.id, point := point + 1, results):
            signal.pthread_sigmask(signal.SIG_UNBLOCK, interrupts.STOPPING)  # `_stop` blocked them


def _looked(path: Path, plan_id: str, decision: str) -> tuple[int, str | None, str]:
    """From another connection: decision `decision` stored (0 or 1), the plan's head, task."""
    reader = SqliteStore(path)
    try:
        saved = [d.id for d in reader.decisions(plan_id)].count(decision)
        plan = reader.plan(plan_id)
        return saved, plan.head_decision, plan.task
    finally:
        reader.close()


def _interrupt_at(store: SqliteStore, plan_id: str, point: int, results: list[Any]) -> bool:
    """One SIGHUP at `point` of a transaction; False once the point lies past its end."""
    plan = store.plan(plan_id)
    decision = Decision(
        plan_id=plan_id,
        id=str(point),
        seq=point,
        kind=DecisionKind.STRATEGY,
        phase=Phase.STRATEGIZE,
        summary=f"d{point}",
        created_at=datetime.now(UTC),
    )
    hook = _Interrupter(point)
    sys.setprofile(hook)
    try:
        with store.transaction():
            store.save_decision(decision)
            store.save_plan(plan.model_copy(update={"head_decision": str(point)}))
    except Interrupted:
        pass
    except Exception as error:  # one an earlier point left open: the finding
        results.append((point, True, False, f"{type(error).__name__}: {error}"))
        return False
    finally:
        sys.setprofile(None)
    left_open = store._db.in_transaction  # what SQLite itself says
    saved, head, _ = _looked(store.path, plan_id, str(point))
    whole = (saved, head) in {(1, str(point)), (0, plan.head_decision)}
    try:  # the next unit of work of the same command (a rollback's, say)
        with store.transaction():
            store.save_plan(store.plan(plan_id).model_copy(update={"task": f"t{point}"}))
        took: object = _looked(store.path, plan_id, "")[2] == f"t{point}"
    except Exception as error:  # what went wrong is the finding
        took = f"{type(error).__name__}: {error}"
    results.append((point, left_open, whole, took))
    return hook.sent


@then("every interrupted transaction was whole or not at all")
def step_whole(context: Any) -> None:
    results = context.interrupt_results
    assert len(results) > 10, results  # the hook saw the transaction's points
    bad = [r for r in results if r[1] or not r[2]]
    assert not bad, f"{len(bad)} of {len(results)} points left it open or half: {bad[:5]}"


@then("the store took the next transaction after each")
def step_next(context: Any) -> None:
    bad = [r for r in context.interrupt_results if r[3] is not True]
    assert not bad, f"{len(bad)} of {len(context.interrupt_results)} points: {bad[:5]}"


@when("SIGINT comes during a transaction whose own work then fails")
def step_interrupt_failing(context: Any) -> None:
    store: SqliteStore = context.store
    with _agents_handlers():
        try:
            with store.transaction():
                store.save_plan(context.plan.model_copy(update={"task": "half"}))
                os.kill(os.getpid(), signal.SIGINT)
                raise ValueError("the transaction's own failure")
        except BaseException as raised:  # what the command sees
            context.raised = raised
        context.pending = list(interrupts._pending)


@then("the interrupt is what the command sees, the failure its cause, and none is left")
def step_interrupt_wins(context: Any) -> None:
    raised = context.raised
    assert isinstance(raised, Interrupted), repr(raised)
    assert isinstance(raised.__context__, ValueError), repr(raised.__context__)
    assert context.pending == [], context.pending
    assert _looked(context.store.path, context.plan.id, "")[2] == context.plan.task
