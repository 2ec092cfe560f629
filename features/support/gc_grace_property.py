"""The property of gc.property.feature: `agents gc` keeps what deleted plans held for the
grace period, whoever borrows it, and never an object anything of the user's reaches.

Each example: a real repository and a `git clone --shared` of it (the borrower), then
random operations with the real `agents` and git: plans run (few contents, so plans and
the user share blobs), the borrower fetches a live plan's ref, plans deleted, the user
commits a file, loose objects made 0 or 15 days old (the default grace is two weeks), and
`agents gc` with or without `--prune-now`. A model says what each plan is: live, deleted,
dropped within the grace (young), dropped past it (old), or gone. After every operation:
- the repository's `git fsck --full --strict` is clean (nothing reachable went);
- a plan's last checkpoint commit exists unless the model says gone;
- the borrower's `git fsck` is clean exactly when no plan it fetched is gone;
- after a gc, `kept_recent` is non-zero and `gc-dropped` exists exactly when some plan was
  dropped within the grace.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support import agents_process
from features.support.properties import reproducible

AGENTS = Path(sys.executable).with_name("agents")
CONTENTS = ("one\n", "two\n")
DAY = 86400

OPERATION = st.one_of(
    st.tuples(st.just("run"), st.sampled_from(CONTENTS)),
    st.tuples(st.just("borrow"), st.integers(0, 3)),
    st.tuples(st.just("delete"), st.integers(0, 3)),
    st.tuples(st.just("commit"), st.sampled_from(CONTENTS)),
    st.tuples(st.just("age"), st.sampled_from((0, 15))),
    st.tuples(st.just("gc"), st.booleans()),
)
OPERATIONS = st.lists(OPERATION, min_size=2, max_size=9)


class Example:
    """One repository, its borrower, and the model of its plans."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.repo = work / "repo"
        self.borrower = work / "borrower"
        self.plans: list[tuple[str, str]] = []  # (id, last checkpoint commit)
        self.state: dict[str, str] = {}  # live, deleted, young, old, gone
        self.borrowed: set[str] = set()
        self.repo.mkdir()
        self.git(self.repo, "init", "--quiet", "--initial-branch=main")
        (self.repo / "README.md").write_text("# demo\n")
        self.git(self.repo, "add", "README.md")
        self.git(self.repo, "commit", "--quiet", "-m", "initial")
        self.git(work, "clone", "--quiet", "--shared", str(self.repo), str(self.borrower))

    def git(self, where: Path, *args: str) -> str:
        done = subprocess.run(
            ["git", *args],
            cwd=where,
            capture_output=True,
            text=True,
            env={**agents_process.environment(), "GIT_CONFIG_GLOBAL": "/dev/null"},
            check=False,
        )
        assert done.returncode == 0, (args, done.stderr)
        return done.stdout.strip()

    def agents(self, *args: str) -> str:
        done = agents_process.run(AGENTS, self.repo, *args)
        assert done.returncode == 0, (args, done.returncode, done.stderr)
        return done.stdout

    def operate(self, kind: str, value: object) -> None:
        getattr(self, f"_{kind}")(value)
        self.check(after_gc=kind == "gc")

    def _run(self, content: object) -> None:
        plan = self.work / "plan.yaml"
        text = json.dumps(content)
        plan.write_text(
            "task: Write one file\nsteps:\n  - name: write\n    options:\n      - actions:\n"
            f"          - write: quick.txt\n            content: {text}\n"
        )
        self.agents("plan", "run", "--script", str(plan))
        (self.repo / "quick.txt").unlink()
        listed = json.loads(self.agents("plan", "list", "--json"))["plans"]
        plan_id = listed[-1]["id"]
        tip = self.git(self.repo, "rev-parse", f"refs/cleveragents/plans/{plan_id}")
        self.plans.append((plan_id, tip))
        self.state[plan_id] = "live"

    def _borrow(self, number: object) -> None:
        live = [p for p, _ in self.plans if self.state[p] == "live"]
        if live:
            plan_id = live[int(str(number)) % len(live)]
            ref = f"refs/cleveragents/plans/{plan_id}"
            self.git(self.borrower, "fetch", "--quiet", "origin", f"{ref}:refs/heads/{plan_id}")
            self.borrowed.add(plan_id)

    def _delete(self, number: object) -> None:
        live = [p for p, _ in self.plans if self.state[p] == "live"]
        if live:
            plan_id = live[int(str(number)) % len(live)]
            self.agents("plan", "delete", plan_id)
            self.state[plan_id] = "deleted"

    def _commit(self, content: object) -> None:
        (self.repo / "mine.txt").write_text(str(content))
        self.git(self.repo, "add", "mine.txt")
        self.git(self.repo, "commit", "--quiet", "--allow-empty", "-m", "mine")

    def _age(self, days: object) -> None:
        when = time.time() - int(str(days)) * DAY
        for path in (self.repo / ".git" / "objects").glob("[0-9a-f][0-9a-f]/*"):
            os.utime(path, (when, when))
        for plan_id, state in self.state.items():
            if state in ("young", "old"):
                self.state[plan_id] = "old" if days else "young"

    def _gc(self, prune_now: object) -> None:
        args = ("gc", "--json", "--prune-now") if prune_now else ("gc", "--json")
        self.done = json.loads(self.agents(*args))
        for plan_id, state in self.state.items():
            if prune_now and state in ("deleted", "young", "old"):
                self.state[plan_id] = "gone"
            elif state == "deleted":
                self.state[plan_id] = "young"
            elif state == "old":
                self.state[plan_id] = "gone"

    def check(self, after_gc: bool) -> None:
        fsck = subprocess.run(
            ["git", "fsck", "--full", "--strict"], cwd=self.repo, capture_output=True, text=True
        )
        assert fsck.returncode == 0, ("repository", fsck.stderr)
        for plan_id, tip in self.plans:
            there = self.git(self.repo, "cat-file", "-t", tip) if self._exists(tip) else None
            assert (there is None) == (self.state[plan_id] == "gone"), (plan_id, self.state)
        borrower = subprocess.run(
            ["git", "fsck", "--full"], cwd=self.borrower, capture_output=True, text=True
        )
        broken = any(self.state[p] == "gone" for p in self.borrowed)
        assert (borrower.returncode != 0) == broken, ("borrower", self.state, borrower.stderr)
        if after_gc:
            young = any(state == "young" for state in self.state.values())
            assert (self.done["kept_recent"] > 0) == young, (self.done, self.state)
            remembered = (self.repo / ".git" / "cleveragents" / "gc-dropped").exists()
            assert remembered == young, (remembered, self.state)

    def _exists(self, oid: str) -> bool:
        found = subprocess.run(["git", "cat-file", "-e", oid], cwd=self.repo, check=False)
        return found.returncode == 0


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0

    @reproducible(examples, seed)
    @given(OPERATIONS)
    def holds(operations: list[tuple[str, object]]) -> None:
        nonlocal ran
        ran += 1
        example = Example(Path(tempfile.mkdtemp(prefix="gc-grace-", dir=tmp)))
        for kind, value in [("run", CONTENTS[0]), *operations]:
            example.operate(kind, value)

    holds()
    return ran
