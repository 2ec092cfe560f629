"""What a command may destroy that no checkpoint holds, and the bound on saving it.

Before a `run` action, ignored files are saved (their bytes into the object database)
within a bound: each file up to `EACH_BYTES`, all of them up to `TOTAL_BYTES` and
`MOST_FILES`. What lies beyond is named before the command runs, since no undo can bring
it back; after the command, only what it changed is recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cleveragents.domain.box_holds import BoxHolds

MIB = 1 << 20
EACH_BYTES = 16 * MIB
TOTAL_BYTES = 64 * MIB
MOST_FILES = 10_000

# (st_mode, size, mtime_ns, ctime_ns, inode): a file seen again with the same is unchanged.
Seen = tuple[int, int, int, int, int]
# How the line naming a place whose put-back after a command failed begins.
NOT_PUT_BACK = "could not put back "


@dataclass(frozen=True)
class IgnoredFile:
    """An ignored file (or link) saved before a command: its bytes are the object `blob`."""

    git_mode: str
    blob: str
    seen: Seen


@dataclass(frozen=True)
class GitEntry:
    """One `.git` of the tree as a command look saw it: its kind, its inode, and the stat
    of the files in it that decide what git runs (a file or a link: itself, as "")."""

    kind: str  # "folder", "file" or "link"
    inode: int
    files: dict[str, Seen]


# A `.claude` of the tree as a command look saw it: the stat of each file and folder in it
# that Claude Code runs or takes permissions from (`rules.claude_runs`), by its path inside
# the `.claude`; the `.claude` itself as "" (a folder, or a link Claude Code would follow).
ClaudeEntry = dict[str, Seen]


@dataclass
class CommandLook:
    """What was seen just before a command: ignored files saved, every checkpointed
    file's and folder's permission bits, and what is beyond the bound (named, never saved)."""

    plan_id: str
    at: int  # time.time_ns() of the look
    ignored: dict[str, IgnoredFile] = field(default_factory=dict)
    modes: dict[str, int] = field(default_factory=dict)
    folders: dict[str, int] = field(default_factory=dict)  # each folder's permission bits
    empty: list[str] = field(default_factory=list)  # those of `folders` that stood empty
    unsaved: list[str] = field(default_factory=list)
    recent: set[str] = field(default_factory=set)  # files changed just before the look
    tree: str | None = None  # the checkpoint whose files' modes were read
    git_entries: dict[str, GitEntry] = field(default_factory=dict)  # every `.git`, by path
    claude_entries: dict[str, ClaudeEntry] = field(default_factory=dict)  # by path
    put_back: list[str] = field(default_factory=list)  # what was done to them after it
    failed: list[str] = field(default_factory=list)  # of those, places not put back
    # The repository's own configs: each setting not known harmless by file (`git_programs.py`).
    own_config: dict[str, dict[str, list[str]]] | None = None
    # Where its git dir tells git to find config and hooks (`own_git_dir.py`).
    own_git: dict[str, str] | None = None
    # What the sandbox held read-only while the command ran (`box_holds.py`), once it ran.
    holds: BoxHolds | None = None
    # The folders its owner could not list its walk opened (inode, mode): set back after.
    unlisted: dict[str, tuple[int, int]] = field(default_factory=dict)


@dataclass
class SessionStart:
    """What Claude Code runs (`.claude` settings, `.mcp.json`, `.git/hooks`), as it stood
    before a session's first call."""

    plan_id: str
    at: int  # time.time_ns() of the look
    entries: dict[str, ClaudeEntry] = field(default_factory=dict)
    own_config: dict[str, dict[str, list[str]]] | None = None
    own_git: dict[str, str] | None = None
    git_entries: dict[str, GitEntry] = field(default_factory=dict)  # every git directory
    tree: str | None = None  # the checkpoint the session started from


