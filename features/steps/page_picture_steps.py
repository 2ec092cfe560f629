"""Steps of page_pictures.property.feature: what the pictures read back of recorded pages."""

from __future__ import annotations

import os
import sys
from html.parser import HTMLParser
from types import SimpleNamespace
from typing import Any

from behave import then, when

# The tags `page_part` writes itself: any other tag came from a page's words.
OWN_TAGS = {"h3", "p", "code", "img"}


class _Read(HTMLParser):
    """The tags and the text of a piece of HTML, as a browser would parse it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.tags.add(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@when("random runs of page looks are recorded and drawn")
def step_pages_drawn(context: Any) -> None:
    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.adapters.render.html_page import PageView, page_part
    from cleveragents.adapters.render.tree_outline import page_urls
    from cleveragents.domain.page_state import (
        Element,
        PageChanges,
        PageLook,
        PageState,
        look_record,
    )
    from features.support.properties import property_seed, reproducible

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", 60))
    seed = property_seed()
    print(
        f"page pictures property: seed {seed}, {examples} examples; replay with "
        f"CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}",
        file=sys.stderr,
    )
    words = st.text(st.sampled_from("ab <>&\"'/=\t\x1b\u202e"), max_size=12)
    elements = st.lists(
        st.builds(
            Element,
            role=st.sampled_from(["button", "link", "textbox"]),
            name=words,
            value=st.none() | words,
        ),
        max_size=4,
        unique_by=lambda e: e.key(),
    )
    pages = st.builds(
        PageState,
        url=st.sampled_from(["http://h/", "http://h/a?<b>", "http://h/&x"]),
        title=words,
        elements=elements.map(tuple),
    )
    context.property_failure = None

    @reproducible(examples, seed)
    @for_every(st.lists(pages, min_size=1, max_size=8))
    def check(run: list[PageState]) -> None:
        decisions, previous = [], None
        for seq, state in enumerate(run):
            look = PageLook(state=state, state_id=f"{seq:064x}")  # as `keep` names it
            page = look_record(previous, look)
            decisions.append(SimpleNamespace(id=str(seq + 1), seq=seq, page=page))
            previous = state
        urls = page_urls(decisions)
        for decision, state in zip(decisions, run, strict=True):
            assert urls[decision.id] == state.url, (decision.id, urls, state.url)
            changes = PageChanges.model_validate(decision.page["changes"])
            view = PageView(url=state.url, changes=changes.describe())
            read = _Read()
            read.feed(page_part(decision.id, view))
            read.close()
            assert read.tags <= OWN_TAGS, f"markup from a page: {read.tags - OWN_TAGS}"
            text = "".join(read.text)
            assert state.url in text and view.changes in text, (text, view)

    try:
        check()
    except AssertionError as failure:
        context.property_failure = f"seed {seed}: {failure}"


@then("every decision showed its page's URL, and no word of a page became markup")
def step_pages_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
