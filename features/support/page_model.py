"""A model of the fixture settings page for the reverter's property: what each page action
does to its elements, as the real page (robot/resources/web/index.html) does it. Pure: it
checks the reverter's rules on thousands of sequences, where the real page checks a few."""

from __future__ import annotations

import re

from cleveragents.domain.browser import BrowserAction
from cleveragents.domain.page_state import Element, PageState

ELEMENT = re.compile(r"(\w+) '([^']*)'(?: \[([^\]]*)\])?(?: = '([^']*)')?")
THEMES = ("Light", "Dark", "Sepia")


def page(text: str) -> PageState:
    """`@/url; role 'name' [state] = 'value'; ...` as a page state."""
    url, elements = "", []
    for part in (p.strip() for p in text.split(";") if p.strip()):
        if part.startswith("@"):
            url = part[1:]
            continue
        found = ELEMENT.fullmatch(part)
        assert found, f"not an element: {part!r}"
        role, name, state, value = found.groups()
        words = tuple(w.strip() for w in state.split(",")) if state else ()
        elements.append(Element(role=role, name=name, state=words, value=value))
    dialogs = tuple(e.name for e in elements if e.role == "dialog")
    return PageState(url=url, dialogs=dialogs, elements=tuple(elements))


def settings_page(dark: bool, name: str, theme: str, dialog: str | None) -> PageState:
    """The fixture page with the Settings or Export dialog open (or none)."""
    elements = [Element(role=r, name=n) for r, n in (("button", "Settings"), ("button", "Export"))]
    if dialog == "Settings":
        elements += [
            Element(role="dialog", name="Settings"),
            Element(role="checkbox", name="Dark mode", state=("checked" if dark else "unchecked",)),
            Element(role="textbox", name="Display name", value=name),
            Element(role="combobox", name="Theme", value=theme),
            Element(role="button", name="Close"),
        ]
    elif dialog == "Export":
        elements += [Element(role="dialog", name="Export"), Element(role="button", name="Cancel")]
    dialogs = (dialog,) if dialog else ()
    return PageState(url="/", dialogs=dialogs, elements=tuple(elements))


class SettingsPage:
    """The page's own state; `take` applies an action as the browser would."""

    def __init__(self) -> None:
        self.dark, self.name, self.theme = False, "guest", "Light"
        self.dialog: str | None = None

    def state(self) -> PageState:
        return settings_page(self.dark, self.name, self.theme, self.dialog)

    def take(self, action: BrowserAction) -> None:
        target = action.element.name if action.element else None
        if action.op == "press" and action.key == "Escape":
            self.dialog = None
        elif action.op == "click" and target in ("Settings", "Export") and self.dialog is None:
            self.dialog = target
        elif action.op == "click" and target in ("Close", "Cancel"):
            self.dialog = None
        elif action.op == "click" and target == "Dark mode":
            self.dark = not self.dark
        elif action.op in ("check", "uncheck"):
            self.dark = action.op == "check"
        elif action.op == "fill":
            assert action.text is not None
            self.name = action.text
        elif action.op == "select":
            assert action.option is not None
            self.theme = action.option
