"""Pure functions over a plan's decisions: children, subtrees, ids, the main line.

None recurses: a plan's main line is as long as the plan (10,000 decisions and more).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from cleveragents.domain.read_model import Ordered
from cleveragents.domain.states import DecisionKind, DecisionStatus

if TYPE_CHECKING:
    from cleveragents.domain.decision import Decision

Placed = TypeVar("Placed", bound=Ordered)

# Kinds whose children continue the main line of the plan; the rest are leaves of a step.
MAIN_LINE_KINDS = frozenset(
    {
        DecisionKind.STRATEGY,
        DecisionKind.STEP,
        DecisionKind.REPLAN,
        DecisionKind.USER_INTERVENTION,
        DecisionKind.SUBTASK,
    }
)


def children_of(decisions: Iterable[Placed]) -> dict[str | None, list[Placed]]:
    """Map each parent id (None for roots) to its children in creation order."""
    children: dict[str | None, list[Placed]] = defaultdict(list)
    for decision in sorted(decisions, key=lambda d: d.seq):
        children[decision.parent_id].append(decision)
    return children


def next_decision_id(decisions: Sequence[Decision]) -> str:
    """The next id in the plan's main numbering (local actions `8.1` come with local planning)."""
    top = [int(d.id) for d in decisions if "." not in d.id]
    return str(max(top, default=0) + 1)


def affected_by(
    decisions: Sequence[Decision], target: Decision, tool_calls: bool = False
) -> list[Decision]:
    """What a revert to `target` supersedes: its anchor and every live decision after it.

    The live decisions form one line of execution, so everything recorded after the
    anchor depends on it. The anchor is the target itself, or for a decision inside a
    step (an action, a check, a local action) that step: re-execution redoes whole steps,
    and two live copies of one step would say the step was done twice. In a plan of
    `tool_calls` (Claude Code's), each call is its own unit: the session is forked
    just before the target's call, so the calls before it stay done.
    """
    anchor = target if tool_calls else anchor_of(decisions, target)
    return [
        d
        for d in decisions
        if d.id == anchor.id or (d.status is DecisionStatus.ACTIVE and d.seq > anchor.seq)
    ]


def anchor_of(decisions: Sequence[Decision], target: Decision) -> Decision:
    """The target, or the main-line decision (the step) it belongs to."""
    by_id = {d.id: d for d in decisions}
    node = target
    while node.kind not in MAIN_LINE_KINDS and node.parent_id in by_id:
        node = by_id[node.parent_id]
    return node


def active(decisions: Sequence[Decision]) -> list[Decision]:
    """Only the live path: no superseded or reverted decisions."""
    return [d for d in decisions if d.status is DecisionStatus.ACTIVE]


def taken_since(decisions: Sequence[Decision], start: Decision) -> list[Decision]:
    """`start` and every decision taken after it: the end of a long plan."""
    return [d for d in decisions if d.seq >= start.seq]


def decision_id(ref: str) -> str:
    """A decision id as a person copies it from `plan tree`: `#8` is `8`."""
    return ref.strip().removeprefix("#")


def main_line_tip(decisions: Sequence[Decision]) -> Decision | None:
    """The newest active main-line decision: where new work attaches."""
    line = [d for d in active(decisions) if d.kind in MAIN_LINE_KINDS]
    return max(line, key=lambda d: d.seq, default=None)


# Kinds that carry the option of the step they belong to (the step itself names only the
# option that succeeded, or "local planning").
_OPTION_KINDS = frozenset({DecisionKind.ACTION, DecisionKind.VERIFICATION, DecisionKind.REVERT})


def options_to_avoid(affected: Sequence[Decision], target: Decision) -> dict[str, list[str]]:
    """The options a revert to `target` asks the redone branch to take only when nothing
    else is left: those the superseded branch took at the target's own step, the choice
    the person corrected. Later steps' choices were not questioned: a new run makes them."""
    if target.step is None:
        return {}
    taken = [
        d.option
        for d in affected
        # Local planning's own decisions (`8.1`) name local actions, not the step's options.
        if d.step == target.step and d.option and d.kind in _OPTION_KINDS and "." not in d.id
    ]
    return {str(target.step): list(dict.fromkeys(taken))} if taken else {}


def avoid_note(step: str, options: list[str]) -> str:
    """What the actor is told of the options the superseded branch took at the corrected
    step (the person's output says the same)."""
    taken = ", ".join(repr(o) for o in options)
    return (
        f"at step {step} the superseded branch took {taken}: take another option, "
        "unless the guidance asks for it or none is left"
    )
