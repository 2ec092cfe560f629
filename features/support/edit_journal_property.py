"""The property of safety.edit_journal.property.feature.

A file of random bytes (line ends `\\n` and `\\r\\n`, UTF-8 and bytes that are not, NUL)
is edited by a plan file's `edit:` (a random `find`, often a piece of the file, and a
random `replace`) through the real `WorkspaceEnvironment`. Before it, the correction's
journal entry is made from the file as `CheckpointStore.file_bytes` reads it
(`correction_journal.about_to_write`). Holds: when the edit wrote, the entry names the
file's git blob after it (as `git hash-object` gives it), so a correction killed there
puts the file back; when it did not, the entry is bare and the file is as it was."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

PIECES = [b"a", b"b", b"\n", b"\r\n", b"\r", "\u00e9".encode(), b"\xff", b"\x00", b" "]
CONTENT = st.lists(st.sampled_from(PIECES), max_size=12).map(b"".join)
TEXT = st.text(st.sampled_from(["a", "b", "\n", "\r", "\u00e9", " ", "\u2603"]), max_size=5)


def check_property(examples: int, seed: int, work: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(CONTENT, st.data(), TEXT)
    def holds(content: bytes, data: st.DataObject, replace: str) -> None:
        nonlocal ran
        ran += 1
        text = content.decode("utf-8", errors="surrogateescape")
        start = data.draw(st.integers(0, len(text)))
        piece = text[start : data.draw(st.integers(start, len(text)))]
        # A piece of the file (as the plan's YAML can hold it: no lone surrogate), or any.
        pieces = [piece] if "\udcff" not in piece else []
        find = data.draw(st.sampled_from(pieces) | TEXT if pieces else TEXT)
        _example(Path(tempfile.mkdtemp(prefix="edit-journal-", dir=work)), content, find, replace)

    holds()
    return ran


def _example(root: Path, content: bytes, find: str, replace: str) -> None:
    from cleveragents.adapters.git.tree_files import regular_bytes
    from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
    from cleveragents.domain.action import EditAction
    from cleveragents.domain.correction_journal import ACTION, about_to_write, written

    subprocess.run(["git", "init", "--quiet", str(root)], check=True)
    (root / "f.txt").write_bytes(content)
    action = EditAction(path="f.txt", find=find, replace=replace)
    entry = about_to_write("f.txt", action, regular_bytes(root, "f.txt"))
    outcome = WorkspaceEnvironment(root, root / ".git").apply(action)
    after = (root / "f.txt").read_bytes()
    if not outcome.ok:
        assert entry == ACTION, f"{outcome.summary}, yet the journal named {entry}"
        assert after == content, "a failed edit changed the file"
        return
    named = written(entry)
    assert named is not None and named[0] == "f.txt", f"the edit wrote; the journal: {entry!r}"
    blob = subprocess.run(
        ["git", "hash-object", "--no-filters", "f.txt"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert blob in named[1], f"the edit left {after!r}, blob {blob}; the journal named {named[1]}"
