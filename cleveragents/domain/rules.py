"""Decision rules as pure functions: no I/O."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import PurePosixPath

from cleveragents.errors import PathRefused

MAX_NAME_BYTES = 255  # one file or folder name, on every common file system
# The longest path (bytes, relative to the working tree) git opens: PATH_MAX (4096) less
# its NUL. git skips a longer one with a warning, so no checkpoint holds it.
LONGEST_PATH = 4095


def git_refuses_name(name: str, link: bool = False) -> bool:
    """Whether git refuses a file or folder `name` in a tree (and so in every checkpoint):
    `.git` in another case, or with trailing dots or spaces or an NTFS stream (`.git.`,
    `.GIT::$DATA`), or its NTFS short name `git~1`; for a symbolic link (`link`), also
    `.gitmodules` in any such form, or its short name `gitmod~N`. A nested repository's
    own `.git` is not one: git records that folder as a gitlink, never its files."""
    lower = name.lower()
    if name == ".git":
        return False
    if link and lower.startswith("gitmod~"):
        return True
    for stem in (".git", "git~1", *([".gitmodules"] if link else [])):
        if lower.startswith(stem):
            rest = lower[len(stem) :].partition(":")[0]
            if not rest.strip(" ."):
                return True
    return False


# Code points HFS+ (macOS) leaves out of a name, as git does for `.git` (`is_hfs_dotgit`).
HFS_IGNORED = frozenset(
    [*range(0x200C, 0x2010), *range(0x202A, 0x202F), *range(0x206A, 0x2070), 0xFEFF]
)
# What in a `.claude` folder Claude Code runs or takes permissions from: the settings
# (hooks, permissions, statusLine, apiKeyHelper, plugins, MCP servers), the scripts hooks
# name by convention, and slash commands, skills and subagents (their `!` lines run shell
# commands, their front matter grants tools and declares hooks); and what Claude Code 2.1's
# own sandbox keeps from its Bash for the same reason: the prompts it later gives as the
# user's own turns (`scheduled_tasks.json`, `/loop`'s `loop.md`), saved workflow scripts and
# routines it runs by name, the preview's launch commands (`launch.json`) and the output
# styles that replace its instructions. CLAUDE.md and rules only instruct the model.
CLAUDE_RUNS = (
    "settings.json", "settings.local.json", "hooks", "commands", "skills", "agents",
    "scheduled_tasks.json",  # durable scheduled prompts, given as the user's own turns
    "loop.md", "workflows", "routines", "launch.json", "output-styles",
)  # fmt: skip


def name_as_opened(name: str) -> str:
    """A file name as the file systems a tree lives on may open it: in any case (macOS,
    Windows), without the code points HFS+ ignores, without trailing dots and spaces (NTFS)."""
    kept = "".join(c for c in name if ord(c) not in HFS_IGNORED)
    return unicodedata.normalize("NFC", kept).casefold().rstrip(" .") or kept


def claude_folder(name: str) -> bool:
    """Whether a folder `name` is (or, on some disk, opens as) Claude Code's `.claude`."""
    if name.isascii():  # most names: the walk of a large tree asks for each
        return name.lower().rstrip(" .") == ".claude"
    return name_as_opened(name) == ".claude"


def mcp_file(name: str) -> bool:
    """Whether a file `name` is (or, on some disk, opens as) the `.mcp.json` whose stdio
    servers Claude Code starts on the host (approval goes by server name, not command)."""
    if name.isascii():
        return name.lower().rstrip(" .") == ".mcp.json"
    return name_as_opened(name) == ".mcp.json"


def claude_reads(name: str) -> bool:
    """Whether `name` is a `.claude` folder or a `.mcp.json`: what Claude Code, outside
    the sandbox, runs commands from (`git/claude_dirs.py` puts both back)."""
    return claude_folder(name) or mcp_file(name)


def claude_runs(path: str) -> bool:
    """Whether `path`, inside a `.claude` folder, is one Claude Code runs or takes
    permissions from (`CLAUDE_RUNS`, or what lies under one of its folders)."""
    return name_as_opened(path.partition("/")[0]) in CLAUDE_RUNS


def claude_setting(path: str, links: Mapping[str, str] | None = None) -> bool:
    """Whether `path` (relative to the tree) is one Claude Code runs or takes permissions
    from: inside a `.claude` folder, at one of `CLAUDE_RUNS`; or a `.mcp.json`; or reached
    as one through `links` (each in-tree `.claude` or `.mcp.json` link, by path, and the
    place in the tree it leads to: Claude Code follows it, whatever that place is named)."""
    parts = path.split("/")
    if mcp_file(parts[-1]):
        return True
    if any(
        claude_folder(part) and claude_runs("/".join(parts[i + 1 :]))
        for i, part in enumerate(parts[:-1])
    ):
        return True
    return any(linked_setting(path, link, target) for link, target in (links or {}).items())


