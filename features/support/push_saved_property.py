"""The property behind "push and export never carry what the user ignored": random ignored
files holding random secrets, a command that deletes, rewrites or keeps each, then `agents
plan push` to a bare remote and `agents plan export`, end to end with the real command.

No object of the remote, nor of an empty repository that fetched the bundle, may hold a
secret; `agents plan undo` in the sender must still put each file back as it was.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml
from hypothesis import given
from hypothesis import strategies as st

from features.support import agents_process
from features.support.properties import reproducible

AGENTS = Path(sys.executable).with_name("agents")
FILES = (".env", "build/creds", "app.log")
MOVES = ("keep", "delete", "rewrite")


@dataclass(frozen=True)
class Scenario:
    secrets: tuple[str, ...]  # each file's secret
    command: tuple[str, ...]  # what the command does to each

    def plan_file(self) -> str:
        parts = ["echo hi > out.txt"]
        for name, move in zip(FILES, self.command, strict=True):
            parts += {"keep": [], "delete": [f"rm -f {name}"], "rewrite": [f"echo x > {name}"]}[
                move
            ]
        step = {"name": "work", "options": [{"actions": [{"run": " && ".join(parts)}]}]}
        return yaml.safe_dump({"task": "work", "steps": [step]}, sort_keys=False)


def scenarios() -> st.SearchStrategy[Scenario]:
    secret = st.text("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", min_size=16, max_size=16)
    return st.builds(
        Scenario,
        st.tuples(*[secret] * len(FILES)),
        st.tuples(*[st.sampled_from(MOVES)] * len(FILES)),
    )


def check_property(examples: int, seed: int, workdir: Path) -> int:
    """Run the property on up to `examples` random scenarios and return how many ran."""
    count = [0]

    @reproducible(examples, seed)
    @given(scenarios())
    def nothing_ignored_travels(scenario: Scenario) -> None:
        count[0] += 1
        with tempfile.TemporaryDirectory(dir=workdir) as tmp:
            play(scenario, Path(tmp))

    nothing_ignored_travels()
    return count[0]


def play(scenario: Scenario, tmp: Path) -> None:
    """One example; an AssertionError names what broke."""
    remote, repo = tmp / "remote.git", tmp / "repo"
    _git(tmp, "init", "-q", "--bare", str(remote))
    _git(tmp, "init", "-q", str(repo))
    (repo / ".gitignore").write_text(".env\nbuild/\n*.log\n")
    _git(repo, "add", ".gitignore")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
    _git(repo, "remote", "add", "origin", str(remote))
    (repo / "build").mkdir()
    for name, secret in zip(FILES, scenario.secrets, strict=True):
        (repo / name).write_text(f"SECRET={secret}\n")
    before = {name: (repo / name).read_bytes() for name in FILES}
    plan = tmp / "plan.yaml"
    plan.write_text(scenario.plan_file())
    _agents(repo, "plan", "run", "--script", str(plan), "--quiet")
    _agents(repo, "plan", "push", "origin")
    _agents(repo, "plan", "export", _newest_plan(repo), str(tmp / "plan.bundle"))
    fetched = tmp / "fetched.git"
    _git(tmp, "init", "-q", "--bare", str(fetched))
    _git(fetched, "fetch", "-q", str(tmp / "plan.bundle"), "+refs/*:refs/*")
    for where in (remote, fetched):
        objects = _objects(where)
        for secret in scenario.secrets:
            assert secret.encode() not in objects, f"{secret} is in {where.name} ({scenario})"
    _agents(repo, "plan", "undo", "--yes")
    for name in FILES:
        assert (repo / name).read_bytes() == before[name], f"{name} not back ({scenario})"


def _newest_plan(repo: Path) -> str:
    out = subprocess.run(
        ["git", "for-each-ref", "--format=%(refname:lstrip=3)", "refs/cleveragents/plans/"],
        cwd=repo,
        env=agents_process.environment(),
        check=True,
        capture_output=True,
    )
    return out.stdout.decode().split()[0]


def _objects(where: Path) -> bytes:
    return subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch"],
        cwd=where,
        env=agents_process.environment(),
        check=True,
        capture_output=True,
    ).stdout


def _agents(repo: Path, *args: str) -> None:
    result = agents_process.run(AGENTS, repo, *args)
    said = result.stderr[-2000:]
    assert result.returncode == 0, f"`agents {' '.join(args)}` exited {result.returncode}:\n{said}"


def _git(where: Path, *args: str) -> None:
    subprocess.run(
        ["git", *args], cwd=where, env=agents_process.environment(), check=True, capture_output=True
    )
