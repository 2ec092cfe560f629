"""The property of saving a nested repository whole: a restore moves a nested repository
made since its checkpoint into the safety record (`.git` and all, though git refuses a path
through `.git` in a tree), and undo puts it back.

Each example: a real nested repository (`git init`) in a real working tree, with random
files (names like `.git`, `.GIT~cleveragents`, `git~cleveragents` among them, deep folders,
modes 0600/0644/0755, symlinks, any bytes), saved by `FileSaver.save`, removed, and put back
by `FileSaver.put_back`: every file and link under the folder is what it was, byte for byte
with its mode, and git still finds a repository there.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.repository import IDENTITY, GitRepository
from cleveragents.adapters.git.saved_files import FileSaver, remove
from features.support.properties import reproducible

NAMES = st.sampled_from(
    [".git", ".GIT", ".git~cleveragents", ".Git~cleveragents~cleveragents", "git~cleveragents"]
) | st.text(alphabet="ab.~-", min_size=1, max_size=6).filter(lambda n: n not in (".", ".."))
FILES = st.dictionaries(
    st.lists(NAMES, min_size=1, max_size=3).map(tuple),
    st.tuples(st.binary(max_size=40), st.sampled_from([0o600, 0o644, 0o755, 0])),
    max_size=8,
)
Snapshot = dict[str, tuple[bytes, int]]


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="nested-", dir=tmp))
    _git(work, "init", "--quiet")
    repo = GitRepository.discover(work)
    saver = FileSaver(repo, lambda _plan, tree, message: _commit(repo, tree, message))

    @reproducible(examples, seed)
    @given(FILES, st.sampled_from(["no commit", "a commit", "packed"]))
    def holds(files: dict[tuple[str, ...], tuple[bytes, int]], history: str) -> None:
        nonlocal ran
        ran += 1
        vendor = work / "vendor"
        shutil.rmtree(vendor, ignore_errors=True)
        vendor.mkdir()
        _git(vendor, "init", "--quiet")
        for parts, (data, mode) in files.items():
            _write(vendor, parts, data, mode)
        if history != "no commit":
            _git(
                vendor,
                "-c",
                "user.name=m",
                "-c",
                "user.email=m@m",
                "commit",
                "-q",
                "--allow-empty",
                "-m",
                "m",
            )
        if history == "packed":  # no loose object, no loose ref: empty folders only
            _git(vendor, "gc", "--quiet", "--prune=now")
        before = _snapshot(vendor)
        saved = saver.save("p1", ["vendor"], "a property", ["vendor"])
        remove(vendor)
        saver.put_back(saved)
        assert _snapshot(vendor) == before, (_snapshot(vendor), before)
        top = _git(vendor, "rev-parse", "--show-toplevel").strip()
        assert Path(top) == vendor.resolve(), top

    holds()
    return ran


def _write(root: Path, parts: tuple[str, ...], data: bytes, mode: int) -> None:
    """A file (or, mode 0, a link) at `parts`, unless something stands in its way."""
    full = root.joinpath(*parts)
    if any(not p.is_dir() and os.path.lexists(p) for p in full.parents if root in p.parents):
        return
    if os.path.lexists(full):
        return
    full.parent.mkdir(parents=True, exist_ok=True)
    if mode == 0:
        os.symlink(data.hex() or "x", full)
    else:
        full.write_bytes(data)
        os.chmod(full, mode)


def _snapshot(root: Path) -> Snapshot:
    found: Snapshot = {}
    for top, folders, files in os.walk(root):
        for name in [*files, *(f for f in folders if Path(top, f).is_symlink())]:
            full = Path(top, name)
            st_ = full.lstat()
            data = os.readlink(full).encode() if full.is_symlink() else full.read_bytes()
            found[str(full.relative_to(root))] = (data, stat.S_IMODE(st_.st_mode))
    return found


def _commit(repo: GitRepository, tree: str, message: str) -> str:
    return repo.git_with_input(message.encode(), "commit-tree", tree, env=IDENTITY)


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, capture_output=True, text=True, check=True
    ).stdout
