"""What properties over scratch folders share: each example in a folder of its own, removed
however the example ends; for the properties on the user's home, `HOME` given back as it
was, and `XDG_CONFIG_HOME` unset during the example and given back after."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

Example = Callable[[Path, st.DataObject], None]


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
        home, xdg = os.environ.get("HOME"), os.environ.pop("XDG_CONFIG_HOME", None)
        try:
            one(root, data)
        finally:
            os.environ["HOME"] = home if home is not None else ""
            os.environ.pop("XDG_CONFIG_HOME", None)
            os.environ.update({} if xdg is None else {"XDG_CONFIG_HOME": xdg})

    return folder_examples(examples, seed, tmp, at_home)
