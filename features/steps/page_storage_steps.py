"""Steps of page_storage.property.feature: comparing the storages a restore reached."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from behave import then, when

from features.support.properties import run_property

EXAMPLES = 50


def _check(examples: int, seed: int, tmp: Path) -> int:
    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.domain.page_storage import (
        Cookie,
        PageStorage,
        readable_storage,
        storage_differences,
    )
    from features.support.properties import reproducible

    words = st.text(st.sampled_from("ab=; '\"\n\x1b\u202e"), max_size=6)
    items = st.dictionaries(words, words, max_size=4)
    cookies = st.lists(
        st.builds(Cookie, name=words, value=words, domain=st.just("h"), secure=st.booleans()),
        max_size=4,
        unique_by=lambda c: c.name,
    )
    storages = st.builds(
        PageStorage,
        origin=st.just("http://127.0.0.1:1"),
        cookies=cookies.map(tuple),
        local=items,
        session=items,
        history=st.lists(words, max_size=3).map(tuple),
    )
    ran = 0

    @reproducible(examples, seed)
    @for_every(storages, storages, st.booleans())
    def holds(a: PageStorage, other: PageStorage, same: bool) -> None:
        nonlocal ran
        ran += 1
        b = a.model_copy(update={"history": other.history}) if same else other
        found = storage_differences(a, b)
        assert (found is None) == (_reached(a) == _reached(b)), (a, b, found)
        for key in a.local.keys() | b.local.keys():
            if a.local.get(key) != b.local.get(key):
                assert found is not None and f"local storage {key!r}" in found
        kept = readable_storage(json.loads(a.model_dump_json()))
        assert kept == a and storage_differences(a, kept) is None

    holds()
    return ran


def _reached(storage: Any) -> tuple[object, ...]:
    """What a restore must reach of a storage: cookies by name and value, the items."""
    return {c.name: c.value for c in storage.cookies}, storage.local, storage.session


@when("random pairs of page storages are compared")
def step_storages_compared(context: Any) -> None:
    ran = run_property(context, "page storage property", _check, EXAMPLES)
    assert ran is None or ran > 0, "no example ran"


@then("a difference is found exactly where a value differs, and a kept storage reads back the same")
def step_storages_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("a page storage of {big:d} KiB and one of {small:d} KiB are kept")
def step_storages_kept(context: Any, big: int, small: int) -> None:
    from cleveragents.adapters.environments.browser.page_storage import keep_storage
    from cleveragents.domain.page_storage import PageStorage

    context.storage_home = Path(context.tmp) / "browser"
    context.kept = [
        keep_storage(context.storage_home, PageStorage(origin="http://h", local={"k": "v" * size}))
        for size in (big * 1024, small * 1024, small * 1024)
    ]


@then("only the small one is kept, as one file named by its id")
def step_small_kept(context: Any) -> None:
    big, small, again = context.kept
    assert big is None and small is not None and again == small, context.kept
    files = sorted(p.name for p in (context.storage_home / "storages").iterdir())
    assert files == [f"{small}.json"], files
