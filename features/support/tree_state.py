"""Exact pictures of a working tree and of the user's git state, to compare before and after.

A picture holds every path under the working tree except `.git`: files with their bytes and
permission bits, symlinks with their target. Directories are implied by the paths below them;
an empty directory is left out, because no git mechanism can capture one (DESIGN.md).
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path
from typing import NamedTuple


class Entry(NamedTuple):
    """One path of a working tree: a file (bytes and mode) or a symlink (its target)."""

    kind: str  # "file" or "link"
    data: bytes  # the file's bytes, or the link's target as bytes
    mode: int  # permission bits of a file; 0 for a link

    def describe(self) -> str:
        if self.kind == "link":
            return f"symlink -> {self.data.decode(errors='backslashreplace')}"
        digest = hashlib.sha1(self.data).hexdigest()[:10]
        preview = self.data[:24]
        more = "..." if len(self.data) > 24 else ""
        return f"file {oct(self.mode)} {len(self.data)} bytes {digest} {preview!r}{more}"


Picture = dict[str, Entry]


def picture(root: Path) -> Picture:
    """Every file and symlink under `root` (not `.git` at its top), keyed by relative path."""
    found: Picture = {}
    for folder, dirs, files in os.walk(root):
        here = Path(folder)
        if here == root:
            dirs[:] = [d for d in dirs if d != ".git"]
        for name in [*dirs, *files]:
            path = here / name
            info = path.lstat()
            relative = path.relative_to(root).as_posix()
            if stat.S_ISLNK(info.st_mode):
                found[relative] = Entry("link", os.fsencode(os.readlink(path)), 0)
            elif stat.S_ISREG(info.st_mode):
                found[relative] = Entry("file", path.read_bytes(), stat.S_IMODE(info.st_mode))
    return found


def differences(expected: Picture, got: Picture, limit: int = 12) -> list[str]:
    """One line per path that differs, expected first: empty when the pictures are equal."""
    lines = []
    for path in sorted(expected.keys() | got.keys()):
        want, have = expected.get(path), got.get(path)
        if want == have:
            continue
        lines.append(
            f"  {path}: expected {want.describe() if want else 'absent'}, "
            f"found {have.describe() if have else 'absent'}"
        )
    if len(lines) > limit:
        lines = [*lines[:limit], f"  ... and {len(lines) - limit} more paths"]
    return lines


def lost_bytes(expected: Picture, got: Picture) -> int:
    """How many bytes of `expected` the tree `got` no longer holds (at least 1 per wrong path)."""
    return sum(
        max(1, len(entry.data)) for path, entry in expected.items() if got.get(path) != entry
    )


def git_state(git_dir: Path) -> dict[str, bytes]:
    """The user's own git state, byte for byte: the index, HEAD and every branch."""
    state = {}
    for name in ("index", "HEAD"):
        path = git_dir / name
        state[name] = path.read_bytes() if path.exists() else b""
    heads = git_dir / "refs" / "heads"
    for path in sorted(heads.rglob("*")):
        if path.is_file():
            state[path.relative_to(git_dir).as_posix()] = path.read_bytes()
    packed = git_dir / "packed-refs"
    if packed.exists():
        lines = [line for line in packed.read_bytes().splitlines() if b" refs/heads/" in line]
        state["packed-refs (branches)"] = b"\n".join(lines)
    return state


def assert_same(what: str, expected: Picture, got: Picture, than: str = "expected") -> None:
    """Fail with the first differences when `got` is not `expected` (`what`: which moment)."""
    lines = differences(expected, got)
    assert not lines, f"{what}: not as {than}.\n" + "\n".join(lines)
