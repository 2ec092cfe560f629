"""The property behind "your files stay yours": random runs, stops, user edits, corrections,
resumes and undos, checked end to end with the real `agents` command.

Each example makes a repository, a random scripted plan whose actions (writes, edits,
deletes, and shell commands, some in a first option that fails and is rolled back) touch
the agent's paths `a1.txt`..`a3.txt`, and whose commands may also delete or change `u2.txt`,
a file of the user's made between decisions; then a
random sequence of commands: the plan run with a small call budget (so it may stop between
decisions), the user's hand edits of any path (theirs `u1.txt`, `u2.txt` and the agent's),
corrections to a random live decision (settled with --theirs, --mine or --merge, executed
or not), corrections of everything the agent did, resumes and undos. It checks:

1. no `run`, `resume` or `correct` ever changes a byte of `u1.txt`, which no action names:
   the user's file is as the user left it, across any number of corrections and resumes;
2. every `undo` takes back exactly what its operation changed: the paths changed since and
   not by the operation stay as they are, a path both changed is refused without a flag
   (exit 3, nothing changed) and settled by --theirs or --mine, and with nothing changed
   since, the tree is exactly the one before the operation;
3. a correction of everything the agent did (to its first live decision, --mine) gives the
   user back `u1.txt` and `u2.txt` as they last wrote them, whatever the agent's commands
   did to them (checked while no undo, --theirs or --merge has chosen otherwise).
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml
from hypothesis import example, given
from hypothesis import strategies as st

from features.support import agents_process
from features.support.properties import reproducible
from features.support.tree_state import Picture, assert_same, picture

AGENTS = Path(sys.executable).with_name("agents")
AGENT_PATHS = ("a1.txt", "a2.txt", "a3.txt")
USER_PATHS = ("u1.txt", "u2.txt")
UNTOUCHED = "u1.txt"  # no action of the agent's names it
# The agent's commands on the user's u2.txt, made between decisions: deleted, or changed.
USER_COMMANDS = ("rm -f u2.txt", "test ! -f u2.txt || echo c >> u2.txt")
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
    made: str | None = None  # u2.txt as the user makes it once the run stopped, if they do

    def plan_file(self) -> str:
        steps = [
            {"name": f"step {n}", "options": _options(actions)}
            for n, actions in enumerate(self.steps, 1)
        ]
        return yaml.safe_dump({"task": "random agent work", "steps": steps}, sort_keys=False)


def _options(actions: list[dict[str, str]]) -> list[dict[str, list[dict[str, str]]]]:
    """A step's options: its failing commands first, as an option of their own that fails
    and is rolled back, then its other actions."""
    failing = [{"run": a["run"]} for a in actions if "fails" in a]
    rest = [a for a in actions if "fails" not in a]
    return [{"actions": group} for group in (failing, rest) if group]


@st.composite
def actions(draw: st.DrawFn) -> dict[str, str]:
    path = draw(st.sampled_from(AGENT_PATHS))
    kinds = ["write", "write", "run", "delete", "edit", "user", "user", "fail"]
    kind = draw(st.sampled_from(kinds))
    if kind == "fail":  # a failed option: its changes (to the user's u2.txt too) rolled back
        change = draw(st.sampled_from([f"printf f > {path}", *USER_COMMANDS]))
        return {"run": f"{change}; exit 1", "fails": "yes"}
    if kind == "user":  # a command that deletes or changes the user's file, if it is there
        return {
            "run": draw(st.sampled_from(["rm -f u2.txt", "test ! -f u2.txt || echo c >> u2.txt"]))
        }
    if kind == "write":
        return {"write": path, "content": draw(WORDS)}
    if kind == "edit":  # fails where the text is missing: a failed step, resumed later
        return {"edit": path, "find": draw(WORDS), "replace": draw(WORDS)}
    if kind == "delete":  # fails where the file is missing
        return {"delete": path}
    return {"run": f"printf '%s' {draw(st.sampled_from(['r', 'rr', 'r1']))} > {path}"}


@st.composite
def commands(draw: st.DrawFn) -> Command:
    kinds = ["edit"] * 3 + ["correct"] * 2 + ["resume"] * 2 + ["undo"] * 2 + ["all"] * 2
    kind = draw(st.sampled_from(kinds))
    how = draw(st.sampled_from(RESOLUTIONS))
    if kind == "edit":
        path = draw(st.sampled_from((*USER_PATHS, "u2.txt", *AGENT_PATHS)))
        return Command("edit", path=path, text=draw(st.one_of(st.none(), WORDS)))
    if kind == "correct":
        how = draw(st.sampled_from([*RESOLUTIONS, "--mine"]))
        execute = draw(st.sampled_from([True, True, False]))
        return Command("correct", pick=draw(st.integers(0, 100)), how=how, execute=execute)
    if kind == "resume":
        # Without a flag, a file both the step and the user changed refuses it (exit 3).
        how = draw(st.sampled_from(["", "", *RESOLUTIONS]))
        return Command("resume", how=how, calls=draw(st.sampled_from([3, 30])))
    if kind == "undo":  # without a flag, a file both changed refuses it (exit 3)
        return Command("undo", how=draw(st.sampled_from(["", "--theirs", "--mine"])))
    return Command("all")


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    steps = draw(st.lists(st.lists(actions(), min_size=1, max_size=2), min_size=2, max_size=4))
    return Scenario(
        steps=steps,
        calls=draw(st.integers(2, 8)),
        commands=draw(st.lists(commands(), min_size=3, max_size=8)),
        made=draw(st.one_of(st.none(), WORDS)),
    )


# Always tried first: a file the user makes while the run is stopped, which a command of
# the resumed plan deletes, comes back when everything the agent did is corrected; and an
# undo after the user deleted their own file leaves it deleted.
COMMAND_DELETES_MINE = Scenario(
    steps=[[{"write": "a1.txt", "content": "x"}], [{"run": "rm -f u2.txt"}]],
    calls=2,
    commands=[Command("resume", how=""), Command("all")],
    made="mine\n",
)
# A failed first option that deleted the user's file: its rollback brings the file back, and
# an undo of the run after the user's edit takes back only the run's changes.
FAILED_OPTION_ROLLED_BACK = Scenario(
    steps=[[{"write": "a1.txt", "content": "x"}], [{"run": "rm -f u2.txt; exit 1", "fails": "1"}]],
    calls=2,
    commands=[Command("edit", path="u1.txt", text="y"), Command("resume", how=""), Command("undo")],
    made="mine\n",
)
UNDO_AFTER_MY_EDIT = Scenario(
    steps=[[{"write": "a1.txt", "content": "x"}], [{"write": "a2.txt", "content": "y"}]],
    calls=8,
    commands=[Command("edit", path="u1.txt"), Command("undo")],
)


def check_property(examples: int, seed: int, workdir: Path) -> int:
    """Run the property on up to `examples` random scenarios and return how many ran."""
    count = [0]

    @reproducible(examples, seed)
    @example(COMMAND_DELETES_MINE)
    @example(UNDO_AFTER_MY_EDIT)
    @example(FAILED_OPTION_ROLLED_BACK)
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
        self.after: dict[int, Picture] = {}  # operation id -> the tree it left
        # The user's files as the user last wrote them; None once an undo, --theirs or
        # --merge chose other bytes for them.
        self.written: Picture | None = None

    def all(self) -> None:
        self.repo.mkdir()
        agents_process.git(self.repo, "init", "--quiet", "--initial-branch=main")
        (self.repo / "a1.txt").write_text("line\n")
        (self.repo / "u1.txt").write_text("user\n")
        agents_process.git(self.repo, "add", "--", "a1.txt", "u1.txt")
        agents_process.git(self.repo, "commit", "--quiet", "--no-gpg-sign", "-m", "initial")
        self.written = _users(picture(self.repo))
        self.plan.write_text(self.scenario.plan_file(), encoding="utf-8")
        budget = ("--budget-calls", str(self.scenario.calls))
        self.agents("run", "plan", "run", "--script", str(self.plan), *budget, "--quiet")
        if self.scenario.made is not None:  # between decisions, when the run stopped
            self.edit(Command("edit", path="u2.txt", text=self.scenario.made))
        for command in self.scenario.commands:
            if command.kind == "all":
                self.correct_all()
            else:
                getattr(self, command.kind)(command)

    def edit(self, command: Command) -> None:
        path = self.repo / command.path
        if command.text is None:
            path.unlink(missing_ok=True)
        else:
            path.write_text(command.text)
        if self.written is not None and command.path in USER_PATHS:
            self.written = _users(picture(self.repo))

    def live(self) -> list[str]:
        tree = json.loads(self.agents_out("plan", "tree", "--json"))
        return [d["id"] for d in tree["decisions"] if d["status"] == "active"]

    def correct(self, command: Command) -> None:
        live = self.live()
        if not live:  # the run was undone: nothing to correct
            return
        target = live[command.pick % len(live)]
        more = () if command.execute else ("--no-execute",)
        self.agents(
            f"correct to decision {target}",
            *("plan", "correct", "--mode=revert", "--decision", target, "-g", "g"),
            *("--yes", "--quiet", command.how, *more),
        )
        if command.how != "--mine":
            self.written = None

    def correct_all(self) -> None:
        """Back to the agent's first live decision, keeping the user's edits: every byte the
        agent's commands took from the user's files comes back."""
        live = self.live()
        if not live:
            return
        self.agents(
            f"correct everything (to decision {live[0]})",
            *("plan", "correct", "--mode=revert", "--decision", live[0], "-g", "g"),
            *("--yes", "--quiet", "--mine", "--no-execute"),
        )
        if self.written is not None:
            what = f"correcting everything the agent did (to decision {live[0]})"
            same(f"{what}: the user's files", self.written, _users(picture(self.repo)))

    def resume(self, command: Command) -> None:
        calls = ("--budget-calls", str(command.calls))
        # A completed plan (or one whose run was undone) has nothing to resume: exit 2.
        how = (command.how,) if command.how else ()
        self.agents("resume", "plan", "resume", *how, *calls, "--quiet", codes=(2,))
        if command.how in ("--theirs", "--merge"):
            self.written = None

    def undo(self, command: Command) -> None:
        now = picture(self.repo)
        target = self._undo_target()
        before, end = self.before[target], self.after[target]
        paths = sorted(before.keys() | end.keys() | now.keys())
        conflicts = [p for p in paths if len({before.get(p), end.get(p), now.get(p)}) == 3]
        how = (command.how,) if command.how else ()
        result = agents_process.run(AGENTS, self.repo, "plan", "undo", "--yes", *how)
        what = f"undo {command.how} of operation {target}".replace("  ", " ")
        self.written = None
        if conflicts and not how:
            assert result.returncode == 3, f"{what}: exited {result.returncode}: {result.stderr}"
            assert all(p in result.stderr for p in conflicts), f"{what}: {result.stderr}"
            same(f"{what}, refused", now, picture(self.repo))
            return
        assert result.returncode == 0, f"{what}: exited {result.returncode}: {result.stderr}"
        undone = re.match(r"undid operation (\d+)", result.stdout)
        assert undone and int(undone[1]) == target, f"{what}: {result.stdout}"
        made = self._newest_operation()
        self.before[made], self.after[made] = now, picture(self.repo)
        expected = {}
        for p in paths:
            if before.get(p) == end.get(p) or now.get(p) == before.get(p):
                want = now.get(p)  # not its change, or back as it was: stays
            elif now.get(p) == end.get(p) or command.how == "--theirs":
                want = before.get(p)
            else:
                want = now.get(p)  # --mine
            if want is not None:
                expected[p] = want
        same(what, expected, self.after[made])

    def agents(self, what: str, *args: str, codes: tuple[int, ...] = ()) -> None:
        """An agent command: whatever its exit code, no byte of u1.txt changed."""
        before = picture(self.repo)
        newest = self._newest_operation()
        result = agents_process.run(AGENTS, self.repo, *args)
        assert result.returncode in (0, 1, 3, 4, *codes), (
            f"`agents {' '.join(args)}` exited {result.returncode}:\n{result.stderr[-2000:]}"
        )
        after = picture(self.repo)
        made = self._newest_operation()
        if made != newest:
            self.before[made], self.after[made] = before, after
        mine = {p: e for p, e in before.items() if p == UNTOUCHED}
        same(f"{what}: the user's files", mine, {p: e for p, e in after.items() if p in mine})
        appeared = UNTOUCHED in after and UNTOUCHED not in before
        assert not appeared, f"{what}: the user's deleted {UNTOUCHED} came back"

    def agents_out(self, *args: str) -> str:
        result = agents_process.run(AGENTS, self.repo, *args)
        assert result.returncode == 0, result.stderr
        return result.stdout

    def _rows(self, sql: str) -> list[tuple[int, str]]:
        state = self.repo / ".git" / "cleveragents" / "state.db"
        if not state.exists():
            return []
        with sqlite3.connect(f"file:{state}?mode=ro", uri=True) as db:
            return [(int(i), str(s)) for i, s in db.execute(sql).fetchall()]

    def _newest_operation(self) -> int:
        rows = self._rows("SELECT id, status FROM operations ORDER BY id DESC LIMIT 1")
        return rows[0][0] if rows else 0

    def _undo_target(self) -> int:
        """The operation `agents plan undo` takes back: the newest done or interrupted one."""
        rows = self._rows("SELECT id, status FROM operations ORDER BY id DESC")
        return next(i for i, status in rows if status in ("done", "interrupted"))


def _users(tree: Picture) -> Picture:
    return {p: e for p, e in tree.items() if p in USER_PATHS}


def same(what: str, expected: Picture, got: Picture) -> None:
    assert_same(what, expected, got, "before")
