"""The property on links on the way to a watched file: re-pointed, removed or made over a
folder of the way at random, then put back (`adapters/git/link_ways.py`); each link that
stood and goes is kept first (by the user, maybe: attack 21, finding 15)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from behave import then, when
from hypothesis import strategies as st

from cleveragents.adapters.git import link_ways
from features.support.home_examples import folder_examples
from features.support.properties import run_property

CHANGES = (
    "re-point",
    "re-point absolute",
    "remove",
    "replace by a file",
    "link the folder",
    "none",
)


@when("links on the way to a watched file are changed at random, then put back")
def step_link_ways(context: Any) -> None:
    context.property_ran = run_property(context, "link ways", _check, 80)


@then("every watched file leads where it led at the look, or nowhere")
def step_link_ways_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


def _check(examples: int, seed: int, tmp: Path) -> int:
    return folder_examples(examples, seed, tmp, _example)


def _example(root: Path, data: st.DataObject) -> None:
    for i in range(3):  # three folders a link may lead to, each with its own files
        (root / f"t{i}" / "s").mkdir(parents=True)
        (root / f"t{i}" / "check.sh").write_text(f"t{i}")
        (root / f"t{i}" / "s" / "check.sh").write_text(f"t{i}/s")
    (root / "d").mkdir()
    link = data.draw(st.sampled_from(["", "d/"])) + "x"
    _link(root, link, data.draw(st.integers(0, 2)), absolute=False)
    place = f"{link}/{data.draw(st.sampled_from(['check.sh', 's/check.sh']))}"
    before = os.path.realpath(root / place)
    seen = link_ways.ways(root, [place])
    change, other = data.draw(st.sampled_from(CHANGES)), data.draw(st.integers(0, 2))
    if change.startswith("re-point"):
        (root / link).unlink()
        _link(root, link, other, absolute=change.endswith("absolute"))
    elif change == "remove":
        (root / link).unlink()
    elif change == "replace by a file":
        (root / link).unlink()
        (root / link).write_text("a file")
    elif change == "link the folder" and link.startswith("d/"):
        planted = root / f"t{other}" / "x"  # what the model filled earlier
        (planted / "s").mkdir(parents=True)
        (planted / "check.sh").write_text("planted")
        (planted / "s" / "check.sh").write_text("planted")
        shutil.move(root / "d", root / "d.old")
        os.symlink(f"t{other}", root / "d")
    standing = {way: os.readlink(root / way) for way in (link, "d") if (root / way).is_symlink()}
    if link.startswith("d/") and change != "link the folder" and data.draw(st.booleans()):
        # `d` held read-only the whole command: what changed in it is the host's, as it is.
        state = {way: (root / way).is_symlink() and os.readlink(root / way) for way in seen}
        assert link_ways.put_back(root, seen, held=["d"]) == [], change
        assert state == {w: (root / w).is_symlink() and os.readlink(root / w) for w in seen}
        return
    kept: dict[str, bytes] = {}
    said = link_ways.put_back(root, seen, lambda links: kept.update(links) or "c" * 40)
    after = root / place
    assert not after.exists() or os.path.realpath(after) == before, (change, said)
    for way, target in standing.items():  # a link that stood is never lost unkept
        if not (root / way).is_symlink() or os.readlink(root / way) != target:
            assert kept.get(way) == os.fsencode(target), (change, way, kept, said)
            assert any(
                f"kept in commit {'c' * 12} (git show {'c' * 12}:{way})" in line for line in said
            )
    assert link_ways.put_back(root, link_ways.ways(root, [place])) == []  # settled


def _link(root: Path, link: str, to: int, *, absolute: bool) -> None:
    target = root / f"t{to}"
    os.symlink(target if absolute else os.path.relpath(target, (root / link).parent), root / link)
