"""The property of a nested repository whose packed refs a command broke.

Each example builds a real repository holding a nested one with a commit whose refs are
packed (`lib/`, or a name with a space, a newline or an accent; a file of random bytes),
then breaks its `.git/packed-refs` at random: random bytes appended (hex digits, `^`, `#`,
spaces, newlines among them), the file cut at a random place, its bytes replaced, a folder
(small or big) or a link to one in its place; and changes its file. The real
`GitCheckpoints` looks before the change and records it after, as a plan's command; then:
  * the checkpoint after the change is taken (git dies in none of agents' own commands);
  * it leaves the repository out and names it in `unreadable` exactly when git itself
    cannot read its refs (`git rev-parse HEAD` in it dies naming them), and holds its
    gitlink when git reads them;
  * a restore of the checkpoint before the change, with what was recorded (as `agents plan
    undo` does), is taken too, and gives the repository back: its file and its packed refs
    byte for byte, and a HEAD git reads.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import IDENTITY, GitRepository
from cleveragents.domain.checkpoint import Keeping, SavedFiles
from features.support.properties import reproducible

PLAN = "p-packed-refs"
PIECES = (
    st.sampled_from(
        [b"\n", b" ", b"^", b"#", b"# pack-refs with: peeled\n", b"refs/heads/x", b"garbage"]
    )
    | st.binary(max_size=8)
    | st.text(alphabet="0123456789abcdef", min_size=1, max_size=64).map(str.encode)
)
BREAKS = st.one_of(
    st.tuples(st.just("append"), st.lists(PIECES, min_size=1, max_size=6).map(b"".join)),
    st.tuples(st.just("cut"), st.integers(min_value=0, max_value=200)),
    st.tuples(st.just("replace"), st.lists(PIECES, max_size=6).map(b"".join)),
    st.tuples(st.just("folder"), st.sampled_from([False, True])),
    st.tuples(st.just("link"), st.sampled_from([False, True])),
)
# where it stands: git prints the name raw in what it dies with, a newline too
NAMES = st.sampled_from(["lib", "vendor/a b", "a\nb", "caf\u00e9"])
BIG = 2000  # files whose names make a folder over git's 32 KiB: git maps it, and fails


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0

    @reproducible(examples, seed)
    @given(BREAKS, st.binary(max_size=40), NAMES)
    def holds(way: tuple[str, object], data: bytes, name: str) -> None:
        nonlocal ran
        ran += 1
        with tempfile.TemporaryDirectory(dir=tmp) as folder:
            play(Path(folder) / "repo", way, data, name)

    holds()
    return ran


def play(root: Path, way: tuple[str, object], data: bytes, name: str = "lib") -> None:
    lib = root / name
    lib.mkdir(parents=True)
    _git(root, "init", "--quiet")
    _git(lib, "init", "--quiet")
    (lib / "a.txt").write_bytes(data)
    _git(lib, "add", "a.txt")
    _git(lib, "commit", "--quiet", "-m", "lib")
    _git(lib, "pack-refs", "--all")
    packed = lib / ".git" / "packed-refs"
    refs = packed.read_bytes()
    repo = GitRepository.discover(root)
    checkpoints = GitCheckpoints(repo, lambda: datetime.now(UTC))
    saved: list[SavedFiles] = []
    before = checkpoints.create(PLAN, "before the command")
    assert name not in checkpoints.unreadable
    look = checkpoints.before_command(PLAN, before.tree, saved.append)
    (lib / "a.txt").write_bytes(data + b"changed")
    _break(packed, refs, way)
    read = _git_reads_head(lib)
    checkpoints.after_command(look, saved.append)
    after = checkpoints.create(PLAN, "after the command")
    held = name in checkpoints.trees.tree_paths(after.tree)
    if read is None:
        assert name in checkpoints.unreadable and not held, (way, checkpoints.unreadable)
    elif read:
        assert name not in checkpoints.unreadable and held, (way, checkpoints.unreadable)
    checkpoints.restore(before, list(saved), keeping=Keeping(saved.append, lambda entry: None))
    assert (lib / "a.txt").read_bytes() == data, (way, "lib/a.txt not put back")
    assert not packed.is_symlink() and packed.read_bytes() == refs, (way, "refs not put back")
    assert _git_reads_head(lib), (way, "git reads no HEAD in lib after the restore")


def _break(packed: Path, refs: bytes, way: tuple[str, object]) -> None:
    kind, arg = way
    if kind == "append":
        assert isinstance(arg, bytes)
        packed.write_bytes(refs + arg)
    elif kind == "cut":
        assert isinstance(arg, int)
        packed.write_bytes(refs[: min(arg, len(refs))])
    elif kind == "replace":
        assert isinstance(arg, bytes)
        packed.write_bytes(arg)
    else:
        folder = packed.with_name("big") if kind == "link" else packed
        packed.unlink()
        folder.mkdir()
        for number in range(BIG if arg else 0):
            (folder / f"a-file-with-a-rather-long-name-{number}").touch()
        if kind == "link":
            os.symlink("big", packed)


def _git_reads_head(lib: Path) -> bool | None:
    """Whether git resolves lib's HEAD; None when it dies on lib's packed refs."""
    done = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", "HEAD"],
        cwd=lib,
        capture_output=True,
        check=False,
    )
    if done.returncode == 128 and (b"packed-refs" in done.stderr or b"mmap" in done.stderr):
        return None
    return done.returncode == 0


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **IDENTITY}
    return subprocess.run(
        ["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True
    ).stdout
