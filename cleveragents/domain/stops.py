"""What a stop leaves behind (Ctrl-C, a signal, a killed command, a spent budget), and what
`agents plan resume` takes off the live path before it goes on."""

from __future__ import annotations

from collections.abc import Sequence

from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import PlanStatus
from cleveragents.domain.tree import MAIN_LINE_KINDS, children_of

# A plan in one of these is being worked on; left so by a command that ended, it was cut short.
UNDER_WAY = frozenset({PlanStatus.STRATEGIZING, PlanStatus.EXECUTING, PlanStatus.VERIFYING})
# Stopped before the end; `agents plan resume` goes on.
RESUMABLE = frozenset({PlanStatus.INTERRUPTED, PlanStatus.STOPPED})


def cut_short_outcome(why: str, plan_id: str) -> str:
    """The outcome of a decision a stop left unfinished: no verdict, what stopped it, and
    how it goes on."""
    return f"cut short: {why}; `agents plan resume {plan_id}` continues it"


def cut_short(decisions: Sequence[Decision]) -> list[Decision]:
    """The live decisions a stop left unfinished, oldest first.

    Each live decision with no outcome yet (a step or sub-task under way when the plan
    stopped), and everything recorded below such a step (its actions, checks and
    reverts): `plan resume` takes the step again from its checkpoint, so what it did is
    put back. A sub-task's finished steps are not below it in that sense: they stay live.
    """
    children = children_of(decisions)
    found: dict[str, Decision] = {}
    todo = [d for d in decisions if d.status is DecisionStatus.ACTIVE and d.ok is None]
    while todo:
        decision = todo.pop()
        if decision.id in found:
            continue
        found[decision.id] = decision
        if decision.kind is DecisionKind.STEP or decision.kind not in MAIN_LINE_KINDS:
            todo += [
                kid
                for kid in children.get(decision.id, [])
                if kid.kind not in MAIN_LINE_KINDS and kid.status is DecisionStatus.ACTIVE
            ]
    return sorted(found.values(), key=lambda d: d.seq)
