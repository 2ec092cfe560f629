"""Actions and expectations on a web page, elements named by ARIA role and accessible name."""

from __future__ import annotations

from typing import Literal
from urllib.parse import urljoin, urlsplit

from pydantic import BaseModel, ConfigDict, Field, model_validator

Op = Literal["goto", "click", "fill", "check", "uncheck", "select", "press", "back"]
State = Literal["visible", "hidden", "checked", "unchecked", "enabled", "disabled"]

# What each operation needs besides its element (goto names a URL, back nothing).
NEEDS: dict[str, tuple[str, ...]] = {
    "goto": ("url",),
    "click": ("element",),
    "fill": ("element", "text"),
    "check": ("element",),
    "uncheck": ("element",),
    "select": ("element", "option"),
    "press": ("key",),
    "back": (),
}


def address_refusal(url: str, base: str | None = None) -> str | None:
    """Why a page may not open `url` (relative to `base`, the plan's first page), or None:
    a page is an http:// or https:// address, never a file, script or data of this machine."""
    try:
        parts = urlsplit(urljoin(base or "", url))
    except ValueError:  # `[::1`, a host NFKC would change (a full-width colon): none opens
        return f"{url!r} is not an address a browser can open"
    if parts.scheme in ("http", "https") and parts.netloc:
        return None
    return f"{url!r} is not an http:// or https:// address"


class ElementRef(BaseModel):
    """An element as people and assistive technology name it: role, accessible name, and
    which one (0-based `nth`) when several match."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: str = Field(min_length=1, pattern=r"^[a-z]+$")
    name: str | None = None
    nth: int | None = Field(default=None, ge=0)

    def describe(self) -> str:
        named = f" {self.name!r}" if self.name is not None else ""
        return f"{self.role}{named}" + (f" #{self.nth}" if self.nth is not None else "")


class BrowserAction(BaseModel):
    """One action on the page: `op` with the element and the text, option, key or URL it needs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: Literal["browser"] = "browser"
    op: Op
    element: ElementRef | None = None
    text: str | None = None
    option: str | None = None
    key: str | None = None
    url: str | None = None

    @model_validator(mode="after")
    def _complete(self) -> BrowserAction:
        fields = ("element", "text", "option", "key", "url")
        given = {f for f in fields if getattr(self, f) is not None}
        wanted = set(NEEDS[self.op])
        missing, extra = wanted - given, given - wanted
        if missing or extra:
            raise ValueError(
                f"{self.op} takes {', '.join(sorted(wanted)) or 'nothing else'}"
                + (f"; missing {', '.join(sorted(missing))}" if missing else "")
                + (f"; not {', '.join(sorted(extra))}" if extra else "")
            )
        return self

    def describe(self) -> str:
        target = f" {self.element.describe()}" if self.element else ""
        detail = {
            "goto": f" {self.url}",
            "fill": f" with {self.text!r}",
            "select": f" {self.option!r}",
            "press": f" {self.key}",
        }.get(self.op, "")
        return f"{self.op}{target}{detail}"


class PageExpectation(BaseModel):
    """A check on the page: an element in a state (or with a value), or the URL matching
    a glob pattern (a relative one against the plan's URL)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: Literal["expect"] = "expect"
    element: ElementRef | None = None
    state: State = "visible"
    value: str | None = None
    url: str | None = None

    @model_validator(mode="after")
    def _one(self) -> PageExpectation:
        if (self.element is None) == (self.url is None):
            raise ValueError("an expectation names an element (expect) or a url, not both")
        return self

    def describe(self) -> str:
        if self.url is not None:
            return f"url {self.url}"
        assert self.element is not None
        value = f" = {self.value!r}" if self.value is not None else ""
        return f"expect {self.element.describe()} {self.state}{value}"


class ElementExpect(BaseModel):
    """How a plan file writes an element expectation: `{role, name, nth, state, value}`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: str = Field(min_length=1, pattern=r"^[a-z]+$")
    name: str | None = None
    nth: int | None = Field(default=None, ge=0)
    state: State = "visible"
    value: str | None = None

    def expectation(self) -> PageExpectation:
        element = ElementRef(role=self.role, name=self.name, nth=self.nth)
        return PageExpectation(element=element, state=self.state, value=self.value)
