"""The property of the beat rule (trust.killed_put_back.property.feature): of what changed
where the host runs since a killed run began, the settling takes back exactly what the killed
command changed (before its agents' last beat, with the margin) and keeps what the user
changed after it, a deletion too (`ignored_since.changed_at`, as `operation_repair` calls it).

Each example makes a real folder tree (files at the top, in `sub`, in `sub/deep`), then
random changes of the killed command (a file written, made or removed), the time the last
beat's margin ends (`at`), random changes of the user, and asks which changed paths are
later than `at`. The oracle is the order of the changes, not agents' rule: a path whose last
change was the command's is taken back, always; one the user changed last and that stands
is kept; one the user removed is kept unless its folder cannot date it: another entry of
that folder gone too, or changed by the user, or a file made or removed by the user below it
(a deletion leaves no time of its own; the folder's modification time is its only date, and
only the last change shows): then it goes back too, undoably (fail-closed). Left open: the
command's removal is taken for the user's when the user, after the kill, removed from that
folder a file made during the run, which no record names (`_masked`).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.git.ignored_since import changed_at
from features.support.properties import reproducible

FOLDERS = ["", "sub", "sub/deep"]
NAMES = ["a.sh", "b.sh", "c.sh"]
PATHS = [f"{f}/{n}" if f else n for f in FOLDERS for n in NAMES]
STANDING = frozenset(PATHS[::2])  # the tree before the run: every other one stands
GAP = 0.06  # s: more than the clock tick a folder's and an entry's times may lie apart

change = st.tuples(st.integers(0, len(PATHS) - 1), st.booleans())  # (path, write or remove)


def check_property(examples: int, seed: int, work: Path) -> int:
    """Returns how many changed paths were judged."""
    root = Path(tempfile.mkdtemp(prefix="beat-rule-", dir=work)) / "tree"
    tree = SimpleNamespace(repo=SimpleNamespace(root=root))
    judged = 0

    @reproducible(examples, seed)
    @example(killed=[], mine=[(2, False)])  # my `rm c.sh` at the top: mine, kept
    @example(killed=[(0, False)], mine=[])  # the command's `rm a.sh`: taken back
    @example(killed=[(0, False)], mine=[(1, True)])  # the command's rm, then my new file
    @example(killed=[(0, False)], mine=[(2, False)])  # both removed from one folder
    @example(killed=[], mine=[(4, False), (6, False), (6, True)])  # sub/deep's time changed
    @given(killed=st.lists(change, max_size=5), mine=st.lists(change, max_size=5))
    def check(killed: list[tuple[int, bool]], mine: list[tuple[int, bool]]) -> None:
        nonlocal judged
        shutil.rmtree(root, ignore_errors=True)
        for folder in FOLDERS:
            (root / folder).mkdir(parents=True, exist_ok=True)
        for path in STANDING:
            (root / path).write_text("mine\n")
        time.sleep(GAP)
        last: dict[str, str] = {}  # path -> whose change came last
        _apply(root, killed, "killed", last, set())
        time.sleep(GAP)
        at = time.time_ns()  # the last beat's margin ends: what changes now is the user's
        time.sleep(GAP)
        moved: set[str] = set()  # made or removed by the user at some point, if not at the end
        _apply(root, mine, "mine", last, moved)
        time.sleep(0.15)
        settling = time.time_ns() - 100_000_000
        changed = [p for p in last if (root / p).exists() != (p in STANDING) or _written(root, p)]
        later = changed_at(tree, changed, at, settling)
        for path in changed:
            judged += 1
            said = f"killed {killed}, mine {mine}: {path}"
            if last[path] == "killed" and not _masked(root, path, last):
                assert path not in later, f"{said}, the command's, is kept as the user's"
            elif (root / path).exists() or _datable(root, path, last, moved):
                assert path in later, f"{said}, the user's, is taken back"

    check()
    return judged


def _apply(
    root: Path, changes: list[tuple[int, bool]], whose: str, last: dict[str, str], moved: set[str]
) -> None:
    for index, write in changes:
        path = PATHS[index]
        full = root / path
        if write:
            if not full.exists():
                moved.add(path)
            full.write_text(f"{whose}\n")
        elif full.exists():
            full.unlink()
            moved.add(path)
        else:
            continue
        last[path] = whose


def _written(root: Path, path: str) -> bool:
    """Whether `path` stands with other bytes than it had before the run."""
    return (root / path).exists() and (root / path).read_text() != "mine\n"


def _masked(root: Path, path: str, last: dict[str, str]) -> bool:
    """Whether the command's removal of `path` is hidden from the settling: the user removed
    from its folder, after the kill, a file made during the run (no record of the tree, before
    or after, names it); that removal is then the folder's last change (the one case left)."""
    folder = path.rpartition("/")[0]
    return not (root / path).exists() and any(
        last.get(other) == "mine" and other not in STANDING and not (root / other).exists()
        for other in PATHS
        if other != path and other.rpartition("/")[0] == folder
    )


def _datable(root: Path, path: str, last: dict[str, str], moved: set[str]) -> bool:
    """Whether the user's removal of `path` is the only change of its folder's entries that
    could date it: no other entry of that folder gone since, nor changed by the user, nor a
    file made or removed by the user in a folder it holds, even one made again since (which
    changes that folder's time: a folder made since, then filled, cannot be told from one
    that stood)."""
    folder = path.rpartition("/")[0]
    for other in PATHS:
        if other == path or other not in last:
            continue
        inner = other.startswith(f"{folder}/") if folder else "/" in other
        made = (root / other).exists() != (other in STANDING) or other in moved
        if inner and last[other] == "mine" and (made or not (root / other).exists()):
            return False
        if other.rpartition("/")[0] != folder:
            continue
        if last[other] == "mine" or not (root / other).exists():
            return False
    return True
