"""The property behind restores that meet something of the user's in their way.

Each example draws two trees of files over a few short names (a path is a file, or a folder
of files, never both): the target a restore goes back to, and the working tree now; then
which paths the restore is asked to put back (the agent's) and which the user changed since
(with any relation between the two). The paths are grouped by `domain.restore_scope`, and
the restore is applied as git edits a tree: writing a file removes a file standing where
one of its folders must be and everything under it. Whatever is grouped as kept, and with
`--mine` whatever is a conflict, must stand after the restore exactly as it stood before.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.domain.checkpoint import ABSENT, Differences, TreeEntry
from cleveragents.domain.restore_scope import RestoreScope, classify
from features.support.properties import reproducible

NAMES = ("a", "b")
PATHS = tuple(
    "/".join(parts) for depth in (1, 2, 3) for parts in itertools.product(NAMES, repeat=depth)
)
Tree = dict[str, str]
NOTHING = TreeEntry(ABSENT, "0" * 40)


@st.composite
def trees(draw: st.DrawFn) -> Tree:
    """A tree: files at drawn paths, each left out where a file or folder is in its way."""
    tree: Tree = {}
    for path in draw(st.lists(st.sampled_from(PATHS), max_size=8)):
        if not any(_related(path, other) for other in tree):
            tree[path] = draw(st.sampled_from("xyz"))
    return tree


def _related(one: str, other: str) -> bool:
    return one == other or one.startswith(other + "/") or other.startswith(one + "/")


def _entry(tree: Tree, path: str) -> TreeEntry:
    return TreeEntry("100644", tree[path] * 40) if path in tree else NOTHING


def edited(tree: Tree, changes: dict[str, str | None]) -> Tree:
    """`tree` with each path of `changes` written (or removed: None), as git edits a tree."""
    result = dict(tree)
    for path, content in changes.items():
        if content is None:
            result.pop(path, None)
            continue
        for other in [o for o in result if _related(path, o)]:
            del result[other]
        result[path] = content
    return result


def restored(target: Tree, now: Tree, groups: RestoreScope, theirs: bool) -> Tree:
    paths = [*groups.restored, *(groups.conflicts if theirs else [])]
    return edited(now, {path: target.get(path) for path in paths})


def check_property(examples_wanted: int, seed: int, workdir: Path) -> int:
    """Run the property on up to `examples_wanted` random examples; how many ran."""
    count = [0]

    @reproducible(examples_wanted, seed)
    @given(trees(), trees(), st.data())
    def nothing_kept_is_removed(target: Tree, now: Tree, data: st.DataObject) -> None:
        count[0] += 1
        differ: Differences = {
            path: (_entry(target, path), _entry(now, path))
            for path in sorted({*target, *now})
            if target.get(path) != now.get(path)
        }
        some = st.sets(st.sampled_from(sorted(differ))) if differ else st.just(set())
        agent, mine = data.draw(some, "the agent's"), data.draw(some, "the user's")
        groups = classify(agent, differ, mine, entries=differ)
        for theirs in (False, True):
            after = restored(target, now, groups, theirs)
            spared = [*groups.kept, *([] if theirs else groups.conflicts)]
            lost = [p for p in spared if p in now and after.get(p) != now[p]]
            assert not lost, (
                f"{'--theirs' if theirs else '--mine'} removed or changed {lost}, "
                f"grouped {groups.as_json()}, now {now}, target {target}"
            )

    nothing_kept_is_removed()
    return count[0]