def size_text(size: int) -> str:
    """A size as a person reads it: `512 bytes`, `3.5 KiB`, `64 MiB`, `1.2 GiB`."""
    if size < 1024:
        return f"{size} bytes"
    value = float(size)
    for unit in ("KiB", "MiB"):
        value /= 1024
        if value < 1024:
            return f"{value:.1f}".removesuffix(".0") + f" {unit}"
    return f"{value / 1024:.1f}".removesuffix(".0") + " GiB"


def shown_path(path: str) -> str:
    """A file name as a line shows it: control characters (a name may hold any) escaped,
    and a byte that is not UTF-8 (a lone surrogate, as `os.fsdecode` reads it) as `\\xff`."""
    return "".join(_shown_char(c) for c in path)


def _shown_char(c: str) -> str:
    code = ord(c)
    if code < 0x20 or 0x7F <= code < 0xA0:
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}" if 0xD800 <= code <= 0xDFFF else c


def unsaved_note(unsaved: list[str]) -> str:
    """The line said before a command runs when some ignored files are not saved."""
    bound = (
        f"each file up to {size_text(EACH_BYTES)}, {size_text(TOTAL_BYTES)} and "
        f"{MOST_FILES:,} files in all"
    )
    return (
        f"ignored files and nested repositories over the bound ({bound}) are not saved "
        "before this command: "
        f"undo cannot bring back what it changes in {', '.join(unsaved)}"
    )


def is_racy(seen: Seen, at: int) -> bool:
    """Whether a file was written so shortly before `at` that a change in the same clock
    tick would leave its stat as it was: it is taken as changed, never as the same."""
    return seen[2] >= at - 2_000_000_000


def unreadable_note(paths: list[str]) -> str:
    """What a decision's outcome says of nested repositories its checkpoint leaves out
    because git cannot read their refs (a command broke them): undo puts back only what
    was saved of one before the command, and leaves one the command made."""
    named = ", ".join(f"{shown_path(path)}/" for path in paths)
    return (
        f"not checkpointed: {named} (a nested repository whose refs git cannot read: undo "
        "puts back what a command changed in one that stood before it, and leaves one it made)"
    )


def left_standing_note(paths: list[str]) -> str:
    """What an undo says of nested repositories it left as they stand: git cannot read
    their refs, and the tree it went back to holds none of them."""
    named = ", ".join(f"{shown_path(path)}/" for path in paths)
    return (
        f"left as it stands: {named} (a nested repository whose refs git cannot read, which "
        "no checkpoint holds: remove it, or repair its .git/packed-refs, yourself)"
    )


def no_commit_note(paths: list[str]) -> str:
    """What an undo says of nested repositories with no commit it left as they stand: no
    checkpoint holds one (git records a nested repository by its commit), nor its files."""
    named = ", ".join(f"{shown_path(path)}/" for path in paths)
    return (
        f"left as it stands: {named} (a nested repository with no commit, which no checkpoint "
        "holds: if the plan made it, remove it yourself)"
    )


def no_commit_left(paths: list[str]) -> str:
    """What a decision's outcome says of nested repositories with no commit a command left:
    no checkpoint holds one or its files (git records a nested repository by its commit)."""
    named = ", ".join(f"{shown_path(path)}/" for path in paths)
    return (
        f"not checkpointed: {named} (a nested repository with no commit: no checkpoint holds "
        "it or its files; undo leaves it as it stands, naming it)"
    )


def left_out_notes(
    before: Sequence[str], now: Sequence[str], unreadable: Sequence[str]
) -> list[str]:
    """What a command's outcome says of the nested repositories its checkpoint leaves out
    that the one before it did not (`now` against `before`): those whose refs git cannot
    read (`unreadable`), and those with no commit."""
    left = [path for path in now if path not in before]
    broken = [path for path in left if path in unreadable]
    empty = [path for path in left if path not in unreadable]
    return [
        *([unreadable_note(broken)] if broken else []),
        *([no_commit_left(empty)] if empty else []),
    ]
