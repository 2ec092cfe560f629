"""The property behind "undo never overwrites an ignored file changed since": random
commands on ignored files, random hand changes to them afterwards, then `agents plan undo
--mine`, end to end with the real `agents` command.

Each example makes a repository ignoring `*.env`, with some of `a.env`, `b.env`, `c.env`
present; a plan whose one command deletes, rewrites or leaves each of them; after the run
the user deletes, rewrites or leaves each. Undo with --mine must leave every file the user
changed as the user left it, and put every other file that stood before the run back as
it was before the run.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml
from hypothesis import example, given
from hypothesis import strategies as st

from features.support import agents_process
from features.support.properties import reproducible

AGENTS = Path(sys.executable).with_name("agents")
FILES = ("a.env", "b.env", "c.env")
MOVES = ("keep", "delete", "rewrite")


@dataclass(frozen=True)
class Scenario:
    present: tuple[bool, ...]  # which files stand before the run
    command: tuple[str, ...]  # what the command does to each
    user: tuple[str, ...]  # what the user does to each after the run

    def plan_file(self) -> str:
        parts = ["true"]
        for name, move in zip(FILES, self.command, strict=True):
            parts += {"keep": [], "delete": [f"rm -f {name}"], "rewrite": [f"echo agent > {name}"]}[
                move
            ]
        step = {"name": "env", "options": [{"actions": [{"run": " && ".join(parts)}]}]}
        return yaml.safe_dump({"task": "env files", "steps": [step]}, sort_keys=False)


def scenarios() -> st.SearchStrategy[Scenario]:
    three = st.tuples(*[st.sampled_from(MOVES)] * len(FILES))
    present = st.tuples(*[st.booleans()] * len(FILES))
    return st.builds(Scenario, present, three, three)


def check_property(examples: int, seed: int, workdir: Path) -> int:
    """Run the property on up to `examples` random scenarios and return how many ran."""
    count = [0]

    @reproducible(examples, seed)
    @given(scenarios())
    @example(Scenario((True, True, False), ("delete", "rewrite", "keep"), ("rewrite",) * 3))
    def user_changes_stay(scenario: Scenario) -> None:
        count[0] += 1
        with tempfile.TemporaryDirectory(dir=workdir) as tmp:
            play(scenario, Path(tmp))

    user_changes_stay()
    return count[0]


def play(scenario: Scenario, tmp: Path) -> None:
    """One example; an AssertionError names what broke."""
    repo = tmp / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / ".gitignore").write_text("*.env\n")
    _git(repo, "add", ".gitignore")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
    for name, there in zip(FILES, scenario.present, strict=True):
        if there:
            (repo / name).write_text(f"before {name}\n")
    before = _states(repo)
    plan = tmp / "plan.yaml"
    plan.write_text(scenario.plan_file())
    _agents(repo, "plan", "run", "--script", str(plan), "--quiet")
    after_run = _states(repo)
    for name, move in zip(FILES, scenario.user, strict=True):
        if move == "delete":
            (repo / name).unlink(missing_ok=True)
        elif move == "rewrite":
            (repo / name).write_text(f"mine {name}\n")
    edited = _states(repo)
    _agents(repo, "plan", "undo", "--yes", "--mine")
    undone = _states(repo)
    for name in FILES:
        if edited[name] != after_run[name]:
            assert undone[name] == edited[name], (
                f"{name}: the user's {edited[name]!r} became {undone[name]!r} ({scenario})"
            )
        elif before[name] is not None:
            assert undone[name] == before[name], (
                f"{name}: {before[name]!r} before the run, {undone[name]!r} after undo ({scenario})"
            )


def _states(repo: Path) -> dict[str, bytes | None]:
    return {name: (repo / name).read_bytes() if (repo / name).exists() else None for name in FILES}


def _agents(repo: Path, *args: str) -> None:
    result = agents_process.run(AGENTS, repo, *args)
    said = result.stderr[-2000:]
    assert result.returncode == 0, f"`agents {' '.join(args)}` exited {result.returncode}:\n{said}"


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", *args], cwd=repo, env=agents_process.environment(), check=True, capture_output=True
    )
