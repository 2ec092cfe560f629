"""The plan file's page actions (`goto`, `click`, `fill`, ...) and its `browser:` section."""

from __future__ import annotations

from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cleveragents.domain.browser import BrowserAction, ElementRef, address_refusal

BROWSER_KEYS = ("goto", "click", "fill", "check", "uncheck", "select", "press", "back")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BrowserSpec(_Strict):
    """`browser: {url: ...}`: the page opened first; a relative `goto` resolves against it.
    `on_screen_change: replan` ends a segment where the screen changes (seed 002)."""

    url: str = Field(min_length=1)
    on_screen_change: Literal["continue", "replan"] = "continue"

    @field_validator("url")
    @classmethod
    def _web(cls, value: str) -> str:
        if (refused := address_refusal(value)) is not None:
            raise ValueError(f"browser.url {refused}")
        return value


class GotoSpec(_Strict):
    goto: str = Field(min_length=1)

    @field_validator("goto")
    @classmethod
    def _web(cls, value: str) -> str:
        # Relative to the plan's page, unless it names a scheme; a templated one is judged
        # when it runs, with its outputs in (the same rule).
        if "{{" not in value and urlsplit(value).scheme not in ("", "http", "https"):
            raise ValueError(f"goto {address_refusal(value)}")
        return value

    def action(self) -> BrowserAction:
        return BrowserAction(op="goto", url=self.goto)


class ClickSpec(_Strict):
    click: ElementRef

    def action(self) -> BrowserAction:
        return BrowserAction(op="click", element=self.click)


class FillSpec(_Strict):
    fill: ElementRef
    text: str

    def action(self) -> BrowserAction:
        return BrowserAction(op="fill", element=self.fill, text=self.text)


class TickSpec(_Strict):
    check: ElementRef

    def action(self) -> BrowserAction:
        return BrowserAction(op="check", element=self.check)


class UntickSpec(_Strict):
    uncheck: ElementRef

    def action(self) -> BrowserAction:
        return BrowserAction(op="uncheck", element=self.uncheck)


class SelectSpec(_Strict):
    select: ElementRef
    option: str

    def action(self) -> BrowserAction:
        return BrowserAction(op="select", element=self.select, option=self.option)


class PressSpec(_Strict):
    press: str = Field(min_length=1, pattern=r"^[A-Za-z0-9+]+$")

    def action(self) -> BrowserAction:
        return BrowserAction(op="press", key=self.press)


class BackSpec(_Strict):
    back: Literal[True]

    def action(self) -> BrowserAction:
        return BrowserAction(op="back")


def back_word(value: object) -> object:
    """`- back` alone in a list of actions is the same as `- back: true`."""
    return {"back": True} if value == "back" else value


BROWSER_SPECS: dict[str, type[_Strict]] = {
    "goto": GotoSpec,
    "click": ClickSpec,
    "fill": FillSpec,
    "check": TickSpec,
    "uncheck": UntickSpec,
    "select": SelectSpec,
    "press": PressSpec,
    "back": BackSpec,
}
