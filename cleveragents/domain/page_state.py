"""What a decision sees of a web page, and what changed between two looks at it."""

from __future__ import annotations

from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictStr,
    StringConstraints,
    ValidationError,
)

# The id of a kept state, screenshot or trail: the SHA-256 of its bytes, never a path.
KeptId = Annotated[StrictStr, StringConstraints(pattern=r"^[0-9a-f]{64}$")]


class Element(BaseModel):
    """A visible interactive element: ARIA role, accessible name, state words, value."""

    model_config = ConfigDict(frozen=True)

    role: str
    name: str = ""
    state: tuple[str, ...] = ()  # checked, expanded, disabled, ... in a fixed order
    value: str | None = None

    def key(self) -> tuple[str, str]:
        return self.role, self.name

    def line(self) -> str:
        state = f" [{', '.join(self.state)}]" if self.state else ""
        value = f" = {self.value!r}" if self.value is not None else ""
        return f"{self.role} {self.name!r}{state}{value}"


class PageState(BaseModel):
    """The page at one moment: URL, title, open dialogs (their names), elements."""

    model_config = ConfigDict(frozen=True)

    url: str
    title: str = ""
    dialogs: tuple[str, ...] = ()
    elements: tuple[Element, ...] = ()

    def element(self, role: str, name: str | None) -> Element | None:
        """The first element with this role (and name, when given)."""
        return next(
            (e for e in self.elements if e.role == role and (name is None or e.name == name)),
            None,
        )


class PageChanges(BaseModel):
    """A page state as what changed since the previous one (a decision stores this)."""

    model_config = ConfigDict(frozen=True)

    url: str | None = None  # set when it changed
    title: str | None = None
    dialogs: tuple[str, ...] | None = None
    added: tuple[Element, ...] = ()
    removed: tuple[tuple[str, str], ...] = Field(default=())  # (role, name) no longer there
    changed: tuple[Element, ...] = ()  # same (role, name), new state or value

    def describe(self) -> str:
        """One line: what was added, removed and changed, and the new URL, title, dialogs."""
        parts = [
            f"{word} {', '.join(e.line() for e in found)}"
            for word, found in (("added", self.added), ("removed", self.removed_elements()))
            if found
        ]
        if self.changed:
            parts.append(f"changed {', '.join(e.line() for e in self.changed)}")
        for word, value in (("url", self.url), ("title", self.title)):
            if value is not None:
                parts.append(f"{word} {value}")
        if self.dialogs is not None:
            parts.append(f"dialogs {', '.join(repr(d) for d in self.dialogs) or 'none'}")
        return "; ".join(parts) or "no change"

    def removed_elements(self) -> tuple[Element, ...]:
        return tuple(Element(role=role, name=name) for role, name in self.removed)


class PageLook(BaseModel):
    """What a decision sees of the page: its state, and the ids under which the whole
    state and a screenshot are kept (content-addressed files beside the store)."""

    model_config = ConfigDict(frozen=True)

    state: PageState
    state_id: str
    screenshot_id: str | None = None
    trail_id: str | None = None  # the page actions in effect, in order, since it opened
    sent: tuple[str, ...] = ()  # data-changing requests (POST, ...) since the previous look
    storage_id: str | None = None  # cookies, local and session storage, history: now
    base_id: str | None = None  # ... and when the page opened, before the trail's actions


def look_record(previous: PageState | None, look: PageLook) -> dict[str, object]:
    """The compact record a decision keeps: what changed since `previous`, and the ids."""
    delta = changes(previous, look.state).model_dump(mode="json", exclude_defaults=True)
    record: dict[str, object] = {"state": look.state_id, "changes": delta}
    if look.screenshot_id is not None:
        record["screenshot"] = look.screenshot_id
    if look.trail_id is not None:
        record["trail"] = look.trail_id
    if look.sent:
        record["sent"] = list(look.sent)
    for key, kept in (("storage", look.storage_id), ("base", look.base_id)):
        if kept is not None:
            record[key] = kept
    return record


class PageRecord(BaseModel):
    """The shape `look_record` writes: what a decision's `page` must be to be read."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    state: KeptId
    changes: PageChanges
    screenshot: KeptId | None = None
    trail: KeptId | None = None
    sent: tuple[StrictStr, ...] = ()
    storage: KeptId | None = None
    base: KeptId | None = None


def page_problem(page: object) -> str | None:
    """What is wrong with a decision's `page` record, in one line; None when it is of the
    recorded shape (so its ids may be joined into paths and its changes counted)."""
    try:
        PageRecord.model_validate(page)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "page"
        return f"its `{where}` is bad: {first['msg']}"
    return None


def readable_page(page: object) -> PageRecord | None:
    """The decision's page record when it is of the recorded shape; else None."""
    try:
        return PageRecord.model_validate(page)
    except ValidationError:
        return None


def changes(before: PageState | None, after: PageState) -> PageChanges:
    """`after` as what changed since `before` (everything, without a `before`)."""
    if before is None:
        return PageChanges(
            url=after.url, title=after.title, dialogs=after.dialogs, added=after.elements
        )
    old = {e.key(): e for e in before.elements}
    new = {e.key(): e for e in after.elements}
    return PageChanges(
        url=after.url if after.url != before.url else None,
        title=after.title if after.title != before.title else None,
        dialogs=after.dialogs if after.dialogs != before.dialogs else None,
        added=tuple(e for k, e in new.items() if k not in old),
        removed=tuple(k for k in old if k not in new),
        changed=tuple(e for k, e in new.items() if k in old and old[k] != e),
    )


def apply_changes(before: PageState | None, delta: PageChanges) -> PageState:
    """The state `changes(before, after)` was made from: `after` again."""
    if before is None:
        before = PageState(url="")
    removed = set(delta.removed)
    replaced = {e.key(): e for e in delta.changed}
    kept = tuple(replaced.get(e.key(), e) for e in before.elements if e.key() not in removed)
    return PageState(
        url=delta.url if delta.url is not None else before.url,
        title=delta.title if delta.title is not None else before.title,
        dialogs=delta.dialogs if delta.dialogs is not None else before.dialogs,
        elements=kept + delta.added,
    )


def similarity(a: PageState, b: PageState) -> float:
    """Jaccard similarity of the two pages' element sets (1.0 for two empty pages)."""
    left, right = set(a.elements), set(b.elements)
    union = left | right
    return len(left & right) / len(union) if union else 1.0
