"""The property of the beat rule (trust.killed_put_back.property.feature): of what changed
where the host runs since a killed run began, the settling takes back everything the killed
command changed (before its agents' last beat, with the margin), and keeps what the user
changed after it that stands (`ignored_since.changed_at`, as `operation_repair` calls it).

Each example makes a real folder tree (files at the top, in `sub`, in `sub/deep`), then
random changes of the killed command (a file written, made or removed), the time the last
beat's margin ends (`at`), random changes of the user, and asks which changed paths are
later than `at`. The oracle is the order of the changes, not agents' rule: a path whose last
change was the command's is taken back, always; one the user changed last and that stands
is kept; one gone goes back, whoever removed it last, undoably (fail-closed). A deletion
leaves no time of its own, and the folder it went from cannot date it: the user's removal,
after the kill, of a file the command made in that folder (no record names it) leaves the
folder as the user's removal of the path itself would (settle27; mount25 dated a deletion
by its folder, and the command's `rm a.sh` stayed, taken for the user's).
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
    @example(killed=[], mine=[(2, False)])  # my `rm c.sh` at the top: back, undoably
    @example(killed=[(0, False)], mine=[])  # the command's `rm a.sh`: taken back
    @example(killed=[(0, False)], mine=[(1, True)])  # the command's rm, then my new file
    @example(killed=[(0, False)], mine=[(2, False)])  # both removed from one folder
    @example(killed=[], mine=[(4, False), (6, False), (6, True)])  # sub/deep's time changed
    # The command makes `b.sh` and removes `a.sh`; I remove `b.sh` (settle27: `a.sh` stayed).
    @example(killed=[(1, True), (0, False)], mine=[(1, False)])
    @example(killed=[(4, False), (3, True)], mine=[(3, False)])  # the same in `sub`
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
        _apply(root, killed, "killed", last)
        time.sleep(GAP)
        at = time.time_ns()  # the last beat's margin ends: what changes now is the user's
        time.sleep(GAP)
        _apply(root, mine, "mine", last)
        time.sleep(0.15)  # the next command settles later
        changed = [p for p in last if (root / p).exists() != (p in STANDING) or _written(root, p)]
        later = changed_at(tree, changed, at)
        for path in changed:
            judged += 1
            said = f"killed {killed}, mine {mine}: {path}"
            if last[path] == "killed":
                assert path not in later, f"{said}, the command's, is kept as the user's"
            elif (root / path).exists():
                assert path in later, f"{said}, the user's, is taken back"
            else:
                assert path not in later, f"{said}, gone, is not put back"

    check()
    return judged


def _apply(root: Path, changes: list[tuple[int, bool]], whose: str, last: dict[str, str]) -> None:
    for index, write in changes:
        full = root / PATHS[index]
        if write:
            full.write_text(f"{whose}\n")
        elif full.exists():
            full.unlink()
        else:
            continue
        last[PATHS[index]] = whose


def _written(root: Path, path: str) -> bool:
    """Whether `path` stands with other bytes than it had before the run."""
    return (root / path).exists() and (root / path).read_text() != "mine\n"
