"""What read commands show of plans and decisions, without pydantic.

Building the pydantic models of a plan's 1,000 decisions (and importing pydantic to do it)
costs several times what `agents plan tree` spends on the rest. A row of the store holds
the JSON the models wrote, so a read command can take a decision's fields from it as they
are (`SqliteRows`): the `Decision` model and a `DecisionRow` both answer to `DecisionLine`,
which is what a line of the tree shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from cleveragents.domain.states import DecisionKind, DecisionStatus, PlanStatus

# The `Decision` model's fields in its order, with the default of those that have one
# (`...`: none). A row's body leaves defaults out.
DECISION_FIELDS: dict[str, Any] = {
    "plan_id": ...,
    "id": ...,
    "seq": ...,
    "parent_id": None,
    "kind": ...,
    "phase": ...,
    "summary": ...,
    "rationale": "",
    "action": None,
    "step": None,
    "option": None,
    "outcome": None,
    "ok": None,
    "checkpoint_before": None,
    "checkpoint_after": None,
    "actor_state_before": None,
    "status": "active",
    "superseded_by": None,
    "distance_before": None,
    "distance_after": None,
    "replaced": [],
    "output": None,
    "wrote": None,
    "page": None,
    "made_by": None,
    "created_at": ...,
}


# The JSON a model dumps, as the keys of each of its objects in order (None: a value, not an
# object of a model's). A stored body of exactly this shape is what the model would dump of
# it; one an older version wrote, without a newer field, is not, and only the model reads it.
PLAN_SHAPE: dict[str, Any] = {
    "id": None,
    "task": None,
    "goal": [{"run": None, "timeout": None, "expect": None, "url": None}],
    "browser_url": None,
    "status": None,
    "phase": None,
    "actor": dict.fromkeys(
        ("kind", "source", "model", "record", "version", "session")
    ),  # no script
    "budget": dict.fromkeys(
        ("actor_calls", "replans", "retries_per_step", "requests", "tokens", "usd")
    ),
    "drift_threshold": None,
    "allow_commands": None,
    "sandbox": None,
    "allow_network": None,
    "pass_env": None,
    "settings_from": None,
    "usage": dict.fromkeys(
        (
            "actor_calls",
            "replans",
            "api_calls",
            "input_tokens",
            "output_tokens",
            "cache_write_tokens",
            "cache_read_tokens",
            "cost_usd",
        )
    ),
    "head_decision": None,
    "actor_state": None,
    "outcome": None,
    "exhausted": None,
    "deleted_at": None,
    "created_at": None,
    "updated_at": None,
}
CORRECTION_SHAPE: dict[str, Any] = dict.fromkeys(
    (
        "id",
        "plan_id",
        "mode",
        "target",
        "guidance",
        "restore",
        "scope",
        "files",
        "affected",
        "intervention",
        "safety_checkpoint",
        "restored_checkpoint",
        "outcome",
        "created_at",
    )
)


def shaped(value: Any, shape: Any) -> bool:
    """Whether `value` has `shape` (`PLAN_SHAPE`): every object its keys, in their order."""
    if shape is None:
        return True
    if isinstance(shape, list):
        return isinstance(value, list) and all(shaped(item, shape[0]) for item in value)
    return (
        isinstance(value, dict)
        and list(value) == list(shape)
        and all(shaped(value[key], inner) for key, inner in shape.items())
    )


def decision_fields(stored: dict[str, Any]) -> dict[str, Any]:
    """Every field of a decision as `Decision.model_dump(mode="json")` gives it, from what
    its row holds, a default filled in where it is left out. KeyError where only the model
    can answer: a field this version does not know, or one missing that has no default, or
    what its actions replaced (models of their own, which an older version wrote otherwise).
    """
    fields = {**DECISION_FIELDS, **stored}  # in their order; a key they lack comes after
    if ... in fields.values() or len(fields) != len(DECISION_FIELDS) or fields["replaced"]:
        raise KeyError("a row only the model reads")
    fields["replaced"] = []  # never the default itself, which every answer would share
    return fields


class Ordered(Protocol):
    """Where a decision stands in its plan: its place in time and its parent."""

    @property
    def id(self) -> str: ...
    @property
    def seq(self) -> int: ...
    @property
    def parent_id(self) -> str | None: ...
    @property
    def kind(self) -> DecisionKind: ...


class DecisionLine(Ordered, Protocol):
    """What one line of `plan tree` shows of a decision."""

    @property
    def summary(self) -> str: ...
    @property
    def outcome(self) -> str | None: ...
    @property
    def ok(self) -> bool | None: ...
    @property
    def status(self) -> DecisionStatus: ...
    @property
    def superseded_by(self) -> str | None: ...
    @property
    def distance_before(self) -> float | None: ...
    @property
    def distance_after(self) -> float | None: ...
    @property
    def made_by(self) -> str | None: ...
    @property
    def page(self) -> dict[str, Any] | None: ...


class PlanLine(Protocol):
    """What the first line of `plan tree` shows of a plan."""

    @property
    def id(self) -> str: ...
    @property
    def status(self) -> PlanStatus: ...
    @property
    def task(self) -> str: ...


@dataclass(frozen=True, slots=True)
class DecisionRow:
    """A decision as its row holds it: what a line of the tree shows."""

    id: str
    seq: int
    parent_id: str | None
    kind: DecisionKind
    summary: str
    outcome: str | None
    ok: bool | None
    status: DecisionStatus
    superseded_by: str | None
    distance_before: float | None
    distance_after: float | None
    made_by: str | None
    page: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class PlanRow:
    """A plan as its row holds it: what the first line of the tree shows."""

    id: str
    status: PlanStatus
    task: str
