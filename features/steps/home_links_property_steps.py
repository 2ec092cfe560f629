"""The property on the home's links into the tree (`adapters/home_files.py`): every link
where programs look for what they run is found, each found place lies in the tree."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from behave import then, when
from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.home_files import startup_files
from features.support.properties import reproducible, run_property

# Where a link stands in the home, and whether the walk looks there.
PLACES = {
    ".{n}": True,
    "{n}": False,  # not a dot entry
    ".config/{n}": True,
    ".config/d/{n}": True,
    ".config/d/e/{n}": False,  # deeper than programs look
    ".local/bin/{n}": True,
    ".ssh/{n}": True,
    ".other/{n}": False,
}
TARGETS = ("f", "d/g", "d", "new", "d/new/x", ".git/config", "OUT")


@when("homes with links into a tree are made at random")
def step_home_links(context: Any) -> None:
    run_property(context, "home links", _check, 60)


@then("every link where programs look is found, and nothing else outside the startup files")
def step_home_links_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


def _check(examples: int, seed: int, tmp: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(st.data())
    def example(data: st.DataObject) -> None:
        nonlocal ran
        root = Path(tempfile.mkdtemp(dir=tmp))
        home = os.environ.get("HOME")
        try:
            _example(root, data)
        finally:
            os.environ["HOME"] = home if home is not None else ""
            shutil.rmtree(root)
        ran += 1

    example()
    return ran


def _example(root: Path, data: st.DataObject) -> None:
    tree, home, out = root / "tree", root / "home", root / "out"
    for folder in (tree / ".git", tree / "d", home, out):
        folder.mkdir(parents=True)
    (tree / "f").write_text("x\n")
    (tree / "d" / "g").write_text("x\n")
    (tree / ".git" / "config").write_text("x\n")
    expected: set[str] = set()
    links = data.draw(
        st.lists(
            st.tuples(
                st.sampled_from(sorted(PLACES)),
                st.sampled_from(["a", "b", "nvim"]),
                st.sampled_from(TARGETS),
            ),
            max_size=8,
        )
    )
    for place, name, target in links:
        link = home / place.format(n=name)
        if os.path.lexists(link) or link.parent.is_symlink():
            continue
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(out / "x" if target == "OUT" else tree / target)
        if PLACES[place] and target not in ("OUT", ".git/config"):
            expected.add(target)
    os.environ["HOME"] = str(home)
    found = startup_files(tree)
    assert expected <= set(found), (links, expected, found)
    for path in found:  # in the tree, outside its `.git`, and only what was linked
        assert not path.startswith(("..", "/")) and ".git" not in path.split("/"), found
        assert path in expected, (links, expected, found)
