"""The rules of stops, undos and moments, called directly (`domain.stops`, `.undo`, `.when`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from behave import given, then

from cleveragents.domain.correction import Operation, OperationStatus
from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import Phase
from cleveragents.domain.stops import cut_short
from cleveragents.domain.undo import undone_by
from cleveragents.domain.when import said_when

OK = {"yes": True, "no": False, "?": None}
WHEN = datetime(2026, 11, 22, tzinfo=UTC)


@given('a plan stopped with the decisions "{written}"')
def step_decisions(context: Any, written: str) -> None:
    context.decisions = []
    for seq, item in enumerate(written.split(", "), start=1):
        id_, kind, parent, ok, status = item.split()
        context.decisions.append(
            Decision(
                plan_id="p",
                id=id_,
                seq=seq,
                parent_id=None if parent == "-" else parent,
                kind=DecisionKind(kind),
                phase=Phase.EXECUTE,
                summary=item,
                ok=OK[ok],
                status=DecisionStatus(status),
                created_at=WHEN,
            )
        )


@then('the decisions cut short are "{expected}"')
def step_cut_short(context: Any, expected: str) -> None:
    found = ", ".join(d.id for d in cut_short(context.decisions)) or "none"
    assert found == expected, found


@given('the operation log "{written}"')
def step_operations(context: Any, written: str) -> None:
    context.operations = []
    for item in written.split(", "):
        id_, kind, *rest = item.split()
        context.operations.append(
            Operation(
                id=int(id_),
                plan_id="p",
                kind=kind,
                command=f"agents plan {kind}",
                undoes=int(rest[0]) if rest else None,
                status=OperationStatus(rest[1] if len(rest) > 1 else "done"),
                created_at=WHEN,
            )
        )


@then('the operations undone are "{expected}"')
def step_undone(context: Any, expected: str) -> None:
    found = undone_by(context.operations)
    said = ", ".join(f"{op} by {by}" for op, by in sorted(found.items())) or "none"
    assert said == expected, said


@then('the moment "{moment}" read at "{now}" is "{said}"')
def step_moment(context: Any, moment: str, now: str, said: str) -> None:
    found = said_when(moment, datetime.fromisoformat(now))
    assert found == said, found
