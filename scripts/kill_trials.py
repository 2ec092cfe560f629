"""Fault injection: stop `agents plan run|correct|undo` at random points, check nothing is lost.

Each trial builds a fresh git repository (committed, untracked and ignored files of the user,
and a nested repository of theirs that a `run` removes), starts one command of the real CLI
on a plan of small writes, edits, deletes and `sleep 0.05` runs, and at a random point sends
it SIGKILL, SIGINT, SIGTERM or SIGHUP (by its PID): mostly a random delay after its safety
checkpoint appears under `refs/cleveragents/` (from then on it works on the tree; the delay
is drawn up to the time the rest takes left alone), sometimes a random delay before it
(starting up, locking, repairing). Then it runs the next commands a user would (`agents
plan ops --json`, `agents plan show --json`), which must repair what the interrupted one
left, and checks:

- no exit 70 (internal error), neither from the interrupted command nor from the next ones;
- no operation left `running`, and no correct/undo left `interrupted` (undo refuses those);
- nothing lost: after an interrupted `correct` or `undo` the working tree is byte for byte
  what it was before the command, or (if the command got to finish) what it gives when left
  alone; in half of the `correct` trials the user edits three files after the signal (one
  the correction writes, one it does not, a new one), and those stay as the user left them;
  after an interrupted `run` it is one of the states the plan passes through, and
  `agents plan undo` then brings back the tree as it was before the run, byte for byte;
- the user's `.git/index`, HEAD and branches are untouched.

Usage (from the top of the checkout, with `agents` installed next to this Python):

    python scripts/kill_trials.py --trials 100 --seed 7
    python scripts/kill_trials.py --trials 20 --commands correct,undo --signals SIGINT

The seed is printed first; the same seed replays the same commands, signals and delays
(`--trial K` replays trial K alone). The delays land at slightly different points of the
command on every machine, so a failure is replayed by the seed most of the time, not always.
`--kill-when "src/app.py=print('v3')"` places a SIGKILL of a correction instead: as soon as
the file holds that text (and a line's end) after it held other bytes (polled each
millisecond), just after the plan file's edit wrote it, before the checkpoint after it; the
user hand-edits that file before the correction, and the settling must put their bytes
back, not keep the edit's as theirs. A JSON summary ends the output; the exit status is 1
when any trial failed.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from features.support import agents_process  # noqa: E402
from features.support.tree_state import (  # noqa: E402
    Entry,
    Picture,
    differences,
    git_state,
    lost_bytes,
    picture,
)

COMMANDS = ("run", "correct", "undo")
SIGNALS = agents_process.SIGNALS
EARLY = 0.2  # share of signals sent before the command's safety checkpoint
WAIT = 60.0  # seconds an interrupted command gets to exit before it counts as hung

# The user's repository: committed files, an executable, an untracked and an ignored file.
USER_FILES = {
    "README.md": (b"# demo\n", 0o644, True),
    "src/app.py": (b"print('v1')\n", 0o644, True),
    "notes.txt": (b"my notes, committed\n", 0o644, True),
    "run.sh": (b"#!/bin/sh\necho run\n", 0o755, True),
    "todo.txt": (b"untracked, mine\n", 0o644, False),
    "debug.log": (b"ignored, mine\n", 0o644, False),
}
# The user's nested repository (untracked in theirs): a commit, packed refs, a stash, an
# untracked and an ignored file. Step 3 removes it whole.
NESTED = "vendor/lib"
NESTED_FILES = {"lib.c": b"int lib;\n", ".gitignore": b"*.o\n"}

# The plan: four steps of writes, edits and deletes with short sleeps between them, so that
# a signal has many points to land on. Each action with the effect it has on the tree.
STEPS: list[list[tuple[dict[str, Any], Any]]] = [
    [
        ({"write": "out/one.txt", "content": "one\n"}, ("write", "out/one.txt", b"one\n")),
        ({"run": "sleep 0.05"}, None),
        (
            {"edit": "README.md", "find": "# demo", "replace": "# demo, step 1"},
            ("write", "README.md", b"# demo, step 1\n"),
        ),
    ],
    [
        ({"write": "out/two.txt", "content": "two\n"}, ("write", "out/two.txt", b"two\n")),
        ({"run": "sleep 0.05"}, None),
        ({"delete": "notes.txt"}, ("delete", "notes.txt", b"")),
    ],
    [
        (
            {"write": "src/app.py", "content": "print('v2')\n"},
            ("write", "src/app.py", b"print('v2')\n"),
        ),
        ({"run": "rm -rf vendor/lib"}, ("delete", NESTED, b"")),
        (
            {"run": "printf 'bin\\000\\377\\r\\n' > out/blob.bin"},
            ("write", "out/blob.bin", b"bin\x00\xff\r\n"),
        ),
    ],
    [
        ({"run": "sleep 0.05"}, None),
        (
            {"edit": "src/app.py", "find": "v2", "replace": "v3"},
            ("write", "src/app.py", b"print('v3')\n"),
        ),
        ({"delete": "out/one.txt"}, ("delete", "out/one.txt", b"")),
    ],
]
# What the user does by hand after an interrupted correction, before the next command (in
# half of the correction trials): src/app.py is a file the correction writes, README.md one
# it does not, after-kill.txt a new one. The next command must keep all three as they are.
AFTER_KILL = {
    "src/app.py": b"print('mine, after the kill')\n",
    "README.md": b"# mine, after the kill\n",
    "after-kill.txt": b"new, after the kill\n",
}
# What the user does by hand after the run, before a correction.
HAND_EDITS = {
    "out/two.txt": b"two, edited by hand\r\n",
    "mine.txt": b"new and untracked\n",
    "debug.log": b"ignored, rewritten\x00\n",
}


def plan_file() -> str:
    import yaml

    steps = [
        {"name": f"step {n}", "options": [{"actions": [action for action, _ in actions]}]}
        for n, actions in enumerate(STEPS, 1)
    ]
    return yaml.safe_dump({"task": "many small steps", "steps": steps}, sort_keys=False)


def plan_states(start: Picture) -> list[Picture]:
    """Every state the plan passes through: before it, and after each of its actions."""
    states = [dict(start)]
    for actions in STEPS:
        for _, effect in actions:
            if effect is None:
                continue
            state = dict(states[-1])
            kind, path, data = effect
            if kind == "delete":
                for gone in [p for p in state if p == path or p.startswith(f"{path}/")]:
                    state.pop(gone)
            else:
                old = state.get(path)
                mode = old.mode if old else 0o666 & ~_umask()
                state[path] = Entry("file", data, mode)
            states.append(state)
    return states


def _effects() -> list[tuple[str, str, bytes]]:
    """What the plan's actions do to the tree: (write or delete, path, bytes written)."""
    return [effect for actions in STEPS for _, effect in actions if effect is not None]


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


