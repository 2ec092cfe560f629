"""What properties over scratch folders share: each example in a folder of its own, removed
however the example ends; for the properties on the user's home, `HOME` given back as it
was, `PATH` too, and the XDG, Go and loader variables (`UNSET`) unset during the example and
given back after."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

Example = Callable[[Path, st.DataObject], None]
# Unset during a home example, given back after (`home_ways`: where the home's programs
# read what they run).
UNSET = (
    "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_DIRS", "GOPATH", "GOBIN",
    "NODE_PATH", "PERL5LIB", "RUBYLIB", "TERM",
)  # fmt: skip


def folder_examples(examples: int, seed: int, tmp: Path, one: Example) -> int:
    """Up to `examples` runs of `one` (in a new folder under `tmp`, with hypothesis' data)
    from `seed`: how many ran."""
    ran = 0

    @reproducible(examples, seed)
    @given(st.data())
    def example(data: st.DataObject) -> None:
        nonlocal ran
        root = Path(tempfile.mkdtemp(dir=tmp))
        try:
            one(root, data)
        finally:
            shutil.rmtree(root)
        ran += 1

    example()
    return ran


def home_examples(examples: int, seed: int, tmp: Path, one: Example) -> int:
    """`folder_examples` of `one`, the home's variables given back after each."""

    def at_home(root: Path, data: st.DataObject) -> None:
        home, path = os.environ.get("HOME"), os.environ.get("PATH", "")
        kept = {name: os.environ.pop(name, None) for name in UNSET}
        try:
            one(root, data)
        finally:
            os.environ.update({"HOME": home if home is not None else "", "PATH": path})
            for name, value in kept.items():
                os.environ.pop(name, None)
                os.environ.update({} if value is None else {name: value})

    return folder_examples(examples, seed, tmp, at_home)


def home_property(when_text: str, then_text: str, name: str, one: Example, examples: int) -> None:
    """The two steps of a property over homes: the `when` draws `examples` runs of `one`
    (`home_examples`, seed printed: `run_property`), the `then` says none failed."""
    from behave import then, when

    from features.support.properties import run_property

    @when(when_text)
    def drawn(context: Any) -> None:
        run_property(context, name, lambda n, seed, tmp: home_examples(n, seed, tmp, one), examples)

    @then(then_text)
    def held(context: Any) -> None:
        assert context.property_failure is None, context.property_failure
