"""The decision tree as one JSON document for scripts (`plan tree --json`, `run --json`, ...).

A plan's main line is as long as the plan: nested, a plan of a few thousand decisions is a
document no JSON library reads (Python's `json.loads` stops near 1,000 levels). So nothing
nests: the decisions come as one list in the order they were taken, each naming its parent
and its children by id, and a script walks the tree through those ids at any length.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cleveragents.domain.schema_version import SCHEMA_VERSION

if TYPE_CHECKING:
    from cleveragents.domain.correction import Correction
    from cleveragents.domain.decision import Decision
    from cleveragents.domain.plan import Plan


def tree_document(
    plan: Plan, decisions: Sequence[Decision], corrections: Sequence[Correction]
) -> dict[str, Any]:
    """`schema_version`, the plan, its decisions (in `seq` order, `children` as ids), its
    corrections: the `PlanTree` of `domain/documents.py`, also where it is written to a
    file (`plan tree --format json --output FILE`)."""
    return plan_tree(
        plan.model_dump(mode="json", exclude={"actor": {"script"}}),
        [decision.model_dump(mode="json") for decision in decisions],
        [correction.model_dump(mode="json") for correction in corrections],
    )


def plan_tree(
    plan: dict[str, Any], decisions: list[dict[str, Any]], corrections: list[dict[str, Any]]
) -> dict[str, Any]:
    """`tree_document` of what the models dump (or the rows hold, which is the same)."""
    taken = sorted(decisions, key=lambda decision: int(decision["seq"]))
    children: dict[str | None, list[str]] = {}
    for decision in taken:
        children.setdefault(decision["parent_id"], []).append(decision["id"])
    return {
        "schema_version": SCHEMA_VERSION,
        # Where its settings were given differs from clone to clone: `plan show` tells it.
        "plan": {
            **{key: value for key, value in plan.items() if key not in ("actor", "settings_from")},
            "actor": plan["actor"]["kind"],
        },
        "decisions": [_node(decision, children.get(decision["id"], [])) for decision in taken],
        "corrections": corrections,
    }


def _node(decision: dict[str, Any], children: list[str]) -> dict[str, Any]:
    """The decision's fields but its plan's id, then its children's ids (a copy, not a
    comprehension: a thousand decisions of forty fields)."""
    node = dict(decision)
    node.pop("plan_id", None)
    node["children"] = children
    return node