@dataclass
class Setup:
    """A repository ready for the command under trial, and what the command may leave."""

    repo: Path
    args: list[str]
    before: Picture
    after: list[Picture] = field(default_factory=list)
    edited: dict[str, bytes] = field(default_factory=dict)  # by the user, after the signal
    pristine: Picture = field(default_factory=dict)  # the repository before the plan ran


class Trials:
    """Runs trials against the real CLI, in a scratch directory, and counts what went wrong."""

    def __init__(self, agents: Path, workdir: Path, calibrations: int = 3) -> None:
        self.binary = agents
        self.calibrations = calibrations  # runs of each command left alone, to time it
        self.workdir = workdir
        self.plan = workdir / "plan.yaml"
        self.plan.write_text(plan_file(), encoding="utf-8")
        self.decision = ""  # the decision corrections go back to: step 2's
        self.outcomes: dict[str, Picture] = {}  # what correct and undo give, left alone
        self.anchors: dict[str, float] = {}  # seconds from start to the safety checkpoint
        self.durations: dict[str, float] = {}  # seconds from the safety checkpoint to the end
        self.kill_when: tuple[str, bytes] | None = None  # (path, bytes): SIGKILL once it holds them

    # -- building the state each command starts from -------------------------------------

    def repository(self, name: str) -> Path:
        repo = self.workdir / name
        repo.mkdir()
        self.git(repo, "init", "--quiet", "--initial-branch=main")
        (repo / ".gitignore").write_text("*.log\n")
        for path, (data, mode, committed) in USER_FILES.items():
            target = repo / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            target.chmod(mode)
            if committed:
                self.git(repo, "add", "--", path)
        self.git(repo, "add", ".gitignore")
        self.git(repo, "commit", "--quiet", "--no-gpg-sign", "-m", "initial")
        self.nested_repository(repo / NESTED)
        return repo

    def nested_repository(self, lib: Path) -> None:
        lib.mkdir(parents=True)
        for name, data in NESTED_FILES.items():
            (lib / name).write_bytes(data)
        self.git(lib, "init", "--quiet")
        self.git(lib, "add", "--all")
        self.git(lib, "commit", "--quiet", "--no-gpg-sign", "-m", "lib")
        self.git(lib, "pack-refs", "--all")
        (lib / "lib.c").write_bytes(b"int stashed;\n")
        self.git(lib, "stash", "--quiet")
        (lib / "wip.txt").write_bytes(b"untracked, mine\n")
        (lib / "built.o").write_bytes(b"ignored, mine\x00\n")

    def setup(self, command: str, name: str) -> Setup:
        repo = self.repository(name)
        run = ["plan", "run", "--script", str(self.plan)]
        if command == "run":
            before = picture(repo)
            return Setup(repo, run, before, plan_states(before))
        pristine = picture(repo)
        self.agents_ok(repo, *run)
        for path, data in self.hand_edits().items():
            (repo / path).write_bytes(data)
        correct = ["plan", "correct", "--mode=revert", "--decision", self.decision]
        # --theirs: the user's hand edit of a file the agent changed is a conflict.
        correct += ["--guidance", "try again", "--yes", "--theirs"]
        if command == "correct":
            return Setup(repo, correct, picture(repo), pristine=pristine)
        self.agents_ok(repo, *correct, "--no-execute")
        return Setup(repo, ["plan", "undo", "--yes"], picture(repo))

    def hand_edits(self) -> dict[str, bytes]:
        """The user's edits after the run; with a kill placed by a file, that file too."""
        if self.kill_when is None:
            return HAND_EDITS
        return {**HAND_EDITS, self.kill_when[0]: b"the user's own, before the correction\n"}

    def calibrate(self, commands: tuple[str, ...] = COMMANDS) -> None:
        """Time each command left alone, and record what correct and undo give."""
        repo = self.repository("calibrate-tree")
        self.agents_ok(repo, "plan", "run", "--script", str(self.plan))
        tree = json.loads(self.agents_ok(repo, "plan", "tree", "--json"))
        self.decision = next(
            d["id"] for d in tree["decisions"] if d["kind"] == "step" and d["step"] == 2
        )
        for command in commands if self.kill_when is None else ():  # no timing: a file places it
            anchors, rests = [], []
            for attempt in range(self.calibrations):
                setup = self.setup(command, f"calibrate-{command}-{attempt}")
                process, started, refs = self.launch(setup)
                anchor = self.wait_for_checkpoint(process, setup.repo, refs, started, 60.0)
                process.communicate(timeout=120)
                if process.returncode != 0 or anchor is None:
                    raise SystemExit(
                        f"kill_trials: `agents {' '.join(setup.args)}` left alone exited "
                        f"{process.returncode}, or wrote no checkpoint under refs/cleveragents"
                    )
                anchors.append(anchor)
                rests.append(time.monotonic() - started - anchor)
            self.anchors[command] = statistics.median(anchors)
            self.durations[command] = statistics.median(rests)
            self.outcomes[command] = picture(setup.repo)
            if command == "run" and self.outcomes["run"] != setup.after[-1]:
                raise SystemExit(
                    "kill_trials: the plan's model does not match what `agents plan run` did:\n"
                    + "\n".join(differences(setup.after[-1], self.outcomes["run"]))
                )

    def launch(self, setup: Setup) -> tuple[subprocess.Popen[str], float, dict[str, bytes]]:
        refs = agents_process.cleveragents_refs(setup.repo)
        process = subprocess.Popen(
            [str(self.binary), *setup.args],
            cwd=setup.repo,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=agents_process.environment(),
        )
        return process, time.monotonic(), refs

    def wait_for_checkpoint(
        self,
        process: subprocess.Popen[str],
        repo: Path,
        refs: dict[str, bytes],
        started: float,
        limit: float,
    ) -> float | None:
        """Seconds until the command's first checkpoint (its safety checkpoint) moved a ref
        under refs/cleveragents: from then on it works on the tree. None if it ended first."""
        while time.monotonic() - started < limit and process.poll() is None:
            if agents_process.cleveragents_refs(repo) != refs:
                return time.monotonic() - started
            time.sleep(0.002)
        return None

    # -- one trial ------------------------------------------------------------------------

    def trial(
        self, number: int, command: str, sig: str, early: bool, fraction: float, edit: bool
    ) -> dict[str, Any]:
        setup = self.setup(command, f"trial-{number}")
        if command != "run":
            setup.after = [self.outcomes.get(command, {})]  # none when a file places the kill
        user_git = git_state(setup.repo / ".git")
        process, started, refs = self.launch(setup)
        if self.kill_when is not None:
            point = self.wait_for(process, setup.repo, *self.kill_when)
        elif early:
            # Before its safety checkpoint: starting, taking the lock, repairing, previewing.
            time.sleep((0.5 + 0.5 * fraction) * self.anchors[command])
            point = "before its safety checkpoint (by the clock)"
        else:
            limit = 3 * self.anchors[command] + 5
            anchor = self.wait_for_checkpoint(process, setup.repo, refs, started, limit)
            time.sleep(fraction * self.durations[command])
            point = f"{fraction * self.durations[command]:.3f} s after its safety checkpoint"
            if anchor is None:
                point = "no checkpoint seen"
        delay = time.monotonic() - started
        finished_first = process.poll() is not None
        if not finished_first:
            process.send_signal(getattr(signal, sig))
        result: dict[str, Any] = {
            "trial": number,
            "command": command,
            "signal": sig,
            "delay_s": round(delay, 3),
            "point": point,
            "finished_before_signal": finished_first,
            "problems": [],
            "lost_bytes": 0,
            "stranded": 0,
            "exit_70": 0,
        }
        if self.kill_when is not None and finished_first:  # the point asked for was not reached
            result["problems"].append(point)
        stderr, hang = agents_process.ended(process, WAIT)
        if hang is not None and agents_process.measuring_deadlock(hang):
            result["note"] = "coverage's tracer deadlocked on its own lock; killed"
        elif hang is not None:
            result["problems"].append(f"hung: still running {WAIT:.0f} s after {sig}; {hang}")
        result["exit"] = process.returncode
        self.exit_code(result, f"agents {' '.join(setup.args[:2])}", process.returncode, stderr)
        if edit and command == "correct":
            for path, data in AFTER_KILL.items():
                (setup.repo / path).write_bytes(data)
            setup.edited = AFTER_KILL
            result["edited_after"] = sorted(AFTER_KILL)
        self.next_commands(result, setup)
        self.check_tree(result, setup, command)
        if git_state(setup.repo / ".git") != user_git:
            result["problems"].append("the user's index, HEAD or branches changed")
        shutil.rmtree(setup.repo, ignore_errors=True)
        return result

    def wait_for(self, process: subprocess.Popen[str], repo: Path, path: str, data: bytes) -> str:
        """Until `path` of the tree holds `data` after it held other bytes (polled every
        millisecond), or the command has ended: a kill just after a write, at any speed."""
        other = False
        while process.poll() is None:
            try:
                now = (repo / path).read_bytes()
            except OSError:
                now = None
            if now == data and other:
                return f"{path} held {data!r}"
            other = other or now != data
            time.sleep(0.001)
        return f"{path} never held {data!r}: the command ended"

    def next_commands(self, result: dict[str, Any], setup: Setup) -> None:
        """`plan ops --json` then `plan show --json`: they repair; nothing may stay stuck."""
        ops = self.agents(setup.repo, "plan", "ops", "--json")
        self.exit_code(result, "agents plan ops --json", ops.returncode, ops.stderr)
        operations = json.loads(ops.stdout)["operations"] if ops.returncode == 0 else []
        for line in ops.stderr.splitlines():  # what settling a killed correction kept, named
            if "; kept (" in line:
                result["kept"] = line.split("): ", 1)[1].split(", ")
        for op in operations:
            stuck = op["status"] == "running" or (
                op["status"] == "interrupted" and op["kind"] not in ("run", "resume")
            )
            if stuck:
                result["stranded"] += 1
                result["problems"].append(
                    f"operation {op['id']} ({op['kind']}) {op['status']} after the next command"
                )
        result["operations"] = [(op["id"], op["kind"], op["status"]) for op in operations]
        show = self.agents(setup.repo, "plan", "show", "--json")
        if show.returncode != 2 or "no plan" not in show.stderr:  # no plan yet is fine
            self.exit_code(result, "agents plan show --json", show.returncode, show.stderr)

    def check_tree(self, result: dict[str, Any], setup: Setup, command: str) -> None:
        now = picture(setup.repo)
        mine = [op for op in result["operations"] if op[1] == command]
        if command == "run":
            self.check_states(result, now, setup.after, "a state the plan passes through")
            if mine:  # a run killed before it recorded anything changed nothing
                undo = self.agents(setup.repo, "plan", "undo", str(mine[-1][0]), "--yes")
                self.exit_code(result, "agents plan undo --yes", undo.returncode, undo.stderr)
                if undo.returncode != 0:
                    result["problems"].append(
                        f"undo of the interrupted run exited {undo.returncode}: "
                        + agents_process.last_line(undo.stderr)
                    )
                now = picture(setup.repo)
            self.check_states(result, now, [setup.before], "the tree before the run, after undo")
            return
        done = bool(mine) and mine[-1][2] == "done"
        expected = setup.after if done else [setup.before]
        what = f"the tree {command} gives" if done else f"the tree before the {command}"
        if not done and result.get("kept"):
            now, expected = self.kept_aside(result, setup, now, expected)
        if setup.edited:  # kept as the user left them; every other path as expected
            what += ", but for the user's edits after the signal"
            for path, data in setup.edited.items():
                entry = now.get(path)
                if entry is None or entry.data != data:
                    result["lost_bytes"] += len(data)
                    result["problems"].append(f"the user's edit of {path} after the signal is lost")
            now = {p: e for p, e in now.items() if p not in setup.edited}
            expected = [{p: e for p, e in s.items() if p not in setup.edited} for s in expected]
        self.check_states(result, now, expected, what)

    def kept_aside(
        self, result: dict[str, Any], setup: Setup, now: Picture, expected: list[Picture]
    ) -> tuple[Picture, list[Picture]]:
        """The settling of a killed correction kept and named paths it could not tell from
        the user's edits (what a command or edit it was cut off in wrote, or left of what it
        deleted). Each must hold what it held before the command, or before the plan ran,
        or what the plan writes there: never another byte."""
        kept = [p for p in result["kept"] if p not in setup.edited]

        def aside(path: str) -> bool:
            return any(path == k or path.startswith(f"{k}/") for k in kept)

        for path in {p for p in [*now, *setup.before] if aside(p)}:
            entry, was = now.get(path), setup.before.get(path)
            if self.kill_when is not None and path == self.kill_when[0]:
                result["problems"].append(f"kept {path} as the user's: the edit cut off wrote it")
                result["lost_bytes"] += len(was.data) if was is not None and entry != was else 0
                continue
            wrote = [d for kind, at, d in _effects() if kind == "write" and at == path]
            deleted = any(
                kind == "delete" and (path == at or path.startswith(f"{at}/"))
                for kind, at, _ in _effects()
            )
            if entry in (was, setup.pristine.get(path)) or (entry is None and deleted):
                continue
            if entry is not None and entry.data in wrote:
                continue
            result["problems"].append(f"kept {path}, which holds what neither it nor the plan did")
        now = {p: e for p, e in now.items() if not aside(p)}
        return now, [{p: e for p, e in s.items() if not aside(p)} for s in expected]

    def check_states(
        self, result: dict[str, Any], now: Picture, states: list[Picture], what: str
    ) -> None:
        if now in states:
            return
        losses = [lost_bytes(state, now) for state in states]
        closest = states[losses.index(min(losses))]
        result["lost_bytes"] += min(losses)
        result["problems"].append(
            f"the working tree is not {what} ({min(losses)} bytes of it missing):\n"
            + "\n".join(differences(closest, now, limit=6))
        )

    def exit_code(self, result: dict[str, Any], what: str, code: int, stderr: str) -> None:
        if code == 70:
            result["exit_70"] += 1
            result["problems"].append(f"{what} exited 70: {agents_process.last_line(stderr)}")

    # -- running things -------------------------------------------------------------------

    def agents(self, repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return agents_process.run(self.binary, repo, *args)

    def agents_ok(self, repo: Path, *args: str) -> str:
        result = self.agents(repo, *args)
        if result.returncode != 0:
            raise SystemExit(
                f"kill_trials: setup failed: `agents {' '.join(args)}` exited "
                f"{result.returncode}: {agents_process.last_line(result.stderr)}"
            )
        return result.stdout

    def git(self, repo: Path, *args: str) -> None:
        subprocess.run(
            ["git", *args],
            cwd=repo,
            env=agents_process.environment(),
            check=True,
            capture_output=True,
        )


def summary(seed: int, results: list[dict[str, Any]]) -> dict[str, Any]:
    per_command: dict[str, Any] = {}
    for command in COMMANDS:
        mine = [r for r in results if r["command"] == command]
        per_command[command] = {
            "trials": len(mine),
            "signals": {s: sum(r["signal"] == s for r in mine) for s in SIGNALS},
            "finished_before_signal": sum(r["finished_before_signal"] for r in mine),
            "failed": sum(bool(r["problems"]) for r in mine),
            "failed_by_signal": {
                s: sum(bool(r["problems"]) and r["signal"] == s for r in mine) for s in SIGNALS
            },
        }
    return {
        "seed": seed,
        "trials": len(results),
        "lost_bytes": sum(r["lost_bytes"] for r in results),
        "stranded_operations": sum(r["stranded"] for r in results),
        "exit_70": sum(r["exit_70"] for r in results),
        "failed_trials": sum(bool(r["problems"]) for r in results),
        "per_command": per_command,
        "failures": agents_process.failures(results),
    }


def main(argv: list[str] | None = None) -> int:
    parser = agents_process.trial_arguments(__doc__ or "", COMMANDS, SIGNALS, calibrations=3)
    parser.add_argument(
        "--kill-when",
        metavar="PATH=TEXT",
        help="SIGKILL a correction as soon as the file PATH holds TEXT (and a line's end) "
        "after other bytes, not after a random delay: e.g. src/app.py=print('v3')",
    )
    args = parser.parse_args(argv)
    # Started in a script's background, SIGINT comes ignored, and the agents of each trial
    # would ignore it too: a handler of ours is reset to the default in every child.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGHUP) is signal.SIG_IGN:  # and under `nohup`, SIGHUP
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    print(f"seed {seed}", flush=True)
    commands = [c for c in args.commands.split(",") if c]
    signals = {s: SIGNALS[s] for s in args.signals.split(",") if s in SIGNALS}
    if not args.agents.exists():
        parser.error(f"no agents command at {args.agents} (install the package, or --agents)")
    if not signals or any(c not in COMMANDS for c in commands):
        parser.error(f"commands among {', '.join(COMMANDS)}; signals among {', '.join(SIGNALS)}")
    workdir = Path(tempfile.mkdtemp(prefix="kill-trials-"))
    try:
        trials = Trials(args.agents, workdir, max(1, args.calibrations))
        if args.kill_when is not None:
            path, _, text = args.kill_when.partition("=")
            trials.kill_when = (path, f"{text}\n".encode())
            commands, signals = ["correct"], {"SIGKILL": 1.0}
        trials.calibrate(tuple(commands))
        results = []
        numbers = [args.trial] if args.trial is not None else range(1, args.trials + 1)
        for number in numbers:
            rng = random.Random(f"{seed}:{number}")
            command = rng.choice(commands)
            sig = rng.choices(list(signals), weights=list(signals.values()))[0]
            early = rng.random() < EARLY
            fraction = rng.random()
            edit = rng.random() < 0.5  # drawn last: a seed gives the same trials as before
            edit = edit and trials.kill_when is None  # its file is the user's before, then
            result = trials.trial(number, command, sig, early, fraction, edit)
            results.append(result)
            verdict = "ok" if not result["problems"] else "; ".join(result["problems"])
            print(
                f"trial {number} {command} {sig} after {result['delay_s']} s, {result['point']}: "
                f"exit {result['exit']}, {verdict}",
                file=sys.stderr,
                flush=True,
            )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    report = summary(seed, results)
    report["calibration_s"] = {
        c: {"to_safety_checkpoint": round(trials.anchors[c], 3), "then": round(t, 3)}
        for c, t in trials.durations.items()
    }
    print(json.dumps(report, indent=2))
    bad = report["lost_bytes"] or report["stranded_operations"] or report["exit_70"]
    return 1 if bad or report["failed_trials"] else 0


if __name__ == "__main__":
    sys.exit(main())
