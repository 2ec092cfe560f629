"""The property behind "a `--json` document's text is the one json.dumps writes".

`cli/json_text.py` writes the documents `--json` prints itself, as json's own writer does
with an indent but faster. Each example is any value a document could hold: objects
(empty, with text keys, or with keys json turns into text: numbers, booleans, null),
arrays, tuples, any text (escapes, control characters, lone surrogates, non-ASCII), whole
numbers of any size, booleans and null, floats (infinities and NaN too), subclasses of
str, int and dict, and objects only `default=str` writes; its text must be, character for
character, what `json.dumps(value, indent=2, ensure_ascii=False, default=str)` gives; and
`shown_text.visible_json` (which looks at ASCII text for DEL alone) must escape in it just
what its regular expression finds.
"""

from __future__ import annotations

import datetime
import enum
import json
from pathlib import PurePosixPath
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.cli.json_text import json_text
from cleveragents.domain import shown_text
from features.support.properties import reproducible


class Word(str):
    """A str subclass: json writes it as its text."""


class Number(enum.IntEnum):
    ONE = 1


class Loose(dict[Any, Any]):
    """A dict subclass: json writes it as an object."""


texts = st.one_of(
    st.text(),
    st.sampled_from(
        ["", "\n", "\x00", "\x1b[31m", "\x7f", "\x9f", "\ud800", '"', "\\", "漢", "\u2028"]
    ),
)
scalars = st.one_of(
    texts,
    st.integers(),
    st.integers(-(2**70), 2**70),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=True, allow_infinity=True),
    texts.map(Word),
    st.just(Number.ONE),
    st.just(PurePosixPath("a/b")),
    st.just(datetime.date(2026, 11, 27)),
)
keys = st.one_of(texts, st.integers(), st.booleans(), st.none(), st.floats(allow_nan=False))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(texts, inner, max_size=5),
        st.dictionaries(keys, inner, max_size=3),
        st.dictionaries(texts, inner, max_size=3).map(Loose),
    ),
    max_leaves=30,
)


def check_property(examples: int, seed: int) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(values)
    def same_text(value: Any) -> None:
        nonlocal ran
        ran += 1
        expected = json.dumps(value, indent=2, ensure_ascii=False, default=str)
        text = json_text(value)
        assert text == expected, (value, text, expected)
        # What a terminal would act on escaped as the regular expression alone did.
        escaped = shown_text._RAW_IN_JSON.sub(lambda c: shown_text._json_escape(ord(c[0])), text)
        assert shown_text.visible_json(text) == escaped, (value, escaped)

    same_text()
    return ran
