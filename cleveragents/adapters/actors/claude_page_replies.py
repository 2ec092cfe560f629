"""What Claude may answer on a web page, as pydantic models: each one is a tool's input
schema, or the JSON of a plan segment whose checks look at the page."""

from __future__ import annotations

from typing import Self

from pydantic import Field, model_validator

from cleveragents.adapters.actors.claude_replies import Reply
from cleveragents.domain.browser import BrowserAction, ElementExpect, ElementRef, State
from cleveragents.domain.plan import Check
from cleveragents.domain.strategy import StepSpec, Strategy

ROLE = r"^[a-z]+$"


class PageElement(Reply):
    role: str = Field(pattern=ROLE, description="The element's ARIA role, as read_page lists it.")
    name: str | None = Field(default=None, description="Its accessible name, exactly.")
    nth: int | None = Field(
        default=None, ge=0, description="Which one (0-based) when several share role and name."
    )

    def element(self) -> ElementRef:
        return ElementRef(role=self.role, name=self.name, nth=self.nth)


class ReadPage(Reply):
    """No input: the page as it is now."""


class GoTo(Reply):
    url: str = Field(min_length=1, description="An address of the plan's site (may be relative).")

    def action(self) -> BrowserAction:
        return BrowserAction(op="goto", url=self.url)


class Click(PageElement):
    def action(self) -> BrowserAction:
        return BrowserAction(op="click", element=self.element())


class Fill(PageElement):
    text: str = Field(description="The text the field holds afterwards.")

    def action(self) -> BrowserAction:
        return BrowserAction(op="fill", element=self.element(), text=self.text)


class Tick(PageElement):
    def action(self) -> BrowserAction:
        return BrowserAction(op="check", element=self.element())


class Untick(PageElement):
    def action(self) -> BrowserAction:
        return BrowserAction(op="uncheck", element=self.element())


class Choose(PageElement):
    option: str = Field(description="The label of the option to select.")

    def action(self) -> BrowserAction:
        return BrowserAction(op="select", element=self.element(), option=self.option)


class Press(Reply):
    key: str = Field(pattern=r"^[A-Za-z0-9+]+$", description="A key, e.g. Escape or Control+a.")

    def action(self) -> BrowserAction:
        return BrowserAction(op="press", key=self.key)


class Back(Reply):
    def action(self) -> BrowserAction:
        return BrowserAction(op="back")


PAGE_ACTIONS = (GoTo, Click, Fill, Tick, Untick, Choose, Press, Back)


class PageCheck(Reply):
    """An element in a state (or with a value), or the URL matching a glob pattern."""

    role: str | None = Field(default=None, pattern=ROLE)
    name: str | None = None
    nth: int | None = Field(default=None, ge=0)
    state: State = "visible"
    value: str | None = None
    url: str | None = Field(default=None, description="A glob the page's URL must match.")

    @model_validator(mode="after")
    def _one(self) -> Self:
        if (self.role is None) == (self.url is None):
            raise ValueError("a check names an element (role) or a url, not both")
        return self

    def check(self) -> Check:
        if self.url is not None:
            return Check(url=self.url)
        assert self.role is not None
        expect = ElementExpect(
            role=self.role, name=self.name, nth=self.nth, state=self.state, value=self.value
        )
        return Check(expect=expect)


class PageStep(Reply):
    name: str = Field(min_length=1, description="What the step achieves, in a few words.")
    checks: list[PageCheck] = Field(
        default_factory=list, description="Checks of the page that pass once the step is done."
    )


class PagePlanReply(Reply):
    steps: list[PageStep] = Field(description="The steps of this segment, in order.")
    replan_after: bool = Field(
        default=False, description="True when the plan should be revisited after these steps."
    )
    goal: list[PageCheck] = Field(
        default_factory=list, description="Checks of the page that pass once the task is done."
    )
    rationale: str = ""

    def strategy(self) -> Strategy:
        steps = [StepSpec(name=s.name, checks=[c.check() for c in s.checks]) for s in self.steps]
        return Strategy(
            steps=steps,
            replan_after=self.replan_after,
            rationale=self.rationale,
            goal=[c.check() for c in self.goal],
            # A model plans: its segment ends at a new URL or dialog, and it is asked again
            # with the page it then sees (seed 002's rolling horizon).
            ends_at_screen_change=True,
        )
