"""What read commands show of plans and decisions, without pydantic.

Building the pydantic models of a plan's 1,000 decisions (and importing pydantic to do it)
costs several times what `agents plan tree` spends on the rest. A row of the store holds
the JSON the models wrote, so a read command can take a decision's fields from it as they
are (`SqliteRows`): the `Decision` model and a `DecisionRow` both answer to `DecisionLine`,
which is what a line of the tree shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cleveragents.domain.states import DecisionKind, DecisionStatus, PlanStatus


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


@dataclass(frozen=True, slots=True)
class PlanRow:
    """A plan as its row holds it: what the first line of the tree shows."""

    id: str
    status: PlanStatus
    task: str
