"""The property behind "a pulled plan's restore plants nothing", on random pairs of clones.

Each example: clone A holds a random set of untracked files (Claude Code's settings at any
depth and case, `.mcp.json`, where its committed `.claude` and `.mcp.json` links lead, plain
files, files clone B ignores), runs a one-step plan and
pushes it; clone B ignores some of those paths in its own exclude file, holds its own random
files at some of the same paths, pulls the plan and corrects it to its step, whole tree,
with the real `agents` command. Then, in B:

- every Claude Code setting and every file B ignores is byte for byte as B had it (or still
  absent), and the outcome names each such path A's checkpoint would have changed;
- every untracked file of B's that A's checkpoint does not hold is as B had it;
- every other file of A's checkpoint is there with A's bytes (the restore still restores),
  unless the outcome names it as kept;
- every path the outcome names as kept is as B had it (its bytes, its link, or its absence),
  with swaps between the two: A's checkpoint may hold a link or a file where B's files have
  their folder, and B a file where A's files have theirs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.domain.rules import claude_reads, claude_setting
from features.support import agents_process
from features.support.properties import reproducible

AGENTS = Path(sys.executable).with_name("agents")
CLAUDE = [
    ".claude/settings.json",
    ".claude/settings.local.json",
    ".claude/hooks/start.sh",
    ".claude/commands/go.md",
    ".claude/skills/s/SKILL.md",
    ".claude/agents/a.md",
    "sub/.claude/settings.json",
    "sub/deep/.CLAUDE/Settings.JSON",
    ".mcp.json",
    "sub/.MCP.json",
]
PLAIN = [
    ".claude/notes.txt",
    "plain.txt",
    "sub/plain.txt",
    "local.cfg",
    "sub/local.cfg",
    "notes/mine.txt",
]
# Folders of the pool's paths where either clone may hold a link or a file instead.
SWAPPABLE = ["sub", ".claude", "notes"]
# Committed links to ordinarily named places: Claude Code reads what they lead to as it
# reads what they are named, so a path there is held as the named one would be.
LINKED = {"lnk/.claude": "cfg", "lnk/.mcp.json": "servers.json"}
THROUGH = ["cfg/settings.json", "cfg/hooks/x.sh", "cfg/notes.txt", "servers.json"]
IGNORED_HERE = ["local.cfg", "sub/local.cfg"]  # what B's exclude file may name
POOL = CLAUDE + PLAIN + THROUGH
PLAN = """task: notes
steps:
  - name: s1
    options:
      - actions:
          - write: notes.md
            content: "notes\\n"
"""

examples = st.tuples(
    st.sets(st.sampled_from(POOL), max_size=8),  # A's untracked files
    st.sets(st.sampled_from(POOL), max_size=6),  # B's own
    st.sets(st.sampled_from(IGNORED_HERE)),  # what B ignores
    st.dictionaries(st.sampled_from(SWAPPABLE), st.sampled_from(["/etc", "file"])),  # A's
    st.sets(st.sampled_from(SWAPPABLE)),  # where B holds a file instead of a folder
)
Example = tuple[set[str], set[str], set[str], dict[str, str], set[str]]
# Attack report 6, finding 5: A's checkpoint holds the link `notes -> /etc` and the file
# `sub` where B's untracked files have their folders. Tried first, on every run.
SWAPPED: Example = (
    set(),
    {"notes/mine.txt", "sub/plain.txt"},
    set(),
    {"notes": "/etc", "sub": "file"},
    set(),
)


def check_property(count: int, seed: int, tmp: Path) -> int:
    """Run the property on up to `count` examples; how many ran."""
    ran = 0

    @reproducible(count, seed)
    @given(examples)
    @example(SWAPPED)
    def holds(example: Example) -> None:
        nonlocal ran
        ran += 1
        with tempfile.TemporaryDirectory(dir=tmp) as work:
            play(*example, Path(work))

    holds()
    return ran


def _git(where: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", *args],
        cwd=where,
        capture_output=True,
        text=True,
        env=agents_process.environment(),
        check=True,
    )
    return done.stdout


def _agents(where: Path, *args: str) -> str:
    done = agents_process.run(AGENTS, where, *args)
    assert done.returncode == 0, f"agents {' '.join(args)}: {done.returncode} {done.stderr}"
    return done.stdout


def as_read(path: str) -> list[str]:
    """`path` as Claude Code reaches it through the tree's links (`LINKED`), by name."""
    found = [path]
    for link, target in LINKED.items():
        if path == target or path.startswith(f"{target}/"):
            found.append(link + path[len(target) :])
    return found


