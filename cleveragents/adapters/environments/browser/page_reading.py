"""Reading a page's state from Chromium's accessibility tree (the DevTools protocol)."""

from __future__ import annotations

from typing import Any

from cleveragents.domain.page_state import Element, PageState

INTERACTIVE = frozenset(
    {
        "button",
        "checkbox",
        "combobox",
        "link",
        "listbox",
        "menu",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "option",
        "radio",
        "searchbox",
        "slider",
        "spinbutton",
        "switch",
        "tab",
        "textbox",
        "dialog",
        "alertdialog",
    }
)
DIALOGS = frozenset({"dialog", "alertdialog"})
# The state words kept, in this order; `checked` is "true", "false" or "mixed".
STATES = ("checked", "expanded", "pressed", "selected", "disabled", "invalid")


def read_state(page: Any, session: Any) -> PageState:
    """URL, title, open dialogs and visible interactive elements of `page`."""
    tree = session.send("Accessibility.getFullAXTree")
    elements: list[Element] = []
    for node in tree.get("nodes", []):
        element = _element(node)
        if element is not None:
            elements.append(element)
    dialogs = tuple(e.name for e in elements if e.role in DIALOGS)
    return PageState(url=page.url, title=page.title(), dialogs=dialogs, elements=tuple(elements))


def _element(node: dict[str, Any]) -> Element | None:
    if node.get("ignored"):
        return None
    role = str((node.get("role") or {}).get("value", ""))
    if role not in INTERACTIVE:
        return None
    # Trimmed and collapsed, as the accessible-name rules say (some Chromium builds keep a
    # label's leading space: `' Dark mode'`).
    name = " ".join(str((node.get("name") or {}).get("value", "")).split())
    found = {p["name"]: (p.get("value") or {}).get("value") for p in node.get("properties", [])}
    state = tuple(_word(key, found[key]) for key in STATES if _shown(key, found.get(key)))
    raw = (node.get("value") or {}).get("value")
    value = None if raw is None or role in ("button", "link", "dialog") else str(raw)
    return Element(role=role, name=name, state=state, value=value)


def _shown(key: str, value: Any) -> bool:
    if key == "checked":
        return value is not None
    return value in (True, "true")


def _word(key: str, value: Any) -> str:
    if key != "checked":
        return key
    return {"true": "checked", "false": "unchecked", "mixed": "mixed"}.get(str(value), "checked")