def linked_setting(path: str, link: str, target: str) -> bool:
    """Whether `path` is what Claude Code reads through the `.claude` or `.mcp.json` link
    `link` (or the link inside a `.claude` standing for one of `CLAUDE_RUNS`, such as
    `.claude/skills -> ../docs/skills`), which leads to `target` in the tree."""
    name = link.rpartition("/")[2]
    if mcp_file(name):
        return path == target
    if not claude_folder(name):  # all it leads to is read as what it stands for
        return not target or path == target or path.startswith(f"{target}/")
    if target and not path.startswith(f"{target}/"):
        return False
    return claude_runs(path[len(target) + 1 :] if target else path)  # "": the tree's top


def git_folder(name: str) -> bool:
    """Whether `name` is (or, on some disk, opens as) a `.git`: git runs the hooks it holds
    and the commands its config names (`core.fsmonitor`, filters, aliases)."""
    return name == ".git" or git_refuses_name(name) or name_as_opened(name) == ".git"


def in_git_folder(path: str) -> bool:
    """Whether `path` is a `.git` or lies in one, at any depth (a nested repository's too)."""
    return any(git_folder(part) for part in path.split("/"))


def confined_path(path: str) -> str:
    """Normalise an action's path relative to the working tree, or refuse it.

    Refuses absolute paths, `..`, anything under `.git`, and names no file system takes.
    Symlinks leaving the tree need the filesystem and are checked by the workspace adapter.
    """
    if not path or not path.strip():
        raise PathRefused("empty path in action", hint="name a file inside the working tree")
    if "\\" in path or "\x00" in path:
        raise PathRefused(f"path {path!r} has a backslash or NUL", hint="use / between folders")
    pure = PurePosixPath(path)
    if pure.is_absolute():
        raise PathRefused(f"path {path!r} is absolute", hint="give it relative to the working tree")
    parts = [part for part in pure.parts if part != "."]
    if ".." in parts:
        raise PathRefused(f"path {path!r} leaves the working tree", hint="remove the '..'")
    if any(part.lower() == ".git" for part in parts):
        raise PathRefused(f"path {path!r} is inside .git", hint="actions may not touch .git")
    if any(git_refuses_name(part) for part in parts):
        raise PathRefused(
            f"path {path!r} has a name git takes for .git (no checkpoint can hold it)",
            hint="choose another name",
        )
    if not parts:
        raise PathRefused(f"path {path!r} names the working tree itself", hint="name a file")
    if any(len(part.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES for part in parts):
        shown = path if len(path) <= 60 else path[:57] + "..."
        raise PathRefused(
            f"path {shown!r} has a name over {MAX_NAME_BYTES} bytes, longer than file systems allow"
        )
    return "/".join(parts)


SUBTASK_SIZE = 5


def subtasks(phases: Sequence[str | None], done: int) -> list[str | None]:
    """The sub-task of each step of a segment: its phase; without phases, when there are
    more than five steps, parts of five (seed 004: hierarchical plans)."""
    if any(phases):
        return list(phases)
    if len(phases) <= SUBTASK_SIZE:
        return [None] * len(phases)
    names: list[str | None] = []
    for i in range(len(phases)):
        first = done + (i // SUBTASK_SIZE) * SUBTASK_SIZE + 1
        last = min(first + SUBTASK_SIZE - 1, done + len(phases))
        names.append(f"part {i // SUBTASK_SIZE + 1} (steps {first}-{last})")
    return names


RECENT_ACTIONS = 10


def roll(recent: Sequence[str], earlier: int, new: str) -> tuple[list[str], int]:
    """The actor's rolling context (seed 004): the last ten actions in full, and how many
    came before them, so the context grows no further however long the plan runs."""
    kept = [*recent, new]
    overflow = max(0, len(kept) - RECENT_ACTIONS)
    return kept[overflow:], earlier + overflow


_THEN = re.compile(r",? and then |,? then |; ")
_AND = re.compile(
    r",? and (?=(?:write|add|create|run|edit|delete|remove|update|fix|test|install|"
    r"build|commit|rename|move)\b)"
)


def split_compound(name: str) -> list[str]:
    """The atomic steps of a compound one ("write X and run Y" -> "write X", "run Y")."""
    parts: list[str] = []
    for piece in (p.strip() for p in _THEN.split(name)):
        halves = [h.strip() for h in _AND.split(piece)]
        # "read and write the config" is one action with two verbs, not two steps.
        parts += halves if all(len(h.split()) > 1 for h in halves) else [piece]
    return [p for p in parts if p] or [name]
