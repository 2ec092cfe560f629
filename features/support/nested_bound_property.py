"""The property that no number of empty or half-made `.git` names changes which real
repositories the sandbox binds read-only (`adapters/command_safety/nested_gits.py`, attack
21 #3): each example a real tree of random nested repositories (a `.git` folder, or a `.git`
file naming a git directory elsewhere in the tree) at random depths, and random junk `.git`
names (an empty folder, one holding only a `config`) among them, under a random bound. The
binds are computed with the junk and again once it is removed: the real repositories bound,
and those left (for which the command is refused), are the same, and the mounts never pass
the bound."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.command_safety.nested_gits import NestedGits, nested_gits
from features.support.properties import reproducible

PART = st.sampled_from(["a", "b", "c", "vendor", "lib", "z1", "z2"])
PLACE = st.lists(PART, min_size=1, max_size=3).map("/".join)
EXAMPLE = st.tuples(
    st.dictionaries(PLACE, st.sampled_from(["folder", "file"]), min_size=1, max_size=6),
    st.dictionaries(PLACE, st.sampled_from(["empty", "config"]), max_size=40),
    st.integers(min_value=2, max_value=24),
)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0

    @reproducible(examples, seed)
    @given(EXAMPLE)
    def holds(example: tuple[dict[str, str], dict[str, str], int]) -> None:
        nonlocal ran
        ran += 1
        reals, junk, most = example
        root = Path(tempfile.mkdtemp(prefix="nested-bound-", dir=tmp)).resolve()
        (root / ".git").mkdir()
        for number, (place, kind) in enumerate(sorted(reals.items())):
            if kind == "folder":
                _git_dir(root / place / ".git")
            else:
                _git_dir(root / ".store" / str(number))
                depth = place.count("/") + 1
                gitdir = f"gitdir: {'../' * depth}.store/{number}\n"
                (root / place).mkdir(parents=True, exist_ok=True)
                (root / place / ".git").write_text(gitdir)
        made = []
        for place, kind in sorted(junk.items()):
            folder = root / place / ".git"
            if place in reals or any(p.startswith(f"{place}/") for p in reals):
                continue  # a real one stands there, or below: junk beside it, not over it
            folder.mkdir(parents=True, exist_ok=True)
            if kind == "config":
                (folder / "config").write_text('[core]\n\tfsmonitor = "false"\n')
            made.append(folder)
        own = [root / ".git"]
        with_junk = nested_gits(root, own, {}, most)
        for folder in made:
            shutil.rmtree(folder)
        without = nested_gits(root, own, {}, most)
        real = {f"{p}/.git" for p in reals}
        real |= {f".store/{n}" for n, (_, k) in enumerate(sorted(reals.items())) if k == "file"}
        assert _real_bound(root, with_junk, real) == _real_bound(root, without, real), (
            with_junk,
            without,
        )
        assert with_junk.real_left == without.real_left, (with_junk.real_left, without)
        assert not set(with_junk.real_left) - real, with_junk.real_left
        for result in (with_junk, without):
            assert len(result.bound) + len(result.pinned) <= most, result
            left = set(result.left)
            for path in real - left:  # bound itself, or inside a bound folder
                full = root / path
                assert any(full.is_relative_to(b) for b in result.bound), (path, result)
        shutil.rmtree(root)

    holds()
    return ran


def _git_dir(folder: Path) -> None:
    """A git directory as `git init` leaves it, as far as the binds look: a `HEAD`,
    `objects/` and `refs/`."""
    (folder / "objects").mkdir(parents=True)
    (folder / "refs").mkdir()
    (folder / "HEAD").write_text("ref: refs/heads/main\n")


def _real_bound(root: Path, result: NestedGits, real: set[str]) -> set[str]:
    """The real repositories of the tree (paths in it) that `result` binds read-only."""
    return {p for p in real if any((root / p).is_relative_to(b) for b in result.bound)}
