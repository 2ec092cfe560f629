"""The property behind "your files stay yours": random runs, stops, user edits, corrections,
resumes and undos, checked end to end with the real `agents` command.

Each example makes a repository, a random scripted plan whose actions (writes, edits,
deletes, and shell commands) only ever touch the agent's paths `a1.txt`..`a3.txt`, and a
random sequence of commands: the plan run with a small call budget (so it may stop between
decisions), the user's hand edits of any path (theirs `u1.txt`, `u2.txt` and the agent's),
corrections to a random live decision (settled with --theirs, --mine or --merge, executed
or not), resumes and undos. It checks:

1. no `run`, `resume` or `correct` ever changes a byte of a path the plan never writes: the
   user's files are as the user left them, across any number of corrections and resumes;
2. every `undo` gives back the exact working tree as it was before the operation it undid.
"""

from __future__ import annotations

import json
import re
import sqlite3
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
from features.support.tree_state import Picture, differences, picture

AGENTS = Path(sys.executable).with_name("agents")
AGENT_PATHS = ("a1.txt", "a2.txt", "a3.txt")
USER_PATHS = ("u1.txt", "u2.txt")
WORDS = st.sampled_from(["x", "y", "zz", "line\n", "two\nlines\n"])
RESOLUTIONS = ("--theirs", "--mine", "--merge")


@dataclass(frozen=True)
class Command:
    """One move of the sequence: `edit` (path, text; None deletes), `correct` (pick, how,
    execute), `resume` (how, calls), `undo`."""

    kind: str
    path: str = ""
    text: str | None = None
    pick: int = 0
    how: str = "--mine"
    execute: bool = False
    calls: int = 30


@dataclass
class Scenario:
    steps: list[list[dict[str, str]]]
    calls: int  # the run's actor call budget: small ones stop it between decisions
    commands: list[Command]

    def plan_file(self) -> str:
        steps = [
            {"name": f"step {n}", "options": [{"actions": actions}]}
            for n, actions in enumerate(self.steps, 1)
        ]
        return yaml.safe_dump({"task": "random agent work", "steps": steps}, sort_keys=False)


@st.composite
def actions(draw: st.DrawFn) -> dict[str, str]:
    path = draw(st.sampled_from(AGENT_PATHS))
    kind = draw(st.sampled_from(["write", "write", "run", "delete", "edit"]))
    if kind == "write":
        return {"write": path, "content": draw(WORDS)}
    if kind == "edit":  # fails where the text is missing: a failed step, resumed later
        return {"edit": path, "find": draw(WORDS), "replace": draw(WORDS)}
    if kind == "delete":  # fails where the file is missing
        return {"delete": path}
    return {"run": f"printf '%s' {draw(st.sampled_from(['r', 'rr', 'r1']))} > {path}"}


@st.composite
def commands(draw: st.DrawFn) -> Command:
    kind = draw(st.sampled_from(["edit"] * 3 + ["correct"] * 3 + ["resume"] * 2 + ["undo"]))
    how = draw(st.sampled_from(RESOLUTIONS))
    if kind == "edit":
        path = draw(st.sampled_from(USER_PATHS + AGENT_PATHS))
        return Command("edit", path=path, text=draw(st.one_of(st.none(), WORDS)))
    if kind == "correct":
        execute = draw(st.sampled_from([True, True, False]))
        return Command("correct", pick=draw(st.integers(0, 100)), how=how, execute=execute)
    if kind == "resume":
        # Without a flag, a file both the step and the user changed refuses it (exit 3).
        how = draw(st.sampled_from(["", "", *RESOLUTIONS]))
        return Command("resume", how=how, calls=draw(st.sampled_from([3, 30])))
    return Command("undo")


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    steps = draw(st.lists(st.lists(actions(), min_size=1, max_size=2), min_size=2, max_size=4))
    return Scenario(
        steps=steps,
        calls=draw(st.integers(2, 8)),
        commands=draw(st.lists(commands(), min_size=3, max_size=8)),
    )


def check_property(examples: int, seed: int, workdir: Path) -> int:
    """Run the property on up to `examples` random scenarios and return how many ran."""
    count = [0]

    @reproducible(examples, seed)
    @given(scenarios())
    def user_files_stay_and_undo_gives_back(scenario: Scenario) -> None:
        count[0] += 1
        with tempfile.TemporaryDirectory(dir=workdir) as tmp:
            Play(scenario, Path(tmp)).all()

    user_files_stay_and_undo_gives_back()
    return count[0]


