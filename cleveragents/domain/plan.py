"""A plan: the task, its goal, where the agent loop stands, and who acts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from pydantic import BaseModel, Field, model_validator

from cleveragents.domain.action import RunAction
from cleveragents.domain.browser import ElementExpect, PageExpectation
from cleveragents.domain.budget import Budget, Usage
from cleveragents.domain.states import Phase, PlanStatus

__all__ = ["ActorSpec", "Check", "Phase", "Plan", "PlanFileRead", "PlanStatus"]


class Check(BaseModel):
    """A command that must exit 0, or an expectation on the page: an element (`expect`)
    or the URL (`url`, a glob pattern)."""

    run: str | None = None
    timeout: float = Field(default=60.0, gt=0)
    expect: ElementExpect | None = None
    url: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Check:
        if sum(x is not None for x in (self.run, self.expect, self.url)) != 1:
            raise ValueError("a check needs exactly one of: run, expect, url")
        return self

    def action(self) -> RunAction | PageExpectation:
        """What the environment carries out to check it."""
        if self.run is not None:
            return RunAction(command=self.run, timeout=self.timeout)
        if self.expect is not None:
            return self.expect.expectation()
        return PageExpectation(url=self.url)

    def describe(self) -> str:
        return self.run if self.run is not None else self.action().describe()


class ActorSpec(BaseModel):
    """Which actor plays, and what it needs to play again later (a scripted plan keeps its text)."""

    kind: str
    source: str | None = None
    script: str | None = None
    model: str | None = None
    record: str | None = None  # a folder where every exchange with the model is saved
    version: str | None = None  # the program's version, for Claude Code (`2.1.332 (...)`)
    session: str | None = None  # Claude Code's session id


class Plan(BaseModel):
    """One run of an agent on one working tree."""

    id: str
    task: str
    goal: list[Check] = Field(default_factory=list)
    browser_url: str | None = None  # a plan on a web page: the page its browser opens first
    status: PlanStatus = PlanStatus.STRATEGIZING
    phase: Phase = Phase.STRATEGIZE
    actor: ActorSpec
    budget: Budget = Field(default_factory=Budget)
    drift_threshold: float = Field(default=0.7, ge=0, le=1)
    allow_commands: list[str] | None = None  # None: run every command (a person wrote them)
    sandbox: bool = True  # a model's commands run in bubblewrap (False: --no-sandbox)
    allow_network: bool = False  # ...with the network (--allow-network)
    pass_env: list[str] = Field(default_factory=list)  # variables they see (--pass-env)
    # The clone whose person gave the three settings above (`domain/trust.py`): None, this
    # one; else they came with the plan from another and are not in force here.
    settings_from: str | None = None
    usage: Usage = Field(default_factory=Usage)
    head_decision: str | None = None
    actor_state: str | None = None  # the actor's latest state: where `resume` picks up
    outcome: str | None = None
    exhausted: str | None = None  # the budget that ran out; `resume` with more continues
    # Set by `agents plan delete`: the plan is gone from every command but `plan undo`,
    # its rows and checkpoints kept until `agents gc` drops them.
    deleted_at: datetime | None = None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class PlanFileRead:
    """What a plan file gives a new plan: its task and goal, its budget and drift threshold
    (None: the defaults), and its text as read."""

    task: str
    goal: list[Check]
    budget: Budget | None
    drift_threshold: float | None
    text: str
    browser_url: str | None = None  # the page a `browser:` section opens first
    by_claude: bool = False  # a task on a page and no steps: Claude makes them
