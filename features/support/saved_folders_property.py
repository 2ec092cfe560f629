"""The property behind a save that names folders inside folders it saves whole.

Each example makes a real tree in a real repository: folders inside folders (as a command's
`mkdir -p` makes them), files of random bytes and modes, links to files and to folders, a
FIFO, a file or link standing where a folder on a path's way would be; then draws which
paths one save names (folders and what is below them, and paths that are not there).
`FileSaver.save` of them all must give the record a save of each path alone gives, put
together: the same files, bytes and modes, and the same paths absent. And it lists each
folder of the tree at most once (counted through a wrapper around `os.scandir`): a save
that walked each named folder whole listed the deepest folder once per folder above it.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters import folder_walk
from cleveragents.adapters.git.repository import IDENTITY, GitRepository
from cleveragents.adapters.git.saved_files import FileSaver
from cleveragents.domain.checkpoint import SavedFiles
from features.support.properties import reproducible

NAMES = ("a", "b", "a-b")  # `a-b` sorts between `a` and `a/…`
KINDS = ("folder", "file", "exec", "link", "folder link", "fifo")
PATHS = tuple(
    "/".join(parts) for depth in (1, 2, 3, 4) for parts in itertools.product(NAMES, repeat=depth)
)
Record = tuple[set[tuple[str, str, str]], dict[str, int], set[str]]


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="saved-folders-", dir=tmp))
    subprocess.run(["git", "init", "--quiet"], cwd=work, check=True)
    repo = GitRepository.discover(work)
    saver = FileSaver(repo, lambda _plan, tree, message: _commit(repo, tree, message))

    @reproducible(examples, seed)
    @given(
        st.dictionaries(st.sampled_from(PATHS), st.sampled_from(KINDS), max_size=10),
        st.lists(st.sampled_from(PATHS), min_size=1, max_size=12),
        st.binary(max_size=8),
    )
    def holds(made: dict[str, str], named: list[str], data: bytes) -> None:
        nonlocal ran
        ran += 1
        top = work / "build"
        shutil.rmtree(top, ignore_errors=True)
        top.mkdir()
        for path, kind in sorted(made.items()):
            _make(top, path, kind, data)
        paths = [f"build/{p}" for p in dict.fromkeys(named)]
        alone = [saver.save("p", [path], "one") for path in paths]
        with _listings() as listed:
            together = saver.save("p", paths, "all")
        want = _union([_record(saver, one) for one in alone])
        got = _record(saver, together)
        assert got == want, f"made {made}, named {paths}: saved {got}, alone {want}"
        assert len(together.absent) == len(set(together.absent)), together.absent
        folders = sum(1 for _ in os.walk(top))
        twice = sorted(p for p in set(listed) if listed.count(p) > 1)
        assert not twice and len(listed) <= folders, (
            f"made {made}, named {paths}: {len(listed)} listings of {folders} folders, "
            f"listed more than once: {twice}"
        )

    holds()
    return ran


def deep_listings(tmp: Path, depth: int) -> tuple[int, int]:
    """A save of each folder of one `depth` levels deep, as the undo of the command that
    made them saves them: how many folders it listed, and how many stand."""
    work = Path(tempfile.mkdtemp(prefix="saved-deep-", dir=tmp))
    subprocess.run(["git", "init", "--quiet"], cwd=work, check=True)
    repo = GitRepository.discover(work)
    saver = FileSaver(repo, lambda _plan, tree, message: _commit(repo, tree, message))
    paths = ["/".join(["build", *["a"] * level]) for level in range(depth + 1)]
    at = os.open(work, os.O_PATH)
    try:  # one level at a time: the whole path is longer than the system takes at once
        for name in paths[-1].split("/"):
            os.mkdir(name, dir_fd=at)
            step = os.open(name, os.O_PATH, dir_fd=at)
            os.close(at)
            at = step
        os.close(os.open("last", os.O_CREAT | os.O_WRONLY, 0o644, dir_fd=at))
    finally:
        os.close(at)
    with _listings() as listed:
        saved = saver.save("p", paths, "before a restore")
    assert saved.commit is not None and not saved.absent, saved
    return len(listed), len(paths)


def _make(top: Path, path: str, kind: str, data: bytes) -> None:
    """Make `kind` at `path` where the way is free: a folder on the way that is a file or
    link stays so (the way is blocked), as a command leaves it."""
    full = top / path
    try:
        full.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        return
    if os.path.lexists(full):
        return
    if kind == "folder":
        full.mkdir()
    elif kind in ("file", "exec"):
        full.write_bytes(data)
        full.chmod(0o755 if kind == "exec" else 0o600)
    elif kind == "link":
        full.symlink_to("elsewhere")
    elif kind == "folder link":
        full.symlink_to(top)
    else:
        os.mkfifo(full)


@contextmanager
def _listings() -> Iterator[list[str]]:
    """Each folder `os.scandir` lists while it is open, as it was named."""
    listed: list[str] = []
    real = os.scandir

    def counted(path: Any = ".") -> Any:
        if not isinstance(path, int):  # a folder named, not an open one (`rmtree`'s)
            listed.append(os.fspath(path))
        return real(path)

    with mock.patch.object(folder_walk.os, "scandir", counted):
        yield listed


def _record(saver: FileSaver, saved: SavedFiles) -> Record:
    return set(saver.listing(saved.commit)), dict(saved.modes), set(saved.absent)


def _union(records: list[Record]) -> Record:
    files: set[tuple[str, str, str]] = set()
    modes: dict[str, int] = {}
    absent: set[str] = set()
    for one_files, one_modes, one_absent in records:
        files |= one_files
        modes |= one_modes
        absent |= one_absent
    return files, modes, absent


def _commit(repo: GitRepository, tree: str, message: str) -> str:
    return repo.git_with_input(message.encode(), "commit-tree", tree, env=IDENTITY)
