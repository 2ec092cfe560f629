"""When the page a plan segment was made on is no longer the one seen: a change of screen
(seed 002) or elements that changed under the plan (seed 004). Pure rules, no I/O."""

from __future__ import annotations

import hashlib

from cleveragents.domain.page_state import PageState


def screen_change(planned_on: PageState, now: PageState) -> str | None:
    """What makes `now` another screen than `planned_on`: a new URL or a dialog that
    opened or closed. None on the same screen."""
    if now.url != planned_on.url:
        return f"the page went to {now.url}"
    opened = [d for d in now.dialogs if d not in planned_on.dialogs]
    if opened:
        return f"the dialog {opened[0]!r} opened"
    closed = [d for d in planned_on.dialogs if d not in now.dialogs]
    if closed:
        return f"the dialog {closed[0]!r} closed"
    return None


def element_similarity(planned_on: PageState, now: PageState) -> float:
    """Jaccard similarity of the two pages' interactive elements, each named by its role
    and accessible name: a ticked box or a filled field is the same element (1.0 for two
    pages without any)."""
    left = {e.key() for e in planned_on.elements}
    right = {e.key() for e in now.elements}
    union = left | right
    return len(left & right) / len(union) if union else 1.0


def screen_identity(state: PageState) -> str:
    """An exact identity of what a page shows (URL, dialogs, the set of its elements): two
    pages have the same one exactly when the reverter counts them the same page; local
    planning's "the same state three times" on a page (seed 001)."""
    elements = sorted({e.model_dump_json() for e in state.elements})
    shown = "\n".join([state.url, *state.dialogs, "", *elements])
    return hashlib.sha256(shown.encode()).hexdigest()
