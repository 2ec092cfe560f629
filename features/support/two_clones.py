"""Two clones of a bare remote sharing one plan, built with the real `agents` command: what
the pull fault tests start from.

Clone A (`a`, as alice@laptop) runs robot/plans/five_steps.yaml and pushes it; clone B
(`behind`, as bob@ci) pulls it; a copy of B (`diverged`) corrects it ("use the red option");
then A corrects it ("use the blue option"), pushes it and exports it to `plan.bundle`. So
`agents plan pull origin` in `behind` updates the plan, in `diverged` it needs --force, and
in `fresh`, a clone of the remote that never pulled, it brings the plan new.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from features.support import agents_process

PLAN_FILE = Path(__file__).resolve().parents[2] / "robot" / "plans" / "five_steps.yaml"
SIDES = ("behind", "diverged", "fresh")


class TwoClones:
    """The clones under `root`, and what `agents plan tree PLAN --json` shows in each."""

    def __init__(self, agents: Path, root: Path) -> None:
        self.binary = agents
        self.root = root
        self.bundle = root / "plan.bundle"
        self.plan = ""
        self.theirs: dict[str, Any] = {}  # A's tree document: what a pull gives B
        self.before: dict[str, dict[str, Any]] = {}  # B's before it pulls, by side (or {})

    def build(self) -> TwoClones:
        remote, a = self.root / "remote.git", self.root / "a"
        self.root.mkdir(parents=True)
        self.git(self.root, "init", "--quiet", "--bare", "--initial-branch=main", str(remote))
        self.git(self.root, "init", "--quiet", "--initial-branch=main", str(a))
        (a / "README.md").write_text("# demo\n")
        self.git(a, "add", "README.md")
        self.git(a, "commit", "--quiet", "--no-gpg-sign", "-m", "initial")
        self.git(a, "remote", "add", "origin", str(remote))
        self.git(a, "push", "--quiet", "origin", "main")
        for side in ("behind", "fresh"):
            self.git(self.root, "clone", "--quiet", str(remote), str(self.root / side))
        self.run_ok(a, "plan", "run", "--script", str(PLAN_FILE))
        self.plan = json.loads(self.run_ok(a, "plan", "list", "--json"))["plans"][-1]["id"]
        self.run_ok(a, "plan", "push", "origin")
        self.run_ok(self.root / "behind", "plan", "pull", "origin")
        diverged = self.root / "diverged"
        shutil.copytree(self.root / "behind", diverged, symlinks=True)
        self.correct(diverged, "use the red option")
        self.correct(a, "use the blue option")
        self.run_ok(a, "plan", "push", "origin")
        self.run_ok(a, "plan", "export", self.plan, str(self.bundle))
        self.theirs = self.tree(a)
        self.before = {side: self.tree(self.root / side) for side in SIDES if side != "fresh"}
        self.before["fresh"] = {}  # no plan there
        return self

    def copy(self, side: str, to: Path) -> Path:
        """A copy of B (`behind` or `diverged`) at `to`: its remote is still `remote.git`."""
        shutil.copytree(self.root / side, to, symlinks=True)
        return to

    def correct(self, repo: Path, guidance: str) -> None:
        step = next(
            d["id"]
            for d in self.tree(repo)["decisions"]
            if d["kind"] == "step" and d["step"] == 3 and d["status"] == "active"
        )
        correct = ["plan", "correct", "--mode", "revert", "--decision", step]
        # B pulled the plan: its plan file's commands run there only once vouched for.
        self.run_ok(repo, *correct, "--guidance", guidance, "--yes", "--trust-plan")

    def place(self, repo: Path) -> str:
        """Who runs `agents` in `repo`: alice in A, bob in any copy of B."""
        return "alice@laptop" if repo == self.root / "a" else "bob@ci"

    def run(self, repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return agents_process.run(self.binary, repo, *args, place=self.place(repo))

    def run_ok(self, repo: Path, *args: str) -> str:
        result = self.run(repo, *args)
        if result.returncode != 0:
            raise SystemExit(
                f"two clones: `agents {' '.join(args)}` exited {result.returncode}: "
                + agents_process.last_line(result.stderr)
            )
        return result.stdout

    def tree(self, repo: Path) -> dict[str, Any]:
        """`agents plan tree PLAN --json` in `repo`, parsed (its keys' order differs between
        clones: the documents are equal as data)."""
        return dict(json.loads(self.run_ok(repo, "plan", "tree", self.plan, "--json")))

    def git(self, repo: Path, *args: str) -> str:
        return subprocess.run(
            ["git", *args],
            cwd=repo,
            env=agents_process.environment(),
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def tip(self, repo: Path, ref: str) -> str | None:
        return self.git(repo, "for-each-ref", "--format=%(objectname)", ref).strip() or None
