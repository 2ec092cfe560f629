"""The decision tree as one JSON document for scripts (`plan tree --json`, `run --json`, ...).

A plan's main line is as long as the plan: nested, a plan of a few thousand decisions is a
document no JSON library reads (Python's `json.loads` stops near 1,000 levels). So nothing
nests: the decisions come as one list in the order they were taken, each naming its parent
and its children by id, and a script walks the tree through those ids at any length.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cleveragents.domain.correction import Correction
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import Plan
from cleveragents.domain.schema_version import SCHEMA_VERSION
from cleveragents.domain.tree import children_of


def tree_document(
    plan: Plan, decisions: Sequence[Decision], corrections: Sequence[Correction]
) -> dict[str, Any]:
    """`schema_version`, the plan, its decisions (in `seq` order, `children` as ids), its
    corrections: the `PlanTree` of `domain/documents.py`, also where it is written to a
    file (`plan tree --format json --output FILE`)."""
    children = children_of(decisions)
    return {
        "schema_version": SCHEMA_VERSION,
        # Where its settings were given differs from clone to clone: `plan show` tells it.
        "plan": {
            **plan.model_dump(mode="json", exclude={"actor", "settings_from"}),
            "actor": plan.actor.kind,
        },
        "decisions": [
            {
                **decision.model_dump(mode="json", exclude={"plan_id"}),
                "children": [child.id for child in children.get(decision.id, [])],
            }
            for decision in sorted(decisions, key=lambda d: d.seq)
        ],
        "corrections": [c.model_dump(mode="json") for c in corrections],
    }
