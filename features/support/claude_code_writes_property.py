"""The property of claude_code_writes.property.feature: every Write, Edit, MultiEdit or
NotebookEdit whose file lands, on the real file system, where Claude Code takes hooks,
permissions, commands, skills or agents, or in a `.git`, is refused by our hook's rule.

Each example writes the file for real (folders made on the way, through the tree's links)
and finds where it landed by its inode in a walk that follows no link: an oracle that
shares nothing with the rule's way of reading the path. What lands where a `.claude` or
`.mcp.json` link of the tree leads is judged by the name it is read through (`LINKED`)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.git.claude_links import ClaudeLinks
from cleveragents.domain.rules import claude_setting, in_git_folder
from cleveragents.domain.tool_effects import PATH_TOOLS, setting_written
from features.support.properties import reproducible

FOLDERS = ["sub", "cfg", "up", "deep", "other", "x", ".", "..", ".claude", ".CLAUDE"]
FOLDERS += [".Claude.", "skills", "Hooks", "commands", "agents", "plain"]
FOLDERS += [".git", ".GIT", ".git.", "g", "hooks", "x.git", "tools", "claude", "tools/claude"]
NAMES = ["settings.json", "settings.local.json", "SKILL.md", "x.md", "Settings.JSON"]
NAMES += ["config", "pre-commit", ".mcp.json", ".gitignore", "mcp.json"]
# The tree's `.claude` and `.mcp.json` links to ordinarily named places: Claude Code reads
# what they lead to as it reads what they are named.
LINKED = {"other/.claude": "tools/claude", ".mcp.json": "tools/mcp.json"}


def tree_with_links(top: Path) -> Path:
    """A tree at `top/a/tree`: the user's `sub/.claude/skills`, its `.git/hooks`, and links
    into them."""
    root = top / "a" / "tree"
    (root / "sub" / ".claude" / "skills").mkdir(parents=True)
    (root / ".git" / "hooks").mkdir(parents=True)
    (root / "g").symlink_to(".git")
    (root / "other").mkdir()
    (root / "cfg").symlink_to("sub/.claude")
    (root / "up").symlink_to("sub")
    (root / "deep").symlink_to("sub/.claude/skills")
    (root / "tools" / "claude").mkdir(parents=True)
    (root / "tools" / "mcp.json").write_text("{}")
    (root / "other" / ".claude").symlink_to("../tools/claude")
    (root / ".mcp.json").symlink_to("tools/mcp.json")
    return root


def as_read(inside: str) -> list[str]:
    """`inside` as Claude Code reaches it through the tree's links (`LINKED`), by name."""
    found = [inside]
    for link, target in LINKED.items():
        if inside == target or inside.startswith(f"{target}/"):
            found.append(link + inside[len(target) :])
    return found


def landed(top: Path, written: Path) -> str | None:
    """Where under `top` the file `written` lives, found by its inode; None if elsewhere."""
    inode = written.stat().st_ino
    for folder, _, files in os.walk(top):
        for name in files:
            place = Path(folder, name)
            if place.lstat().st_ino == inode:
                return place.as_posix()
    return None


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="writes-", dir=work))
    root = tree_with_links(top)
    links = ClaudeLinks(root).now
    ran = 0

    @reproducible(examples, seed)
    @example(folders=["tools", "claude", "hooks"], name="x.md", absolute=False, tool="Write")
    @example(folders=["tools"], name="mcp.json", absolute=True, tool="Edit")
    @given(
        folders=st.lists(st.sampled_from(FOLDERS), max_size=6),
        name=st.sampled_from(NAMES),
        absolute=st.booleans(),
        tool=st.sampled_from(sorted(PATH_TOOLS)),
    )
    def check(folders: list[str], name: str, absolute: bool, tool: str) -> None:
        nonlocal ran
        path = "/".join([*folders, name])
        if absolute:
            path = f"{root}/{path}"
        full = Path(root, path)
        try:
            full.parent.mkdir(parents=True, exist_ok=True)
            full.write_text("planted")
        except OSError:
            return  # a folder through a file, or a name taken: nothing written
        place = landed(top, full)
        Path(place or full).unlink()  # the file, never the `.mcp.json` link written through
        if place is None:
            return  # climbed out of the folder walked
        inside = os.path.relpath(place, root)
        judged = place if inside.startswith("..") else inside
        ran += 1
        key = "notebook_path" if tool == "NotebookEdit" else "file_path"
        if any(claude_setting(p) for p in as_read(judged)) or in_git_folder(judged):
            said = setting_written(tool, {key: path}, str(root), os.path.realpath, links)
            assert said is not None, f"{tool} {path} lands at {judged}, and was let through"

    check()
    return ran