def _state(root: Path, path: str) -> tuple[str, str] | None:
    """What stands at `path`, nothing followed: a file's text, a link's target, a folder."""
    parts = path.split("/")
    for depth in range(1, len(parts)):
        where = root.joinpath(*parts[:depth])
        if where.is_symlink() or not where.is_dir():
            return None
    where = root / path
    if where.is_symlink():
        return ("link", os.readlink(where))
    if where.is_dir():
        return ("folder", "")
    return ("file", where.read_text()) if where.exists() else None


def _swap(root: Path, files: set[str], swapped: dict[str, str], text: str) -> set[str]:
    """Write `files` under `root` but those under a `swapped` folder, which is a link (to
    its value) or a file instead; the files written."""
    kept = {p for p in files if not any(p.startswith(f"{s}/") for s in swapped)}
    for path in kept:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(f"{text} {path}\n")
    for folder, kind in swapped.items():
        if kind == "file":
            (root / folder).write_text(f"{text} {folder}\n")
        else:
            os.symlink(kind, root / folder)
    return kept


def play(
    theirs: set[str],
    mine: set[str],
    ignored: set[str],
    their_swaps: dict[str, str],
    my_swaps: set[str],
    work: Path,
) -> None:
    """One example, end to end against the real CLI; an AssertionError names what broke."""
    remote, a, b = work / "remote.git", work / "a", work / "b"
    _git(work, "init", "-q", "--bare", "--initial-branch=main", str(remote))
    _git(work, "init", "-q", "--initial-branch=main", str(a))
    (a / "README.md").write_text("# demo\n")
    (a / "cfg").mkdir()
    (a / "cfg" / "README").write_text("cfg\n")
    (a / "lnk").mkdir()
    for link, target in LINKED.items():
        (a / link).symlink_to(f"../{target}")
    _git(a, "add", "README.md", "cfg", "lnk")
    _git(a, "commit", "-q", "--no-gpg-sign", "-m", "initial")
    _git(a, "remote", "add", "origin", str(remote))
    _git(a, "push", "-q", "origin", "main")
    theirs = _swap(a, theirs, their_swaps, "theirs")
    (work / "plan.yaml").write_text(PLAN)
    _agents(a, "plan", "run", "--script", str(work / "plan.yaml"))
    _agents(a, "plan", "push", "origin")
    _git(work, "clone", "-q", str(remote), str(b))
    (b / ".git" / "info" / "exclude").write_text("".join(f"/{p}\n" for p in ignored))
    mine = _swap(b, mine, dict.fromkeys(my_swaps, "file"), "mine")
    _agents(b, "plan", "pull", "origin")
    before = {p: _state(b, p) for p in [*POOL, *SWAPPABLE]}
    correct = ("plan", "correct", "--mode=revert", "--decision", "2", "--guidance", "x")
    said = _agents(b, *correct, "--no-execute")
    kept = [line[6:].split(" (", 1)[0] for line in said.splitlines() if line.startswith("kept: ")]
    for path in kept:
        assert path in before, f"kept {path}, which no example holds"
        assert _state(b, path) == before[path], f"kept {path} changed"
    for path in POOL:
        held = any(claude_setting(p) for p in as_read(path))
        held = held or claude_reads(path.split("/")[-1]) or path in ignored
        state = _state(b, path)
        now = state[1] if state is not None and state[0] == "file" else None
        was = f"mine {path}\n" if path in mine else None
        if held or (path in mine and path not in theirs):
            assert now == was, f"{path}: {was!r} became {now!r}"
        elif path in theirs and f"kept: {path} (" not in said:
            assert now == f"theirs {path}\n", f"{path} was not restored: {now!r}"
        if held and path in theirs:
            assert f"kept: {path} (" in said, f"{path} is not named as kept:\n{said}"
