"""What Claude may answer, as pydantic models: each one is a tool's input schema."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from cleveragents.domain.text_rules import runnable, unstorable

# A shell command the model proposes: one with a NUL could never run.
Command = Annotated[str, AfterValidator(runnable)]


class _Reply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="after")
    def _storable(self) -> Self:
        """A text the store cannot keep is invalid input the model is asked to fix."""
        problem = unstorable(self.model_dump())
        if problem is not None:
            raise ValueError(problem)
        return self


class ProposedStep(_Reply):
    name: str = Field(min_length=1, description="What the step achieves, in a few words.")
    checks: list[Command] = Field(
        default_factory=list, description="Shell commands that exit 0 once the step is done."
    )


class PlanReply(_Reply):
    steps: list[ProposedStep] = Field(description="The steps of this segment, in order.")
    replan_after: bool = Field(
        default=False, description="True when the plan should be revisited after these steps."
    )
    goal: list[Command] = Field(
        default_factory=list,
        description="Shell commands that all exit 0 once the whole task is done.",
    )
    rationale: str = ""


class ReadFile(_Reply):
    path: str


class ListFiles(_Reply):
    path: str = "."


class WriteFile(_Reply):
    path: str
    content: str


class EditFile(_Reply):
    path: str
    find: str
    replace: str


class DeleteFile(_Reply):
    path: str


class RunCommand(_Reply):
    command: Command
    timeout: float = Field(default=60.0, gt=0, le=600)
    irreversible: bool = Field(
        default=False, description="True when it has effects outside the working tree."
    )


class FinishStep(_Reply):
    option: str = Field(min_length=1, description="A short name for this way of doing it.")
    rationale: str = ""
    alternatives: int = Field(
        default=0, ge=0, description="Other ways you could try if this makes no progress."
    )


class GiveUp(_Reply):
    reason: str


class DistanceReply(_Reply):
    distance: float = Field(ge=0, le=10, description="0: far from the goal, 10: reached.")
    reasoning: str = ""


class DriftReply(_Reply):
    action: Literal["continue", "modify", "regenerate"]
    reasoning: str = ""
