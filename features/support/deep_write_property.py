"""The property behind a restore's writes at any depth: they make what git's checkout makes.

Each example draws one to three files (a plain file, an executable or a link, of random
bytes) at random depths, a few levels or 1,000 to 1,100, in folders that may share their
way; and how many folders of the first one's way stand already. `checkout.write` (what a
restore and an undo write with) makes them in one folder, `git checkout-index` (the oracle)
the same entries in another: both must give the same kinds, permission bits, names and
link targets (`find -printf`) and bytes. `os.makedirs` called itself once per missing
folder: at about 1,000 levels a restore raised `RecursionError` (attack 31, F10). Each
example writes into folders of its own, which the scenario's end removes with `rm -rf`
(Python's `shutil.rmtree` recurses too).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git import checkout
from cleveragents.adapters.git.modes import EXECUTABLE, FILE, LINK
from features.support.properties import reproducible

DEFAULT_LIMIT = 1000  # Python's recursion limit, which `agents` keeps
DEPTHS = st.one_of(st.integers(0, 4), st.integers(1000, 1100))
FILES = st.tuples(
    st.sampled_from(("a", "b")),
    DEPTHS,
    st.sampled_from((FILE, EXECUTABLE, LINK)),
    st.binary(min_size=1, max_size=8).filter(lambda b: b"\0" not in b),
)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="deep-write-", dir=tmp))
    git = ["git", "-C", str(work)]
    subprocess.run([*git, "init", "--quiet"], check=True)

    @reproducible(examples, seed)
    @given(st.lists(FILES, min_size=1, max_size=3), st.integers(0, 1100))
    def holds(files: list[tuple[str, int, str, bytes]], standing: int) -> None:
        nonlocal ran
        ran += 1
        ours, theirs = work / f"ours{ran}", work / f"theirs{ran}"
        entries = {}
        for i, (name, depth, mode, data) in enumerate(files):
            path = "/".join([*[name] * depth, f"f{i}"])
            oid = (
                subprocess.run(
                    [*git, "hash-object", "-w", "--stdin"],
                    input=data,
                    capture_output=True,
                    check=True,
                )
                .stdout.decode()
                .strip()
            )
            entries[path] = (mode, oid, data)
        first = next(iter(entries)).split("/")[:-1]
        for top in (ours, theirs):
            _make_way(top, first[:standing])
        changes = [checkout.Change(p, (m, oid), None) for p, (m, oid, _) in entries.items()]
        # Hypothesis raises the recursion limit by 2,000 while an example runs: the write
        # gets Python's default, as in the `agents` command.
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(DEFAULT_LIMIT)
        try:
            checkout.write(ours, changes, {oid: data for _, oid, data in entries.values()})
        finally:
            sys.setrecursionlimit(limit)
        index = work / f"index{ran}"
        env = {**os.environ, "GIT_INDEX_FILE": str(index)}
        listed = "".join(f"{m} {oid}\t{p}\n" for p, (m, oid, _) in entries.items())
        subprocess.run(
            [*git, "update-index", "--index-info"], input=listed.encode(), env=env, check=True
        )
        subprocess.run([*git, "checkout-index", "-a", f"--prefix={theirs}/"], env=env, check=True)
        got, want = _looks(ours), _looks(theirs)
        assert got == want, f"files {files}, {standing} standing: wrote {got}, git {want}"

    holds()
    return ran


def _make_way(top: Path, parts: list[str]) -> None:
    """Make `top` and the folders `parts` below it, one at a time by folder handle."""
    top.mkdir()
    folder = os.open(top, os.O_DIRECTORY)
    try:
        for part in parts:
            os.mkdir(part, dir_fd=folder)
            inner = os.open(part, os.O_DIRECTORY, dir_fd=folder)
            os.close(folder)
            folder = inner
    finally:
        os.close(folder)


def _looks(top: Path) -> tuple[list[bytes], dict[bytes, bytes]]:
    """What stands in `top`: each path's kind, permission bits, name and link target
    (`find`), and each file's bytes."""
    found = subprocess.run(
        ["find", ".", "-printf", "%y %m %P %l\\0"], cwd=top, capture_output=True, check=True
    ).stdout
    entries = sorted(found.split(b"\0"))
    names = [entry.split(b" ")[2] for entry in entries if entry.startswith(b"f ")]
    return entries, {name: (top / os.fsdecode(name)).read_bytes() for name in names}
