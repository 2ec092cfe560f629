"""The property of trust.folder_listings.property.feature.

A small tree of folders, files and links is walked (`folder_listings.walked`, as
`tree_scripts.below` walks it for per-file configs); then, in rounds, a random batch of
changes (a file written, made or removed, a folder made, removed or renamed, a link to a
folder, a config name among them) is made past a tick of the file system's clock, and the
tree walked again. Each walk must give exactly what a fresh `os.walk` gives now: the same
folders entered, in the same order, with the same names: a listing kept is never stale.

`RECENT` (a change that recent is listed again) is set to 0 here, so that the listings
kept are the ones compared: the rounds wait past a clock tick instead (20 ms), which is
what `RECENT` guards against in a run."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

FOLDERS = ("a", "b", "a/c", "a/c/d", "b/e", "node_modules", "a/node_modules", "a/.git")
NAMES = ("eslint.config.js", ".prettierrc", "f.js", "g")
KINDS = ("write", "remove", "mkdir", "rmtree", "rename", "link", "unlink")
CHANGE = st.tuples(st.sampled_from(KINDS), st.sampled_from(FOLDERS), st.sampled_from(NAMES))
ROUNDS = st.lists(st.lists(CHANGE, min_size=1, max_size=4), min_size=1, max_size=4)
TICK = 0.02  # seconds: past one tick of the kernel's clock of file times


def check_property(examples: int, seed: int, work: Path) -> int:
    from cleveragents.adapters.git import stamped_reads

    ran = 0

    @reproducible(examples, seed)
    @given(st.lists(CHANGE, max_size=8), ROUNDS)
    def holds(start: list[tuple[str, str, str]], rounds: list[list[tuple[str, str, str]]]) -> None:
        nonlocal ran
        ran += 1
        _example(Path(tempfile.mkdtemp(prefix="folder-listings-", dir=work)), start, rounds)

    recent = stamped_reads.RECENT
    stamped_reads.RECENT = 0
    try:
        holds()
    finally:
        stamped_reads.RECENT = recent
    return ran


def _example(
    root: Path, start: list[tuple[str, str, str]], rounds: list[list[tuple[str, str, str]]]
) -> None:
    from cleveragents.adapters.git.folder_listings import walked

    for folder in FOLDERS[:3]:
        (root / folder).mkdir(parents=True, exist_ok=True)
    for change in start:
        _change(root, *change)
    for number, batch in enumerate([[], *rounds]):
        time.sleep(TICK)
        for change in batch:
            _change(root, *change)
        time.sleep(TICK)
        got = [(folder, sorted(names)) for folder, names in walked(str(root))]
        assert got == _fresh(root), f"round {number} ({batch}): the walk gave {got}"
    shutil.rmtree(root)


def _fresh(root: Path) -> list[tuple[str, list[str]]]:
    """What `os.walk` gives now, as `below` walked before its listings were kept."""
    found = []
    top = len(str(root)) + 1
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if f not in (".git", "node_modules"))
        found.append((folder[top:], sorted({*files, *folders})))
    return found


def _change(root: Path, kind: str, folder: str, name: str) -> None:
    """One change of the tree; one that cannot be made (no such folder) is none."""
    place, path = root / folder, root / folder / name
    try:
        if kind == "write":
            path.write_text(kind)
        elif kind == "remove":
            path.unlink()
        elif kind == "mkdir":
            path.mkdir(parents=True)
        elif kind == "rmtree":
            shutil.rmtree(place)
        elif kind == "rename":
            place.rename(root / "b" / f"{name}-{folder.replace('/', '-')}")
        elif kind == "link":
            path.symlink_to(root / "a", target_is_directory=True)
        elif kind == "unlink" and path.is_symlink():
            path.unlink()
    except OSError:
        pass
