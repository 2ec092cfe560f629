"""The property behind "nothing is ever lost", checked on random repositories and plans.

Each example builds a real git repository in a random state (committed, untracked, ignored and
skip-worktree files, odd modes, symlinks, `.gitattributes`, maybe `core.autocrlf`), runs a
random scripted plan of file operations through the real `agents` command, and checks:

1. restoring the first decision (before anything ran) with `--no-execute` gives back the
   tree as it was before the run for every path that is not ignored (for a file whose mode
   a plan's command changed, its executable bit: the one git records), and leaves alone
   every ignored path the plan never touched; `undo` then gives back the tree after the run;
2. after random hand edits, a correction to a random active decision followed by `undo`
   gives back every byte and mode of the tree as it was before the correction, ignored
   files included;
3. the user's `.git/index`, `HEAD` and branches are byte for byte what they were.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given
from hypothesis import strategies as st

from features.support import agents_process
from features.support.file_operations import EXCLUDE, GITIGNORE, Model, Op, operation
from features.support.properties import reproducible
from features.support.tree_state import Picture, differences, git_state, picture

AGENTS = Path(sys.executable).with_name("agents")


@dataclass
class Scenario:
    """One example: how the repository starts, the plan's steps, the user's hand edits."""

    autocrlf: bool
    initial: list[Op]
    committed: list[str]
    hidden_edit: Op | None  # a local edit of a committed file marked --skip-worktree
    steps: list[list[Op]]
    hand_edits: list[Op]
    pick: int  # which active decision the correction goes back to (modulo their number)

    def plan_file(self) -> str:
        plan = {
            "task": "random file operations",
            "steps": [
                {"name": f"step {n}", "options": [{"actions": [op.action() for op in ops]}]}
                for n, ops in enumerate(self.steps, 1)
            ],
        }
        text = yaml.safe_dump(plan, allow_unicode=True, sort_keys=False, width=1000)
        assert yaml.safe_load(text) == plan, "the plan file does not survive YAML"
        return text

    def chmodded(self) -> set[str]:
        """The paths a plan's `chmod` command changed the mode of."""
        return {op.path for ops in self.steps for op in ops if op.kind == "chmod"}

    def touched(self, path: str) -> bool:
        """Whether the plan changes `path` or a folder above it."""
        return any(
            path == op.path or path.startswith(op.path + "/") for ops in self.steps for op in ops
        )


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    model = Model()
    initial = [
        op for _ in range(draw(st.integers(0, 6))) for op in draw(operation(model, hand=True))
    ]
    present = sorted(model.links | set(model.files))
    committed: list[str] = []
    if present:
        committed = draw(st.lists(st.sampled_from(present), unique=True))
    files = [p for p in committed if p in model.files]
    hidden_edit = None
    hide: bool = draw(st.booleans())
    if files and hide:
        hidden_edit = Op(
            "write_bytes", draw(st.sampled_from(files)), data=draw(st.binary(max_size=16))
        )
        model.apply(hidden_edit)
    model.edits_translate_newlines = True
    steps = [
        [op for _ in range(draw(st.integers(1, 3))) for op in draw(operation(model))]
        for _ in range(draw(st.integers(1, 3)))
    ]
    model.edits_translate_newlines = False
    hand_edits = [
        op for _ in range(draw(st.integers(0, 3))) for op in draw(operation(model, hand=True))
    ]
    return Scenario(
        autocrlf=draw(st.booleans()),
        initial=initial,
        committed=committed,
        hidden_edit=hidden_edit,
        steps=steps,
        hand_edits=hand_edits,
        pick=draw(st.integers(0, 10**6)),
    )


def check_property(examples: int, seed: int, workdir: Path) -> int:
    """Run the property on up to `examples` random scenarios and return how many ran.

    A failure raises hypothesis' own report: the shrunk example and how to reproduce it.
    """
    count = [0]

    @reproducible(examples, seed)
    @given(scenarios())
    def run_correct_undo_returns_every_byte(scenario: Scenario) -> None:
        count[0] += 1
        with tempfile.TemporaryDirectory(dir=workdir) as tmp:
            play(scenario, Path(tmp))

    run_correct_undo_returns_every_byte()
    return count[0]


