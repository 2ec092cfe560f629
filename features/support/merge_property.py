"""The property behind "a merge never drops a user line": random agent and user changes to
one text file, then a correction with --merge, end to end with the real `agents` command.

Each example makes a repository whose `log.txt` holds a few base lines, a random scripted
plan whose steps each run one shell command on `log.txt` (append, prepend, or replace a
base line with the agent's own line), and runs it in stretches with growing call budgets
(so it stops between decisions); at each stop, and after the run, the user changes
`log.txt` by hand (append, prepend, insert in the middle, replace a line with theirs).
Then `agents plan correct --merge` goes back to a random live decision. It checks that
every line the user wrote that `log.txt` held before the correction is in it after, or
that the correction names `log.txt` among the conflicts it left.
"""

from __future__ import annotations

import json
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
BASE = ["base-1", "base-2", "base-3", "base-4"]
AGENT_MOVES = ("append", "prepend", "replace")
USER_MOVES = ("append", "prepend", "insert", "replace")


@dataclass(frozen=True)
class Scenario:
    agent: list[tuple[str, int]]  # per step: how the agent changes log.txt, which base line
    stops: list[int]  # the growing call budgets the run stops at, before the last stretch
    user: list[list[tuple[str, int]]]  # per stop, and after the run: the user's changes
    pick: int  # which live decision the correction goes back to

    def plan_file(self) -> str:
        steps = []
        for n, (move, line) in enumerate(self.agent, 1):
            mine = f"agent-{n}"
            command = {
                "append": f"echo {mine} >> log.txt",
                "prepend": f"sed -i '1i {mine}' log.txt",
                "replace": f"sed -i 's/^{BASE[line]}$/{mine}/' log.txt",
            }[move]
            steps.append({"name": f"step {n}", "options": [{"actions": [{"run": command}]}]})
        return yaml.safe_dump({"task": "log lines", "steps": steps}, sort_keys=False)


def user_changes(least: int) -> st.SearchStrategy[list[tuple[str, int]]]:
    move = st.tuples(st.sampled_from(USER_MOVES), st.integers(0, len(BASE) - 1))
    return st.lists(move, min_size=least, max_size=2)


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    agent = draw(
        st.lists(
            st.tuples(st.sampled_from(AGENT_MOVES), st.integers(0, len(BASE) - 1)),
            min_size=2,
            max_size=4,
        )
    )
    stops = sorted(draw(st.sets(st.integers(2, 2 * len(agent) + 2), min_size=1, max_size=3)))
    user = [*(draw(user_changes(1)) for _ in stops), draw(user_changes(0))]
    # Often one of the first decisions: a correction that undoes the most of the agent's.
    pick = draw(st.one_of(st.integers(0, 2), st.integers(0, 100)))
    return Scenario(agent, stops, user, pick)


# The attack that found the hole: the user appends between the agent's two appends, and the
# correction goes back before the first.
BETWEEN = Scenario([("append", 0), ("replace", 1), ("append", 0)], [2], [[("append", 0)], []], 0)


def check_property(examples: int, seed: int, workdir: Path) -> int:
    """Run the property on up to `examples` random scenarios and return how many ran."""
    count = [0]

    @reproducible(examples, seed)
    @given(scenarios())
    @example(BETWEEN)
    def user_lines_stay_or_conflict(scenario: Scenario) -> None:
        count[0] += 1
        with tempfile.TemporaryDirectory(dir=workdir) as tmp:
            Play(scenario, Path(tmp)).all()

    user_lines_stay_or_conflict()
    return count[0]


class Play:
    """One example against the real CLI; an AssertionError names what broke."""

    def __init__(self, scenario: Scenario, tmp: Path) -> None:
        self.scenario = scenario
        self.repo = tmp / "repo"
        self.plan = tmp / "plan.yaml"
        self.written = 0  # how many lines the user wrote

    def all(self) -> None:
        self.repo.mkdir()
        _git(self.repo, "init", "--quiet", "--initial-branch=main")
        self.log.write_text("".join(f"{line}\n" for line in BASE))
        _git(self.repo, "add", "--", "log.txt")
        _git(self.repo, "commit", "--quiet", "--no-gpg-sign", "-m", "initial")
        self.plan.write_text(self.scenario.plan_file(), encoding="utf-8")
        stops = [*self.scenario.stops, 100]
        self.agents("plan", "run", "--script", str(self.plan), "--budget-calls", str(stops[0]))
        for calls, changes in zip(stops[1:], self.scenario.user, strict=False):
            self.edit(changes)
            self.agents("plan", "resume", "--budget-calls", str(calls), codes=(2,))
        self.edit(self.scenario.user[-1])
        self.correct()

    @property
    def log(self) -> Path:
        return self.repo / "log.txt"

    def edit(self, changes: list[tuple[str, int]]) -> None:
        lines = self.log.read_text().splitlines()
        for move, at in changes:
            self.written += 1
            mine = f"user-{self.written}"
            if move == "append":
                lines.append(mine)
            elif move == "prepend":
                lines.insert(0, mine)
            elif move == "insert":
                lines.insert(len(lines) // 2, mine)
            elif BASE[at] in lines:
                lines[lines.index(BASE[at])] = mine
        self.log.write_text("".join(f"{line}\n" for line in lines))

    def correct(self) -> None:
        tree = json.loads(self.agents_out("plan", "tree", "--json"))
        live = [d["id"] for d in tree["decisions"] if d["status"] == "active"]
        target = live[self.scenario.pick % len(live)]
        before = self.log.read_text().splitlines()
        users = [line for line in before if line.startswith("user-")]
        args = ("plan", "correct", "--mode=revert", "--decision", target, "-g", "g")
        result = self.agents(*args, "--merge", "--no-execute", "--yes", "--json")
        document = json.loads(result.stdout)
        if "log.txt" in document.get("conflicts_left", []):
            return
        after = self.log.read_text().splitlines() if self.log.exists() else []
        lost = [line for line in users if line not in after]
        assert not lost, (
            f"correct to decision {target} --merge dropped {lost} and named no conflict "
            f"(conflicts_left {document.get('conflicts_left')}):\nbefore {before}\nafter {after}"
        )

    def agents(self, *args: str, codes: tuple[int, ...] = ()) -> subprocess.CompletedProcess[str]:
        result = agents_process.run(AGENTS, self.repo, *args)
        assert result.returncode in (0, 3, 4, *codes), (
            f"`agents {' '.join(args)}` exited {result.returncode}:\n{result.stderr[-2000:]}"
        )
        return result

    def agents_out(self, *args: str) -> str:
        result = agents_process.run(AGENTS, self.repo, *args)
        assert result.returncode == 0, result.stderr
        return result.stdout


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", *args], cwd=repo, env=agents_process.environment(), check=True, capture_output=True
    )
