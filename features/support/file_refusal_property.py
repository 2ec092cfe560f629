"""Property: whichever paths of the tree are immutable (`chattr +i`: EPERM even for root),
a correction never crashes (exit 70): it is done (0) or refused (3) in one line naming a
path; the views read meanwhile; and once the paths are writable again, the next command
settles it, nothing left running, and the tree is as before the correction.

Each example: a real repository, the real `agents` (a plan run, a revert-mode correction of
a random step, the views), the real `chattr`; the attribute is cleared after each."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support import agents_process
from features.support.properties import reproducible

AGENTS = Path(sys.executable).with_name("agents")
PLAN = """task: t
steps:
  - name: one
    options:
      - actions:
          - write: a.txt
            content: "agent a1\\n"
  - name: two
    options:
      - actions:
          - run: sh -c 'echo cmd > b.txt; mkdir -p d; echo x > d/x'
  - name: three
    options:
      - actions:
          - edit: a.txt
            find: a1
            replace: a3
"""
PATHS = ("a.txt", "b.txt", "d/x", "u.txt", "base.txt")  # the agent's, the user's
STEPS = (2, 4, 6)  # the plan's step decisions


def check_property(examples: int, seed: int, tmp: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(st.sets(st.sampled_from(PATHS), min_size=1), st.sampled_from(STEPS))
    def holds(immutable: set[str], step: int) -> None:
        nonlocal ran
        ran += 1
        with tempfile.TemporaryDirectory(dir=tmp) as work:
            repo = Path(work) / "r"
            try:
                _check(repo, Path(work) / "plan.yaml", sorted(immutable), step)
            finally:
                _chattr("-i", repo, PATHS)

    holds()
    return ran


def _check(repo: Path, plan: Path, immutable: list[str], step: int) -> None:
    repo.mkdir()
    _git(repo, "init", "--quiet")
    (repo / "base.txt").write_text("base\n")
    _git(repo, "add", ".")
    _git(repo, "commit", "--quiet", "-m", "initial")
    plan.write_text(PLAN)
    assert _agents(repo, "plan", "run", "--script", str(plan), "--quiet").returncode == 0
    (repo / "u.txt").write_text("user-new\n")
    _chattr("+i", repo, immutable)
    before = _tree(repo)
    corrected = _agents(
        repo, "plan", "correct", "--mode=revert", "--decision", str(step),
        "--guidance", "again", "--yes", "--no-execute",
    )  # fmt: skip
    assert corrected.returncode in (0, 3), (corrected.returncode, corrected.stderr)
    if corrected.returncode == 3:
        lines = corrected.stderr.strip().splitlines()
        assert len(lines) == 1 and "cannot change" in lines[0], corrected.stderr
        assert any(f"/{path}:" in lines[0] for path in immutable), lines[0]
    for view in (("plan", "ops"), ("plan", "show"), ("plan", "list"), ("plan", "tree")):
        done = _agents(repo, *view)
        assert done.returncode == 0, (view, done.returncode, done.stderr)
    _chattr("-i", repo, immutable)
    settled = _agents(repo, "plan", "ops")
    assert settled.returncode == 0, settled.stderr
    assert " running " not in settled.stdout, settled.stdout
    assert (repo / "u.txt").read_text() == "user-new\n"
    if corrected.returncode == 3:
        assert _tree(repo) == before, (before, _tree(repo))


def _agents(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return agents_process.run(AGENTS, repo, *args)


def _git(repo: Path, *args: str) -> None:
    env = {**agents_process.environment(), "GIT_CONFIG_GLOBAL": "/dev/null"}
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


def _chattr(flag: str, repo: Path, paths: list[str] | tuple[str, ...]) -> None:
    for path in paths:
        if (repo / path).is_file():
            subprocess.run(["chattr", flag, str(repo / path)], check=False, capture_output=True)


def _tree(repo: Path) -> dict[str, bytes]:
    return {
        p.relative_to(repo).as_posix(): p.read_bytes()
        for p in sorted(repo.rglob("*"))
        if p.is_file() and ".git" not in p.relative_to(repo).parts
    }