def play(scenario: Scenario, tmp: Path) -> None:
    """One example, end to end against the real CLI; an AssertionError names what broke."""
    repo = tmp / "repo"
    _make_repository(scenario, repo)
    plan_path = tmp / "plan.yaml"
    plan_path.write_text(scenario.plan_file(), encoding="utf-8")
    user_git = git_state(repo / ".git")
    before_run = picture(repo)
    ran = _agents(repo, "plan", "run", "--script", str(plan_path), "--json", codes=(0, 1))
    decisions = _active(json.loads(ran.stdout)["decisions"])
    after_run = picture(repo)
    # with the paths of the plan's operations: one a command made and a later action deleted
    # is in neither picture, and comes back as that action found it (ignored: see `kept`)
    operated = {op.path for ops in scenario.steps for op in ops}
    ignored = _ignored(repo, before_run.keys() | after_run.keys() | operated)

    _agents(repo, "plan", "correct", "--mode=revert", "--decision", decisions[0], *QUIET)

    def kept(tree: Picture) -> Picture:
        # A restore keeps a file's own permission bits beyond the executable one (git records
        # no more): where a plan's command chmod-ed a file, only that bit must come back.
        chmodded = scenario.chmodded()
        return {
            p: e._replace(mode=e.mode & 0o100) if p in chmodded else e
            for p, e in tree.items()
            if p not in ignored or not scenario.touched(p)
        }

    _same(
        "restoring the first decision gives back the tree before the run "
        "(every path not ignored, and ignored paths the plan never touched)",
        kept(before_run),
        kept(picture(repo)),
    )
    _agents(repo, "plan", "undo", "--yes")
    _same(
        "undo of the correction to the first decision gives back the tree after the run",
        after_run,
        picture(repo),
    )

    for op in scenario.hand_edits:
        op.apply(repo)
    before_correction = picture(repo)
    target = decisions[scenario.pick % len(decisions)]
    # A file both the plan and a hand edit changed is a conflict: settled each way in turn
    # (a merge that leaves markers exits 3, and is undone all the same).
    settle = RESOLUTIONS[scenario.pick % len(RESOLUTIONS)]
    _agents(
        repo,
        "plan",
        "correct",
        "--mode=revert",
        "--decision",
        target,
        settle,
        *QUIET,
        codes=(0, 3) if settle == "--merge" else (0,),
    )
    _agents(repo, "plan", "undo", "--yes")
    _same(
        f"undo after a correction to decision {target} gives back the tree before the correction",
        before_correction,
        picture(repo),
    )
    after = git_state(repo / ".git")
    changed = sorted(
        name for name in user_git.keys() | after.keys() if user_git.get(name) != after.get(name)
    )
    assert not changed, f"the user's git state changed: {', '.join(changed)}"


QUIET = ("--guidance", "g", "--yes", "--no-execute", "--quiet")
RESOLUTIONS = ("--theirs", "--mine", "--merge", "--restore-scope=full")


def _make_repository(scenario: Scenario, repo: Path) -> None:
    repo.mkdir()
    _git(repo, "init", "--quiet", "--initial-branch=main")
    _git(repo, "config", "core.autocrlf", "true" if scenario.autocrlf else "false")
    (repo / ".gitignore").write_text(GITIGNORE)
    with (repo / ".git" / "info" / "exclude").open("a") as exclude:
        exclude.write(EXCLUDE)
    for op in scenario.initial:
        op.apply(repo)
    _git(repo, "add", "--force", "--", ".gitignore", *scenario.committed)
    _git(repo, "commit", "--quiet", "--no-gpg-sign", "-m", "initial")
    if scenario.hidden_edit is not None:
        _git(repo, "update-index", "--skip-worktree", "--", scenario.hidden_edit.path)
        scenario.hidden_edit.apply(repo)


def _agents(
    repo: Path, *args: str, codes: tuple[int, ...] = (0,)
) -> subprocess.CompletedProcess[str]:
    result = agents_process.run(AGENTS, repo, *args)
    assert result.returncode in codes, (
        f"`agents {' '.join(args)}` exited {result.returncode}:\n{result.stderr[-2000:]}"
    )
    return result


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args],
        cwd=repo,
        capture_output=True,
        text=True,
        env=agents_process.environment(),
        check=True,
    ).stdout


def _active(decisions: list[dict[str, Any]]) -> list[str]:
    """Ids of the active decisions, in the order they were taken (the document's order)."""
    return [d["id"] for d in decisions if d["status"] == "active"]


def _ignored(repo: Path, paths: set[str]) -> set[str]:
    """The paths git ignores and the user's index does not track: no checkpoint holds them."""
    tracked = set(_git(repo, "ls-files", "-z").split("\0"))
    rules = tempfile.mkdtemp()
    try:
        _git(Path(rules), "init", "--quiet")
        (Path(rules) / ".gitignore").write_text(GITIGNORE)
        (Path(rules) / ".git" / "info" / "exclude").write_text(EXCLUDE)
        matched = subprocess.run(
            ["git", "check-ignore", "--no-index", "--stdin", "-z"],
            cwd=rules,
            input="\0".join(sorted(paths)),
            capture_output=True,
            text=True,
            check=False,
        ).stdout
    finally:
        shutil.rmtree(rules)
    return {p for p in matched.split("\0") if p} - tracked


def _same(what: str, expected: Picture, got: Picture) -> None:
    lines = differences(expected, got)
    assert not lines, f"{what}: it does not.\n" + "\n".join(lines)
