"""The properties of a recorded session's held look (`adapters/git/held_looks.py`).

Integrity: each example is a real repository (the user's `sub/.claude`, as in
`claude_dirs_property.py`) whose look before a Bash call is held for call `c1` (and another
for `c2`); then, as the command could, its file is left, deleted, cut short, changed by one
byte, replaced by `c2`'s look or by `{}`, and its blob copy in the object database is left
or deleted. A later process (new `GitCheckpoints`) given the id the decision recorded reads
back exactly that look when either copy is intact, and names it lost otherwise: never
another look, never an error.

Lost look: random commands change the `.claude` folders (`claude_dirs_property._operate`),
and the put-back runs with no look (`after_lost_look`): no file Claude Code runs stands as
the command made or changed it, and what it wrote there is kept in the commit named.
"""

from __future__ import annotations

import shutil
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.checkpoint import SavedFiles
from features.support.claude_dirs_property import (
    OPERATIONS,
    Around,
    _operate,
    assert_kept,
    claude_repository,
    snapshot,
)
from features.support.properties import reproducible

FILE_CHANGES = ["intact", "deleted", "cut short", "one byte", "other look", "empty object"]
EXAMPLE = st.tuples(
    st.sampled_from(FILE_CHANGES), st.booleans(), st.integers(min_value=0, max_value=10**6)
)


def _checkpoints(root: Path) -> GitCheckpoints:
    checkpoints = GitCheckpoints(GitRepository.discover(root), lambda: datetime.now(UTC))
    return checkpoints


def check_integrity(examples: int, seed: int, tmp: Path) -> int:
    """Run the integrity property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="held-looks-", dir=tmp))

    @reproducible(examples, seed)
    @given(EXAMPLE)
    def holds(example: tuple[str, bool, int]) -> None:
        nonlocal ran
        ran += 1
        change, blob_deleted, where = example
        root = claude_repository(work / f"repo{ran}")
        checkpoints = _checkpoints(root)
        tree = checkpoints.create("p1", "before", None).tree
        look = checkpoints.before_command("p1", tree, _unkept)
        blob = checkpoints.hold_look("c1", look)
        checkpoints.hold_look("c2", checkpoints.before_command("p1", tree, _unkept))
        place = checkpoints.held._place("p1", "c1")
        _tamper(place, checkpoints.held._place("p1", "c2"), change, where)
        if blob_deleted:
            (root / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
        found, lost = _checkpoints(root).held_looks("p1", {"c1": blob})
        if change == "intact" or not blob_deleted:
            assert found == {"c1": look} and lost == [], example
        else:
            assert found == {} and lost == ["c1"], example
        shutil.rmtree(root)

    holds()
    return ran


def _tamper(place: Path, other: Path, change: str, where: int) -> None:
    """What the command does to the held look's file."""
    data = place.read_bytes()
    if change == "deleted":
        place.unlink()
    elif change == "cut short":
        place.write_bytes(data[: where % len(data)])
    elif change == "one byte":
        at = where % len(data)
        place.write_bytes(data[:at] + bytes([data[at] ^ (1 + where % 255)]) + data[at + 1 :])
    elif change == "other look":
        place.write_bytes(other.read_bytes())
    elif change == "empty object":
        place.write_bytes(b"{}")


def check_lost(examples: int, seed: int, tmp: Path) -> int:
    """Run the lost-look property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="lost-looks-", dir=tmp))

    @reproducible(examples, seed)
    @given(OPERATIONS)
    def holds(operations: list[tuple[str, str]]) -> None:
        nonlocal ran
        ran += 1
        root = claude_repository(work / f"repo{ran}")
        checkpoints = _checkpoints(root)
        checkpoints.create("p1", "before", None)
        before = snapshot(root)
        at = datetime.now(UTC)
        for number, (kind, folder) in enumerate(operations):
            _operate(root, kind, folder, number)
        middle = snapshot(root)
        said = _checkpoints(root).after_lost_look("p1", int(at.timestamp() * 1e9), {})
        after = snapshot(root)
        for path, now in after.items():
            assert before.get(path) == now, (path, operations, said)
        assert_kept(root, Around(said, before, middle, after, {}, {}))
        shutil.rmtree(root)

    holds()
    return ran


def _unkept(saved: SavedFiles) -> None:
    """An operation's record: not this property's."""
