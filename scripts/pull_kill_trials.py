"""Fault injection: stop `agents plan pull` and `agents plan import` at random points, check
nothing is lost.

Once per run it builds clones of a bare remote (`features/support/two_clones.py`): clone A
runs robot/plans/five_steps.yaml and pushes it, clone B pulls it (`behind`); a copy of B
corrects the plan too (`diverged`), and another clone never pulls it (`fresh`); A then
corrects it ("use the blue option"), pushes it and exports it to a bundle. Each trial copies
one of the three and starts `agents plan pull origin` or `agents plan import BUNDLE` on it
(with `--force` on the diverged one), and sends SIGKILL, SIGINT, SIGTERM or SIGHUP (by its
PID) at a random point: mostly a random delay after its fetch shows under
`refs/cleveragents/`, sometimes a random delay before it. Then it runs what a user would
(`agents plan ops --json`, `agents plan tree PLAN --json`) and checks:

- no exit 70 (internal error), neither from the interrupted command nor from the next ones;
- no operation left `running`, and no pull left `interrupted` (undo refuses those);
- nothing half-imported: B's tree document is A's if the pull's operation is done, else
  the one it had before the command;
- nothing unreachable: B's refs under refs/cleveragents/plans/ and records/ still reach the
  commits they did before; anything left under refs/cleveragents/incoming/ is only the
  remote's refs of the plan, not read as a plan; `git fsck --strict` is clean;
- B's working tree, index, HEAD, branches and other refs are untouched;
- the same command run again completes, leaves nothing under incoming/, B's tree
  document is then A's and its records ref reaches A's (B's next push would go through);
  undoing the pull operations (`agents plan undo OP --yes`, newest first) then brings B's
  own records back: its tree document is the one before the first command, exactly. (A
  forced pull stopped after its operation ended, before it moved the records ref, is run
  again as a second operation: each is undone.)

Usage (from the top of the checkout, with `agents` installed next to this Python):

    python scripts/pull_kill_trials.py --trials 100 --seed 7
    python scripts/pull_kill_trials.py --trials 20 --commands import --sides diverged

The seed is printed first; the same seed replays the same commands, signals and delays
(`--trial K` replays trial K alone), at slightly different points on every machine. A JSON
summary ends the output; the exit status is 1 when any trial failed.

A script of its own rather than a mode of kill_trials.py: that one pictures a working tree a
command changes; this one compares plan records and refs across two clones, and a pull
touches no file of the working tree.
"""

from __future__ import annotations

import json
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from features.support import agents_process  # noqa: E402
from features.support.tree_state import differences, git_state, picture  # noqa: E402
from features.support.two_clones import SIDES, TwoClones  # noqa: E402

COMMANDS = ("pull", "import")
SIGNALS = agents_process.SIGNALS
EARLY = 0.2  # share of signals sent before the command's fetch shows under refs/cleveragents
WAIT = 60.0  # seconds an interrupted command gets to exit before it counts as hung
INCOMING = "refs/cleveragents/incoming/"
KINDS = ("plans", "records")  # the plan's refs: its checkpoints, its records


