"""The property of `adapters/git/stood_before.py`: a command that makes a git setting name
files of the tree (a textconv, a filter, `core.fsmonitor`, `core.hooksPath`) removes from
the tree only what it made or changed there; what the user had stays byte for byte.

Each example: a real repository with committed files in `tools/` (random names, bytes,
executable or not). A "command" (between the real `before_command` and `after_command`,
not sandboxed, as with `--no-sandbox` or Claude Code's Bash) sets one setting naming a
file of `tools/` (or the whole folder as its hooks) and appends to, rewrites with the same
bytes or chmods some files there. Then:
  * a file the setting names (watched) that the command made, or changed in bytes or
    executable bit, is gone, and its bytes are in the commit the outcome names;
  * another file the command made or changed is as it left it, or gone with its bytes in
    that commit: what the named file runs decides (its random bytes may be a binary or a
    glob such as `?`, which agents reads as its folder whole, `domain/tree_scripts.py`);
  * the user's committed files the command did not change are there, byte for byte and
    mode;
  * the setting is put back.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.claude_dirs_property import _git_show, around, kept_commit
from features.support.git_dirs_property import _git
from features.support.properties import reproducible

NAMES = ["conv", "clean", "a.sh", "new"]  # `new` is never committed
KEYS = ["diff.x.textconv", "filter.x.clean", "core.fsmonitor", "core.hooksPath"]
OPS = ["write", "same", "chmod"]
FILES = st.dictionaries(
    st.sampled_from(NAMES[:3]), st.tuples(st.binary(max_size=12), st.booleans()), min_size=1
)
EXAMPLE = st.tuples(
    FILES,
    st.sampled_from(KEYS),
    st.sampled_from(NAMES),
    st.lists(st.tuples(st.sampled_from(OPS), st.sampled_from(NAMES)), max_size=3),
)
Shot = dict[str, tuple[bytes, bool]]  # name in `tools/`: (bytes, executable)
Example = tuple[dict[str, tuple[bytes, bool]], str, str, list[tuple[str, str]]]


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="new-setting-", dir=tmp))

    @reproducible(examples, seed)
    @given(EXAMPLE)
    def holds(example: Example) -> None:
        nonlocal ran
        ran += 1
        files, key, named, ops = example
        root = _repository(work / f"repo{ran}", files)
        value = "tools" if key == "core.hooksPath" else f"./tools/{named}"
        middle: Shot = {}

        def command() -> None:
            _git(root, "config", key, value)
            for op, name in ops:
                _operate(root / "tools" / name, op)
            middle.update(_shot(root))

        seen = around(root, command)
        why = (example, seen.said)
        for name, state in middle.items():
            path = f"tools/{name}"
            changed = files.get(name) != state
            watched = key == "core.hooksPath" or name == named
            if changed and (watched or not (root / path).exists()):
                assert not (root / path).exists(), (path, *why)
                commit = kept_commit(seen.said)
                assert commit is not None and _git_show(root, commit, path) == state[0], why
            else:
                assert _state(root / path) == state, (path, *why)
        assert any(f"put back git config {key.lower()}" in said for said in seen.said), why
        shutil.rmtree(root)

    holds()
    return ran


def _repository(root: Path, files: dict[str, tuple[bytes, bool]]) -> Path:
    (root / "tools").mkdir(parents=True)
    _git(root, "init", "--quiet", "--initial-branch=main")
    for name, (data, executable) in files.items():
        (root / "tools" / name).write_bytes(data)
        (root / "tools" / name).chmod(0o755 if executable else 0o644)
    _git(root, "add", "-A")
    _git(root, "commit", "--quiet", "-m", "tools")
    return root


def _operate(path: Path, op: str) -> None:
    """What a command does to `path` (made empty when missing): appends to it, writes its
    own bytes again as a new file, or flips its executable bits."""
    data = path.read_bytes() if path.exists() else b""
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    if op == "write":
        path.write_bytes(data + b"touch canary\n")
    elif op == "same":
        path.with_suffix(".tmp").write_bytes(data)
        path.with_suffix(".tmp").chmod(mode)
        path.with_suffix(".tmp").replace(path)
    else:
        path.write_bytes(data)
        path.chmod(mode ^ 0o111)


def _shot(root: Path) -> Shot:
    return {p.name: _state(p) for p in (root / "tools").iterdir()}


def _state(path: Path) -> tuple[bytes, bool]:
    return path.read_bytes(), bool(path.stat().st_mode & 0o100)
