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


# A held place's parts (attack 23, F7 and F30): names, one-name globs, any folders.
PLACE_PARTS = ("a", "bin", ".vscode", "*", "**")
PLACE_NAMES = ("x.sh", "*.sh")
TREE_NAMES = ("a", "bin", ".vscode", "e")  # what a `*` or a `**` stands for in the tree
TARGETS = ("c", "c/d", "d", ".")  # where a link leads (the top too): no name of a place's


@when("a link is put on the way to a place of a held pattern at random")
def step_pattern_links(context: Any) -> None:
    context.property_ran = run_property(
        context, "pattern links", lambda n, seed, tmp: folder_examples(n, seed, tmp, _drawn), 150
    )


@then("the file the place leads to is watched where it lies, or the link is")
def step_pattern_links_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@then("the file the place leads to is held where it lies when the link stood")
def step_pattern_links_led(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


def _drawn(root: Path, data: st.DataObject) -> None:
    """A place drawn (a pattern, or a path named from the top), a path it names in the tree
    with a folder of its way made a link to another folder holding the file: what the
    host's program opens there is either covered where it lies (`Reach.covers`: the walk
    by names finds it) or the link is one `pattern_links.standing` watches and a killed
    run's settle takes back (`host_files.link_way`); every link found is one such. And
    the file is held where it lies (`host_files.host_run`) with the places `led` adds."""
    from cleveragents.adapters.git.pattern_links import led, standing
    from cleveragents.domain.host_files import HostFolders, host_run, link_way
    from cleveragents.domain.reach import Reach

    folders = data.draw(st.lists(st.sampled_from(PLACE_PARTS), min_size=1, max_size=3))
    plain = data.draw(st.booleans())  # a path named from the top: no pattern
    if plain:
        folders = [part for part in folders if "*" not in part] or ["a"]
    last = "x.sh" if plain else data.draw(st.sampled_from(PLACE_NAMES))
    reach = Reach("/".join([*folders, last]), launcher="" if plain else "a program")
    parts: list[str] = []
    for part in folders:
        if part == "**":
            parts += data.draw(st.lists(st.sampled_from(TREE_NAMES), max_size=2))
        else:
            parts.append(data.draw(st.sampled_from(TREE_NAMES)) if part == "*" else part)
    parts.append("x.sh")
    assert reach.covers("/".join(parts)), (reach, parts)
    if len(parts) < 2:
        return  # no folder on its way
    at = data.draw(st.integers(1, len(parts) - 1))
    way, target = "/".join(parts[:at]), data.draw(st.sampled_from(TARGETS))
    lies = Path(target, *parts[at:]).as_posix()  # where the file the place names lies
    if lies == way or lies.startswith(f"{way}/"):
        return  # a link to the top where the file lies below its own name
    (root / lies).parent.mkdir(parents=True, exist_ok=True)
    (root / lies).write_text("planted")
    (root / way).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(os.path.relpath(root / target, (root / way).parent), root / way)
    assert os.path.realpath(root / "/".join(parts)) == os.path.realpath(root / lies)
    found = standing(root, [reach])
    host = HostFolders(cwd_reads=(reach,))
    if not reach.covers(lies):
        assert way in found, (reach.path, way, lies, found)
        assert link_way(way, host), (reach.path, way)
    for link in found:
        assert (root / link).is_symlink() and reach.on_way(link), (reach.path, link)
    # A link that stood before the command (committed): the file where it leads is held
    # where it lies, by the place or one `pattern_links.led` makes of the rest beyond it.
    for plain_led in (False, True):
        places = [place for place, of in led(root, [reach], plain=plain_led) if of == reach]
        held = HostFolders(cwd_reads=tuple(places), programs=((reach, "k"),))
        assert host_run(lies, held) is not None, (reach.path, way, lies, places)
