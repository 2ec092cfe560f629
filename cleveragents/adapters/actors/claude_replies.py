"""What Claude may answer, as pydantic models: each one is a tool's input schema.

Both actors (the working tree's and the page's) build their tools and replies from here."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Self

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from cleveragents.domain.plan import Check
from cleveragents.domain.strategy import StepSpec, Strategy
from cleveragents.domain.text_rules import runnable, unstorable

# A shell command the model proposes: one with a NUL could never run.
Command = Annotated[str, AfterValidator(runnable)]


class Reply(BaseModel):
    """A reply the model may give: no unknown field, every text storable."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="after")
    def _storable(self) -> Self:
        """A text the store cannot keep is invalid input the model is asked to fix."""
        problem = unstorable(self.model_dump())
        if problem is not None:
            raise ValueError(problem)
        return self


class ProposedStep(Reply):
    name: str = Field(min_length=1, description="What the step achieves, in a few words.")
    checks: list[Command] = Field(
        default_factory=list, description="Shell commands that exit 0 once the step is done."
    )


class PlanReply(Reply):
    steps: list[ProposedStep] = Field(description="The steps of this segment, in order.")
    replan_after: bool = Field(
        default=False, description="True when the plan should be revisited after these steps."
    )
    goal: list[Command] = Field(
        default_factory=list,
        description="Shell commands that all exit 0 once the whole task is done.",
    )
    rationale: str = ""

    def strategy(self) -> Strategy:
        steps = [StepSpec(name=s.name, checks=[Check(run=c) for c in s.checks]) for s in self.steps]
        return Strategy(
            steps=steps,
            replan_after=self.replan_after,
            rationale=self.rationale,
            goal=[Check(run=c) for c in self.goal],
        )


class ReadFile(Reply):
    path: str


class ListFiles(Reply):
    path: str = "."


class WriteFile(Reply):
    path: str
    content: str


class EditFile(Reply):
    path: str
    find: str
    replace: str


class DeleteFile(Reply):
    path: str


class RunCommand(Reply):
    command: Command
    timeout: float = Field(default=60.0, gt=0, le=600)
    irreversible: bool = Field(
        default=False, description="True when it has effects outside the working tree."
    )


class FinishStep(Reply):
    option: str = Field(min_length=1, description="A short name for this way of doing it.")
    rationale: str = ""
    alternatives: int = Field(
        default=0, ge=0, description="Other ways you could try if this makes no progress."
    )


class GiveUp(Reply):
    reason: str


class DistanceReply(Reply):
    distance: float = Field(ge=0, le=10, description="0: far from the goal, 10: reached.")
    reasoning: str = ""


class DriftReply(Reply):
    action: Literal["continue", "modify", "regenerate"]
    reasoning: str = ""


# The tools of a step's tool loop, by name: each one's input shape and purpose.
Tools = dict[str, tuple[type[BaseModel], str]]

STEP_ENDINGS: Tools = {
    "finish_step": (FinishStep, "End your proposal: the actions proposed so far are it."),
    "give_up": (GiveUp, "Say there is no other way to do this step."),
}
QUEUED = "queued; it runs after finish_step, with a checkpoint before it"


def tool(name: str, shape: type[BaseModel], text: str) -> dict[str, Any]:
    """A tool as the API defines it: a name, what it is for, the JSON schema of its input."""
    return {"name": name, "description": text, "input_schema": shape.model_json_schema()}
