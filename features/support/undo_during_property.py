"""The property behind "an undo puts back only what its operation changed", for edits the
user makes while a run runs: random runs through Claude (a local stand-in server whose
replies are held back), the user's edits made while the model answers a step (after one
decision's checkpoint, before the next action), edits after the run, and undos.

Each example makes a repository, runs a plan of 2-3 steps, each one command on the agent's
paths `a1.txt`..`a3.txt` (written, appended to, deleted) or none (the step needs no action:
a run with none acted at all, and its undo takes back nothing of the user's), while the
user edits, makes or deletes any path (theirs `u1.txt`, `u2.txt` and the agent's) between
its decisions; then maybe edits more, and undoes the run (with no flag, --theirs or
--mine). It checks:

1. the undo puts back only what the run's decisions changed: a path none of them changed
   stays as the user left it, whenever they edited it (during the run or after);
2. a path the run changed and the user changed too (between its decisions, or since) is a
   conflict: refused without a flag (exit 3, nothing changed), settled by --theirs (as
   before the run) or --mine (as it is); one the user did not touch goes back as it was
   before the run, one back as it was already stays;
3. the undo of that undo, nothing changed since, gives back exactly the tree before it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from features.support import agents_process
from features.support.messages_server import MessagesServer
from features.support.properties import reproducible
from features.support.tree_state import Entry, Picture, assert_same, picture

AGENTS = Path(sys.executable).with_name("agents")
AGENT_PATHS = ("a1.txt", "a2.txt", "a3.txt")
PATHS = ("u1.txt", "u2.txt", *AGENT_PATHS)
WORDS = st.sampled_from(["x", "y", "zz", "line\n"])
HELD = 1.0  # seconds a step's reply is held back while the user edits


@dataclass(frozen=True)
class Edit:
    path: str
    text: str | None  # None deletes


@dataclass
class Scenario:
    commands: list[str]  # one shell command per step
    during: list[list[Edit]]  # per step after the first: made while Claude answers it
    after: list[Edit] = field(default_factory=list)  # made once the run ended
    how: str = ""  # the undo's flag


edits = st.lists(
    st.builds(Edit, st.sampled_from(PATHS), st.one_of(st.none(), WORDS)), min_size=0, max_size=2
)


@st.composite
def commands(draw: st.DrawFn) -> str:
    path = draw(st.sampled_from(AGENT_PATHS))
    word = draw(st.sampled_from(["r", "rr", "line"]))
    return draw(
        st.sampled_from(
            [f"printf {word} > {path}", f"printf {word} >> {path}", f"rm -f {path}", ""]
        )
    )


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    steps = draw(st.lists(commands(), min_size=2, max_size=3))
    return Scenario(
        commands=steps,
        during=[draw(edits) for _ in steps[1:]],
        after=draw(edits),
        how=draw(st.sampled_from(["", "--theirs", "--mine"])),
    )


# Always tried first (attack 27 F5): the user edits their file and makes a new one while
# the model answers the second step; the undo of the run leaves both, and takes the run's.
EDITED_BETWEEN = Scenario(
    commands=["printf one > a2.txt", "printf two > a3.txt; printf m >> a1.txt"],
    during=[[Edit("u1.txt", "edited\n"), Edit("u2.txt", "mine\n")]],
)


# Always tried too: a run none of whose steps took an action (left30 gap 1); the user's
# edits made while it ran, their own file and one of the tree's, stay after its undo.
NOTHING_DONE = Scenario(
    commands=["", ""],
    during=[[Edit("u1.txt", "edited\n"), Edit("u2.txt", "mine\n"), Edit("a1.txt", None)]],
)


def check_property(examples: int, seed: int, workdir: Path) -> int:
    """Run the property on up to `examples` random scenarios and return how many ran."""
    count = [0]

    @reproducible(examples, seed)
    @example(EDITED_BETWEEN)
    @example(NOTHING_DONE)
    @given(scenarios())
    def undo_takes_only_the_runs_changes(scenario: Scenario) -> None:
        count[0] += 1
        with tempfile.TemporaryDirectory(dir=workdir) as tmp:
            Play(scenario, Path(tmp) / "repo").all()

    undo_takes_only_the_runs_changes()
    return count[0]


class Play:
    """One example against the real CLI; an AssertionError names what broke."""

    def __init__(self, scenario: Scenario, repo: Path) -> None:
        self.scenario = scenario
        self.repo = repo
        # The tree as the run's decisions left it before each hold, and as the user left it.
        self.agent_left: list[Picture] = []
        self.user_left: list[Picture] = []

    def all(self) -> None:
        self.repo.mkdir()
        agents_process.git(self.repo, "init", "--quiet", "--initial-branch=main")
        (self.repo / "a1.txt").write_text("line\n")
        (self.repo / "u1.txt").write_text("user\n")
        agents_process.git(self.repo, "add", "--", "a1.txt", "u1.txt")
        agents_process.git(self.repo, "commit", "--quiet", "--no-gpg-sign", "-m", "initial")
        first = picture(self.repo)
        end = self.run()
        for one in self.scenario.after:
            _edit(self.repo, one)
        now = picture(self.repo)
        self.undo(first, end, now)

    def run(self) -> Picture:
        """The plan run through Claude, the user's edits made while it answers each step."""
        scenario = self.scenario
        with MessagesServer() as server:
            steps = [{"name": f"step {n}", "checks": []} for n in range(len(scenario.commands))]
            server.reply_text(json.dumps({"steps": steps, "rationale": "plain"}))
            for n, command in enumerate(scenario.commands):
                if n:  # the step before succeeded: go on
                    server.reply_text(json.dumps({"action": "continue", "reasoning": "fine"}))
                calls = [("run_command", {"command": command})] if command else []
                calls.append(("finish_step", {"option": "o"}))
                server.reply_tools(calls, delay=HELD if n and scenario.during[n - 1] else 0)
            env = {
                **agents_process.environment(),
                "ANTHROPIC_API_KEY": "sk-ant-test-key",
                "ANTHROPIC_BASE_URL": server.url,
                "CLEVERAGENTS_MODEL_TIMEOUT": "30",
                "CLEVERAGENTS_MODEL_RETRIES": "0",
            }
            args = [str(AGENTS), "plan", "run", "random work", "--allow-command", "*", "--quiet"]
            process = subprocess.Popen(
                args,
                cwd=self.repo,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            try:
                for n, made in enumerate(scenario.during, 1):
                    if not made:  # no hold: the run goes on, nothing to look at
                        continue
                    # Step n+1's request is Claude's (2n+2)th: plan, step 1, then a verdict
                    # and the actions of each next step. Its reply is held back meanwhile.
                    deadline = time.monotonic() + 60
                    while len(server.requests) < 2 * n + 2 and time.monotonic() < deadline:
                        if process.poll() is not None:
                            break
                        time.sleep(0.02)
                    self.agent_left.append(picture(self.repo))
                    for one in made:
                        _edit(self.repo, one)
                    self.user_left.append(picture(self.repo))
                _, stderr = process.communicate(timeout=120)
            finally:
                if process.poll() is None:
                    process.kill()  # by its own handle: the command this example started
                    process.wait()
        assert process.returncode == 0, f"the run exited {process.returncode}: {stderr[-2000:]}"
        return picture(self.repo)

    def undo(self, first: Picture, end: Picture, now: Picture) -> None:
        """The undo of the run, then the undo of that undo."""
        how = self.scenario.how
        # What the run's decisions changed (their runs of changes, as `agent_work` takes
        # them: one the user changed between starts again from the user's), and what the
        # user changed while it ran.
        agent = list(zip([first, *self.user_left], [*self.agent_left, end], strict=True))
        found: dict[str, Entry | None] = {}
        left: dict[str, Entry | None] = {}
        runs: dict[str, int] = {}
        for old, new in agent:
            for path in _changed([(old, new)]):
                if path not in left or left[path] != old.get(path):
                    found[path], runs[path] = old.get(path), runs.get(path, 0) + 1
                left[path] = new.get(path)
        work = {path for path in found if found[path] != left[path]}
        expected: Picture = {}
        conflicts = []
        for path in sorted(first.keys() | end.keys() | now.keys()):
            was, ran, has = first.get(path), end.get(path), now.get(path)
            want = has
            if path in work and was != ran and has != was:
                # The user's too: changed before, between or after its changes, or since.
                users = (found[path], left[path]) != (was, ran) or runs[path] > 1
                if users or has != ran:
                    conflicts.append(path)
                    want = was if how == "--theirs" else has
                else:
                    want = was
            if want is not None:
                expected[path] = want
        flag = (how,) if how else ()
        result = agents_process.run(AGENTS, self.repo, "plan", "undo", "1", "--yes", *flag)
        what = f"undo {how} of the run".replace("  ", " ")
        if conflicts and not how:
            assert result.returncode == 3, f"{what}: exited {result.returncode}: {result.stderr}"
            assert all(p in result.stderr for p in conflicts), f"{what}: {result.stderr}"
            assert_same(f"{what}, refused", now, picture(self.repo))
            return
        assert result.returncode == 0, f"{what}: exited {result.returncode}: {result.stderr}"
        undone = picture(self.repo)
        assert_same(what, expected, undone)
        redo = agents_process.run(AGENTS, self.repo, "plan", "undo", "--yes")
        assert redo.returncode == 0, f"undo of the {what}: exited {redo.returncode}: {redo.stderr}"
        assert_same(f"undo of the {what}", now, picture(self.repo))


def _changed(pairs: list[tuple[Picture, Picture]]) -> set[str]:
    return {p for old, new in pairs for p in old.keys() | new.keys() if old.get(p) != new.get(p)}


def _edit(repo: Path, edit: Edit) -> None:
    path = repo / edit.path
    if edit.text is None:
        path.unlink(missing_ok=True)
    else:
        path.write_text(edit.text)