class Trials:
    """Two clones of a bare remote built once, and trials on copies of clone B."""

    def __init__(self, agents: Path, workdir: Path) -> None:
        self.binary = agents
        self.workdir = workdir
        self.clones = TwoClones(agents, workdir / "template").build()
        self.plan = self.clones.plan
        self.anchors: dict[str, float] = {}  # seconds from start to the fetch, by command
        self.durations: dict[str, float] = {}  # seconds from the fetch to the end

    def args(self, command: str, side: str) -> list[str]:
        found = ["plan", "pull", "origin"] if command == "pull" else ["plan", "import"]
        found += [str(self.clones.bundle)] if command == "import" else []
        return found + (["--force"] if side == "diverged" else [])

    def calibrate(self, runs: int) -> None:
        """Time each command left alone; what it gives must be A's plan."""
        for command in COMMANDS:
            anchors, rests = [], []
            for run in range(runs):
                side = SIDES[run % len(SIDES)]
                repo = self.clones.copy(side, self.workdir / f"calibrate-{command}-{run}")
                process, started, refs = self.launch(repo, self.args(command, side))
                anchor = self.wait_for_fetch(process, repo, refs, started, 60.0)
                _, stderr = process.communicate(timeout=120)
                if process.returncode != 0 or anchor is None:
                    raise SystemExit(
                        f"pull_kill_trials: `agents {' '.join(self.args(command, side))}` left "
                        f"alone exited {process.returncode}, or fetched nothing: "
                        + agents_process.last_line(stderr)
                    )
                anchors.append(anchor)
                rests.append(time.monotonic() - started - anchor)
                if self.clones.tree(repo) != self.clones.theirs:
                    raise SystemExit(
                        f"pull_kill_trials: {command} left alone did not give A's plan"
                    )
                shutil.rmtree(repo, ignore_errors=True)
            self.anchors[command] = statistics.median(anchors)
            self.durations[command] = statistics.median(rests)

    # -- one trial ------------------------------------------------------------------------

    def trial(
        self, number: int, command: str, side: str, sig: str, early: bool, fraction: float
    ) -> dict[str, Any]:
        repo = self.clones.copy(side, self.workdir / f"trial-{number}")
        args = self.args(command, side)
        files, user_git, others = picture(repo), git_state(repo / ".git"), self.other_refs(repo)
        tips = {
            kind: self.clones.tip(repo, f"refs/cleveragents/{kind}/{self.plan}") for kind in KINDS
        }
        result: dict[str, Any] = {
            "trial": number,
            "command": " ".join(a for a in args[1:] if a in (command, "--force")),
            "side": side,
            "signal": sig,
            "problems": [],
            "exit_70": 0,
            "stranded_operations": 0,
            "half_imported": 0,
            "unreachable": 0,
        }
        self.stop(result, repo, args, command, early, fraction)
        done = self.operations(result, repo)
        first = [self.clones.theirs if done else self.clones.before[side]]
        if side == "fresh":  # a new plan is taken in one transaction, and no operation
            first = [self.clones.before[side], self.clones.theirs]
        self.check_tree(result, repo, *first)
        self.check_refs(result, repo, tips)
        self.passes(result, repo, "the same command again", *args)
        self.check_tree(result, repo, self.clones.theirs, when="again")
        if self.incoming(repo):
            result["problems"].append(f"refs left under {INCOMING} by the command run again")
        if not self.met(repo):
            result["problems"].append("run again, B's records ref does not reach the remote's")
        if side != "fresh":  # a new plan is no operation: `agents plan delete` drops it
            pulls = self.pulls_done(repo)
            result["undone"] = len(pulls)
            for op in reversed(pulls):
                self.passes(result, repo, f"undo of {op}", "plan", "undo", op, "--yes")
            self.check_tree(result, repo, self.clones.before[side], when="undone")
        self.check_refs(result, repo, tips)
        self.check_objects(result, repo)
        if picture(repo) != files:
            result["problems"].append(
                "the working tree changed:\n" + "\n".join(differences(files, picture(repo)))
            )
        if git_state(repo / ".git") != user_git or self.other_refs(repo) != others:
            result["problems"].append("the user's index, HEAD, branches or other refs changed")
        shutil.rmtree(repo, ignore_errors=True)
        return result

    def stop(
        self,
        result: dict[str, Any],
        repo: Path,
        args: list[str],
        command: str,
        early: bool,
        fraction: float,
    ) -> None:
        """Start `agents ARGS` and send it the trial's signal at its point; wait for it."""
        process, started, refs = self.launch(repo, args)
        if early:  # starting up, listing the remote's plans, repairing
            time.sleep((0.5 + 0.5 * fraction) * self.anchors[command])
            result["point"] = "before its fetch (by the clock)"
        else:
            limit = 3 * self.anchors[command] + 5
            anchor = self.wait_for_fetch(process, repo, refs, started, limit)
            # Squared: the records are taken in the first part of what follows the fetch.
            time.sleep(fraction**2 * self.durations[command])
            result["point"] = f"{fraction**2 * self.durations[command]:.3f} s after its fetch"
            if anchor is None:
                result["point"] = "no fetch seen"
        result["delay_s"] = round(time.monotonic() - started, 3)
        result["finished_before_signal"] = process.poll() is not None
        if not result["finished_before_signal"]:
            process.send_signal(getattr(signal, result["signal"]))
        stderr, hang = agents_process.ended(process, WAIT)
        if hang is not None and agents_process.measuring_deadlock(hang):
            result["note"] = "coverage's tracer deadlocked on its own lock; killed"
        elif hang is not None:
            result["problems"].append(f"hung: still running {WAIT:.0f} s after the signal; {hang}")
        result["exit"] = process.returncode
        self.exit_code(result, f"agents {' '.join(args)}", process.returncode, stderr)

    def passes(self, result: dict[str, Any], repo: Path, what: str, *args: str) -> None:
        """`agents ARGS` in `repo` must exit 0."""
        done = self.clones.run(repo, *args)
        self.exit_code(result, what, done.returncode, done.stderr)
        if done.returncode != 0:
            result["problems"].append(
                f"{what} exited {done.returncode}: {agents_process.last_line(done.stderr)}"
            )

    def pulls_done(self, repo: Path) -> list[str]:
        """The ids of the pull operations done in `repo`, oldest first."""
        ops = json.loads(self.clones.run(repo, "plan", "ops", "--json").stdout or "{}")
        return [
            op["id"]
            for op in ops.get("operations", [])
            if op["kind"] == "pull" and op["status"] == "done"
        ]

    def operations(self, result: dict[str, Any], repo: Path) -> bool:
        """`plan ops --json` (it repairs first): whether the command's operation finished."""
        ops = self.clones.run(repo, "plan", "ops", "--json")
        self.exit_code(result, "agents plan ops --json", ops.returncode, ops.stderr)
        operations = json.loads(ops.stdout)["operations"] if ops.returncode == 0 else []
        for op in operations:
            if op["status"] == "running" or (
                op["status"] == "interrupted" and op["kind"] not in ("run", "resume")
            ):
                result["stranded_operations"] += 1
                result["problems"].append(
                    f"operation {op['id']} ({op['kind']}) {op['status']} after the next command"
                )
        pulls = [op for op in operations if op["kind"] == "pull"]
        result["operation"] = pulls[-1]["status"] if pulls else None
        return bool(pulls) and pulls[-1]["status"] == "done"

    def check_tree(
        self, result: dict[str, Any], repo: Path, *expected: dict[str, Any], when: str = "first"
    ) -> None:
        """B's tree document is one of `expected` ({}: no such plan in B)."""
        shown = self.clones.run(repo, "plan", "tree", self.plan, "--json")
        self.exit_code(result, "agents plan tree --json", shown.returncode, shown.stderr)
        now = json.loads(shown.stdout) if shown.returncode == 0 else {}
        if now in expected:
            return
        if when == "first":  # neither before nor after, or not what the operation says
            result["half_imported"] += 1
        states = {"A's": self.clones.theirs}
        states |= {f"B's before ({side})": d for side, d in self.clones.before.items()}
        found = next((name for name, d in states.items() if d == now), "none of the plan's")
        result["problems"].append(f"tree document {when}: {found}, not one expected")

    def check_refs(self, result: dict[str, Any], repo: Path, tips: dict[str, str | None]) -> None:
        """The plan's refs still reach what they did; what a stopped fetch left under
        INCOMING is the remote's refs of the plan, and not read as a plan."""
        for kind, old in tips.items():
            new = self.clones.tip(repo, f"refs/cleveragents/{kind}/{self.plan}")
            if old is not None and (new is None or not self.reaches(repo, old, new)):
                result["unreachable"] += 1
                result["problems"].append(f"refs/cleveragents/{kind} no longer reaches {old}")
        incoming = self.incoming(repo)
        for ref, oid in incoming.items():
            kind, _, plan = ref.removeprefix(INCOMING).partition("/")
            there = self.clones.tip(self.clones.root / "a", f"refs/cleveragents/{kind}/{plan}")
            if plan != self.plan or oid != there:
                result["problems"].append(f"{ref} is not the remote's: {oid}")
        if incoming:
            listed = json.loads(self.clones.run(repo, "plan", "list", "--json").stdout or "{}")
            if not {p["id"] for p in listed.get("plans", [])} <= {self.plan}:
                result["problems"].append(f"plan list shows a plan other than {self.plan}")

    def check_objects(self, result: dict[str, Any], repo: Path) -> None:
        fsck = subprocess.run(
            ["git", "fsck", "--full", "--strict", "--no-progress"],
            cwd=repo,
            capture_output=True,
            text=True,
            check=False,
        )
        if fsck.returncode != 0:
            result["problems"].append(f"git fsck --strict: {agents_process.last_line(fsck.stderr)}")

    def exit_code(self, result: dict[str, Any], what: str, code: int, stderr: str) -> None:
        if code == 70:
            result["exit_70"] += 1
            result["problems"].append(f"{what} exited 70: {agents_process.last_line(stderr)}")

    # -- running things -------------------------------------------------------------------

    def launch(
        self, repo: Path, args: list[str]
    ) -> tuple[subprocess.Popen[str], float, dict[str, bytes]]:
        refs = agents_process.cleveragents_refs(repo)
        process = subprocess.Popen(
            [str(self.binary), *args],
            cwd=repo,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**agents_process.environment(), "CLEVERAGENTS_PLACE": self.clones.place(repo)},
        )
        return process, time.monotonic(), refs

    def wait_for_fetch(
        self,
        process: subprocess.Popen[str],
        repo: Path,
        refs: dict[str, bytes],
        started: float,
        limit: float,
    ) -> float | None:
        """Seconds until the command's fetch wrote its refs under refs/cleveragents/incoming
        (from then on it takes the plan); None if it ended first."""
        while time.monotonic() - started < limit and process.poll() is None:
            if agents_process.cleveragents_refs(repo) != refs:
                return time.monotonic() - started
            time.sleep(0.002)
        return None

    def reaches(self, repo: Path, old: str, new: str) -> bool:
        found = subprocess.run(
            ["git", "merge-base", "--is-ancestor", old, new], cwd=repo, check=False
        )
        return found.returncode == 0

    def met(self, repo: Path) -> bool:
        """Whether B's records ref reaches A's: then B's next push is a fast-forward."""
        ref = f"refs/cleveragents/records/{self.plan}"
        theirs, mine = self.clones.tip(self.clones.root / "a", ref), self.clones.tip(repo, ref)
        return theirs is not None and mine is not None and self.reaches(repo, theirs, mine)

    def incoming(self, repo: Path) -> dict[str, str]:
        out = self.clones.git(repo, "for-each-ref", "--format=%(refname) %(objectname)", INCOMING)
        return dict(line.split(" ") for line in out.splitlines())

    def other_refs(self, repo: Path) -> str:
        out = self.clones.git(repo, "for-each-ref", "--format=%(refname) %(objectname)")
        return "\n".join(r for r in out.splitlines() if not r.startswith("refs/cleveragents/"))


