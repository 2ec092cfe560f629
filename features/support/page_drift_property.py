"""The property behind page drift (seed 004), a change of screen (seed 002) and a page's
identity (seed 001's "the same state three times"), on random pages: pure rules, no
browser."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.domain.action_reverter import same_page
from cleveragents.domain.page_drift import element_similarity, screen_change, screen_identity
from cleveragents.domain.page_state import Element, PageState
from features.support.properties import reproducible

WORDS = st.sampled_from(["", "OK", "Cancel", "Add Files", "Dark mode", "Result 3"])
STATES = st.lists(st.sampled_from(["checked", "expanded", "disabled"]), max_size=2).map(tuple)
ELEMENTS = st.builds(
    Element,
    role=st.sampled_from(["button", "link", "checkbox", "textbox", "menuitem"]),
    name=WORDS,
    state=STATES,
    value=st.none() | WORDS,
)
PAGES = st.builds(
    PageState,
    url=st.sampled_from(["http://127.0.0.1/", "http://127.0.0.1/about"]),
    dialogs=st.lists(st.sampled_from(["Settings", "Add Files"]), max_size=2, unique=True).map(
        tuple
    ),
    elements=st.lists(ELEMENTS, max_size=8).map(tuple),
)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0

    @reproducible(examples, seed)
    @given(a=PAGES, b=PAGES, states=st.lists(STATES, min_size=8, max_size=8), data=st.data())
    def prop(
        a: PageState, b: PageState, states: list[tuple[str, ...]], data: st.DataObject
    ) -> None:
        nonlocal ran
        ran += 1
        ticked = a.model_copy(
            update={
                "elements": tuple(
                    e.model_copy(update={"state": s, "value": data.draw(st.none() | WORDS)})
                    for e, s in zip(a.elements, states, strict=False)
                )
            }
        )
        similarity = element_similarity(a, b)
        assert 0 <= similarity <= 1
        assert similarity == element_similarity(b, a), "similarity is not symmetric"
        same_keys = {e.key() for e in a.elements} == {e.key() for e in b.elements}
        assert (similarity == 1) == same_keys, f"similarity {similarity} for {a} and {b}"
        assert element_similarity(a, ticked) == 1, "a state or value change counted as drift"
        other_screen = a.url != b.url or set(a.dialogs) != set(b.dialogs)
        assert (screen_change(a, b) is not None) == other_screen, screen_change(a, b)
        assert screen_change(a, ticked) is None
        shuffled = a.model_copy(update={"elements": tuple(reversed(a.elements))})
        assert screen_identity(a) == screen_identity(shuffled), "element order changed identity"
        doubled = a.model_copy(update={"elements": a.elements + a.elements[:1]})
        assert screen_identity(a) == screen_identity(doubled), "a repeated element changed it"
        assert (screen_identity(a) == screen_identity(b)) == same_page(a, b)

    prop()
    return ran
