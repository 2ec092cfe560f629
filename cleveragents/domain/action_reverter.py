"""Seed 000's action reverter for a web page: the inverse of each action, given the page
before and after it. Pure rules; the browser adapter carries the inverse actions out."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from cleveragents.domain.browser import BrowserAction, ElementRef, Op
from cleveragents.domain.page_state import PageState

CLOSERS = ("Cancel", "Close")  # a dialog's own way out, before Escape
TOGGLES = frozenset({"checkbox", "switch", "menuitemcheckbox", "radio"})
# A message the page sent over a WebSocket is noted as this "method": what a server does
# with it (a chat's send, a LiveView shop's Buy) no restore of the page undoes either.
WEBSOCKET = "WEBSOCKET"
CHANGING_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE", WEBSOCKET})


class Inverse(BaseModel):
    """How to undo one action: `steps` to take, or why it cannot be (`irreversible`)."""

    model_config = ConfigDict(frozen=True)

    steps: tuple[BrowserAction, ...] = ()
    irreversible: str | None = None  # the reason, when no page action undoes it

    def describe(self) -> str:
        if self.irreversible is not None:
            return f"irreversible: {self.irreversible}"
        return "; ".join(s.describe() for s in self.steps) or "nothing to undo"


def changed_data(methods: Sequence[str]) -> str | None:
    """Why an action is irreversible when it sent a request that changes a server's data."""
    sent = sorted({m.upper() for m in methods} & CHANGING_METHODS - {WEBSOCKET})
    what = [f"a {'/'.join(sent)} request"] if sent else []
    what += ["a message over a WebSocket"] if WEBSOCKET in methods else []
    return f"it sent {' and '.join(what)} to the server" if what else None


def inverse(
    action: BrowserAction, before: PageState, after: PageState, methods: Sequence[str] = ()
) -> Inverse:
    """The actions that put the page back from `after` to `before`, or why none can."""
    why = changed_data(methods)
    if why is not None:
        return Inverse(irreversible=why)
    if action.op in ("check", "uncheck"):
        return _toggled(action, before, after)
    if action.op == "fill":
        return _typed(action, before)
    if action.op == "select":
        return _selected(action, before)
    if before.url != after.url:
        return Inverse(steps=(BrowserAction(op="back"),))
    return _on_screen(action, before, after)


def _toggled(action: BrowserAction, before: PageState, after: PageState) -> Inverse:
    assert action.element is not None
    if before == after:
        return Inverse()  # it was so already
    opposite: Op = "uncheck" if action.op == "check" else "check"
    return Inverse(steps=(BrowserAction(op=opposite, element=action.element),))


def _typed(action: BrowserAction, before: PageState) -> Inverse:
    assert action.element is not None
    found = before.element(action.element.role, action.element.name)
    previous = found.value if found is not None and found.value is not None else ""
    if previous == action.text:
        return Inverse()
    return Inverse(steps=(BrowserAction(op="fill", element=action.element, text=previous),))


def _selected(action: BrowserAction, before: PageState) -> Inverse:
    assert action.element is not None
    found = before.element(action.element.role, action.element.name)
    if found is None or found.value is None:
        return Inverse(irreversible="the previous option is not known")
    if found.value == action.option:
        return Inverse()
    return Inverse(steps=(BrowserAction(op="select", element=action.element, option=found.value),))


def _on_screen(action: BrowserAction, before: PageState, after: PageState) -> Inverse:
    """A click or key press that stayed on the URL: what it opened is closed again."""
    opened = [d for d in after.dialogs if d not in before.dialogs]
    if opened:
        return Inverse(steps=(_close_dialog(before, after),))
    if _menu_opened(before, after):
        return Inverse(steps=(BrowserAction(op="press", key="Escape"),))
    element = action.element
    if action.op == "click" and element is not None and element.role in TOGGLES:
        return Inverse(steps=(BrowserAction(op="click", element=element),))
    if set(before.elements) == set(after.elements) and before.dialogs == after.dialogs:
        return Inverse()  # nothing a person could see changed
    return Inverse(irreversible=f"no inverse known for {action.describe()}")


def _close_dialog(before: PageState, after: PageState) -> BrowserAction:
    """A new dialog's Cancel or Close button; Escape only when it has neither."""
    was = {e.key() for e in before.elements}
    for name in CLOSERS:
        found = [e for e in after.elements if e.role == "button" and e.name == name]
        if found:
            # Several (another dialog's own): the one that came with the new dialog.
            nth = next((i for i, e in enumerate(found) if e.key() not in was), 0)
            element = ElementRef(role="button", name=name, nth=nth if len(found) > 1 else None)
            return BrowserAction(op="click", element=element)
    return BrowserAction(op="press", key="Escape")


def _menu_opened(before: PageState, after: PageState) -> bool:
    menus = {"menu", "menuitem", "menuitemcheckbox", "menuitemradio"}
    had = {e.key() for e in before.elements if e.role in menus}
    return any(e.role in menus and e.key() not in had for e in after.elements)


def same_page(a: PageState, b: PageState) -> bool:
    """The same URL, dialogs and elements (in any order): a revert reached its state."""
    return a.url == b.url and a.dialogs == b.dialogs and set(a.elements) == set(b.elements)


def sent_data(pages: Sequence[tuple[str, dict[str, object] | None]]) -> list[str]:
    """Of `(decision id, page record)` pairs, the ids of decisions during which a request
    changed a server's data: no restore of the page undoes them."""
    return [i for i, page in pages if page and page.get("sent")]