def summary(seed: int, results: list[dict[str, Any]]) -> dict[str, Any]:
    counted = ("exit_70", "stranded_operations", "half_imported", "unreachable")
    per_command: dict[str, Any] = {}
    for command in sorted({f"{r['command']} ({r['side']})" for r in results}):
        mine = [r for r in results if f"{r['command']} ({r['side']})" == command]
        per_command[command] = {
            "trials": len(mine),
            "signals": {s: sum(r["signal"] == s for r in mine) for s in SIGNALS},
            "finished_before_signal": sum(r["finished_before_signal"] for r in mine),
            "operation_done": sum(r["operation"] == "done" for r in mine),
            "operation_rolled_back": sum(r["operation"] == "rolled_back" for r in mine),
            "pulls_undone": sum(r.get("undone", 0) for r in mine),
            "failed": sum(bool(r["problems"]) for r in mine),
        }
    return {
        "seed": seed,
        "trials": len(results),
        **{name: sum(r[name] for r in results) for name in counted},
        "failed_trials": sum(bool(r["problems"]) for r in results),
        "per_command": per_command,
        "failures": agents_process.failures(results),
    }


def main(argv: list[str] | None = None) -> int:
    parser = agents_process.trial_arguments(__doc__ or "", COMMANDS, SIGNALS, calibrations=2)
    parser.add_argument("--sides", default=",".join(SIDES))
    args = parser.parse_args(argv)
    # Started in a script's background, SIGINT comes ignored, and the agents of each trial
    # would ignore it too: a handler of ours is reset to the default in every child.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGHUP) is signal.SIG_IGN:  # and under `nohup`, SIGHUP
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    print(f"seed {seed}", flush=True)
    commands = [c for c in args.commands.split(",") if c]
    sides = [s for s in args.sides.split(",") if s]
    signals = {s: SIGNALS[s] for s in args.signals.split(",") if s in SIGNALS}
    if not args.agents.exists():
        parser.error(f"no agents command at {args.agents} (install the package, or --agents)")
    if not signals or not set(commands) <= set(COMMANDS) or not set(sides) <= set(SIDES):
        parser.error(
            f"commands among {', '.join(COMMANDS)}; sides among {', '.join(SIDES)}; "
            f"signals among {', '.join(SIGNALS)}"
        )
    workdir = Path(tempfile.mkdtemp(prefix="pull-kill-trials-"))
    try:
        trials = Trials(args.agents, workdir)
        trials.calibrate(max(1, args.calibrations))
        results = []
        numbers = [args.trial] if args.trial is not None else range(1, args.trials + 1)
        for number in numbers:
            rng = random.Random(f"{seed}:{number}")
            command, side = rng.choice(commands), rng.choice(sides)
            sig = rng.choices(list(signals), weights=list(signals.values()))[0]
            early = rng.random() < EARLY
            result = trials.trial(number, command, side, sig, early, rng.random())
            results.append(result)
            verdict = "ok" if not result["problems"] else "; ".join(result["problems"])
            print(
                f"trial {number} {result['command']} ({side}) {sig} after {result['delay_s']} s, "
                f"{result['point']}: exit {result['exit']}, pull {result['operation']}, {verdict}",
                file=sys.stderr,
                flush=True,
            )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    report = summary(seed, results)
    report["calibration_s"] = {
        c: {"to_fetch": round(trials.anchors[c], 3), "then": round(t, 3)}
        for c, t in trials.durations.items()
    }
    print(json.dumps(report, indent=2))
    return 1 if report["failed_trials"] else 0


if __name__ == "__main__":
    sys.exit(main())
