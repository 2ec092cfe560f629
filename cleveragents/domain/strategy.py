"""What an actor proposes: the steps of a plan segment, and the actions of one attempt at a step."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cleveragents.domain.action import Action
from cleveragents.domain.plan import Check


class StepSpec(BaseModel):
    """A step of the plan as the actor proposed it.

    `checks` decide that the step is done; `progress` checks (default: `checks`) measure
    how far it is, for the distance to its goal in local planning.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    checks: list[Check] = Field(default_factory=list)
    progress: list[Check] = Field(default_factory=list)
    phase: str | None = None  # the sub-task it belongs to


class Strategy(BaseModel):
    """A plan segment: the ordered steps to take."""

    model_config = ConfigDict(frozen=True)

    steps: list[StepSpec]
    rationale: str = ""
    replan_after: bool = False  # the segment ends at a `replan` step: ask again after it
    # On a page: the segment ends where the screen changes (a new URL, a dialog), seed 002.
    ends_at_screen_change: bool = False
    atomic: bool = False  # the steps are atomic already (a plan file's are): no splitting
    goal: list[Check] = Field(default_factory=list)  # checks of the whole task, if proposed


class StepAttempt(BaseModel):
    """One option for a step: the concrete actions to take."""

    model_config = ConfigDict(frozen=True)

    option: str
    actions: list[Action]
    rationale: str = ""
    alternatives: int = 0  # other ways left to do the same, to explore if this makes no progress
    explores: str | None = None  # the local action this one is an alternative of


class DistanceEstimate(BaseModel):
    """The actor's estimate of how close the step is to its goal: 0 far, 10 reached."""

    model_config = ConfigDict(frozen=True)

    distance: float = Field(ge=0, le=10)
    reasoning: str = ""


class DriftVerdict(BaseModel):
    """The actor's answer when the workspace drifted from the one its plan was made on."""

    model_config = ConfigDict(frozen=True)

    action: Literal["continue", "modify", "regenerate"]
    reasoning: str = ""


class ActorContext(BaseModel):
    """Everything the actor is told when it is asked something."""

    model_config = ConfigDict(frozen=True)

    task: str
    steps: list[StepSpec] = Field(default_factory=list)
    step_index: int | None = None
    segment_start: int = 0  # how many steps were done when the current segment was planned
    completed_steps: list[str] = Field(default_factory=list)
    tried_options: list[str] = Field(default_factory=list)
    guidance: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    # Options a correction superseded, by step number: the actor should try something else.
    superseded_options: dict[str, list[str]] = Field(default_factory=dict)
    # The last ten actions in full (seed 004's rolling context), and how many came before.
    recent_actions: list[str] = Field(default_factory=list)
    earlier_actions: int = 0
    # Outputs of earlier commands (`output: NAME`), handed from sub-task to sub-task.
    outputs: dict[str, str] = Field(default_factory=dict)
    # How the last attempt at the current step failed, with the end of its output.
    last_failure: str = ""
    # Local planning inside the current step: what was tried, and what to explore from.
    local_tried: list[str] = Field(default_factory=list)
    explore_from: str | None = None

    def as_state(self, before: tuple[ActorContext, dict[str, Any]] | None = None) -> dict[str, Any]:
        """The actor-state blob for this context (what a revert brings back).

        With `before`, an earlier context and its blob, fields that are still the very same
        objects (a context changes by copies) are taken from that blob instead of being
        serialised again: a long plan's steps would cost time at every decision.
        """
        if before is None:
            return self.model_dump(mode="json", exclude={"task"})
        earlier, blob = before
        changed = {
            name
            for name in type(self).model_fields
            if name != "task" and getattr(self, name) is not getattr(earlier, name)
        }
        # Lists of strings are JSON already, and a context never changes one in place.
        shared = {name: getattr(self, name) for name in changed & _STRING_LISTS}
        return {**blob, **self.model_dump(mode="json", include=changed - shared.keys()), **shared}

    @classmethod
    def from_state(cls, task: str, data: dict[str, Any]) -> ActorContext:
        return cls.model_validate({**data, "task": task})


_STRING_LISTS = {
    name for name, field in ActorContext.model_fields.items() if field.annotation == list[str]
}