class Play:
    """One example against the real CLI; an AssertionError names what broke."""

    def __init__(self, scenario: Scenario, tmp: Path) -> None:
        self.scenario = scenario
        self.repo = tmp / "repo"
        self.plan = tmp / "plan.yaml"
        self.before: dict[int, Picture] = {}  # operation id -> the tree before it

    def all(self) -> None:
        self.repo.mkdir()
        _git(self.repo, "init", "--quiet", "--initial-branch=main")
        (self.repo / "a1.txt").write_text("line\n")
        (self.repo / "u1.txt").write_text("user\n")
        _git(self.repo, "add", "--", "a1.txt", "u1.txt")
        _git(self.repo, "commit", "--quiet", "--no-gpg-sign", "-m", "initial")
        self.plan.write_text(self.scenario.plan_file(), encoding="utf-8")
        budget = ("--budget-calls", str(self.scenario.calls))
        self.agents("run", "plan", "run", "--script", str(self.plan), *budget, "--quiet")
        for command in self.scenario.commands:
            getattr(self, command.kind)(command)

    def edit(self, command: Command) -> None:
        path = self.repo / command.path
        if command.text is None:
            path.unlink(missing_ok=True)
        else:
            path.write_text(command.text)

    def correct(self, command: Command) -> None:
        tree = json.loads(self.agents_out("plan", "tree", "--json"))
        live = [d["id"] for d in tree["decisions"] if d["status"] == "active"]
        if not live:  # the run was undone: nothing to correct
            return
        target = live[command.pick % len(live)]
        more = () if command.execute else ("--no-execute",)
        self.agents(
            f"correct to decision {target}",
            *("plan", "correct", "--mode=revert", "--decision", target, "-g", "g"),
            *("--yes", "--quiet", command.how, *more),
        )

    def resume(self, command: Command) -> None:
        calls = ("--budget-calls", str(command.calls))
        # A completed plan (or one whose run was undone) has nothing to resume: exit 2.
        how = (command.how,) if command.how else ()
        self.agents("resume", "plan", "resume", *how, *calls, "--quiet", codes=(2,))

    def undo(self, _: Command) -> None:
        before = picture(self.repo)
        result = agents_process.run(AGENTS, self.repo, "plan", "undo", "--yes")
        assert result.returncode == 0, f"undo exited {result.returncode}: {result.stderr}"
        undone, made = map(int, re.findall(r"operation (\d+)", result.stdout)[:2])
        self.before[made] = before
        _same(f"undo of operation {undone}", self.before[undone], picture(self.repo))

    def agents(self, what: str, *args: str, codes: tuple[int, ...] = ()) -> None:
        """An agent command: whatever its exit code, no byte of the user's paths changed."""
        before = picture(self.repo)
        result = agents_process.run(AGENTS, self.repo, *args)
        assert result.returncode in (0, 1, 3, 4, *codes), (
            f"`agents {' '.join(args)}` exited {result.returncode}:\n{result.stderr[-2000:]}"
        )
        self.before.setdefault(self._newest_operation(), before)  # none made: the last's
        after = picture(self.repo)
        mine = {p: e for p, e in before.items() if p in USER_PATHS}
        _same(f"{what}: the user's files", mine, {p: e for p, e in after.items() if p in mine})
        appeared = sorted(p for p in USER_PATHS if p in after and p not in before)
        assert not appeared, f"{what}: the user's deleted {appeared} came back"

    def agents_out(self, *args: str) -> str:
        result = agents_process.run(AGENTS, self.repo, *args)
        assert result.returncode == 0, result.stderr
        return result.stdout

    def _newest_operation(self) -> int:
        state = self.repo / ".git" / "cleveragents" / "state.db"
        with sqlite3.connect(f"file:{state}?mode=ro", uri=True) as db:
            return int(db.execute("SELECT max(id) FROM operations").fetchone()[0])


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", *args], cwd=repo, env=agents_process.environment(), check=True, capture_output=True
    )


def _same(what: str, expected: Picture, got: Picture) -> None:
    lines = differences(expected, got)
    assert not lines, f"{what}: not as before.\n" + "\n".join(lines)
