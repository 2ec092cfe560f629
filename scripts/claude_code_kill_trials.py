"""Fault injection for Claude Code's plans: SIGKILL `agents`, or the Claude Code process it
started, at random points of `agents plan run --actor claude-code` and of a correction.

Each trial builds a fresh git repository (committed, untracked and ignored files of the
user), starts the real CLI, which runs the real Claude Code against the stand-in Messages API
(features/support/messages_server.py, one per trial, on 127.0.0.1) on a session of writes,
edits and commands, and at a random point kills, by PID, either `agents` or the Claude Code
process `agents` started (found among the children of that PID, by its program's path,
never by a pattern). Then, as a user would, it edits files by hand (in half of the trials
before any `agents` command, so the repair finds them), runs `agents plan ops
--json` and `agents plan show --json` (which repair what the killed command left), resumes
the plan when it did not finish, and undoes what the plan did. It checks:

- no exit 70 (internal error) from any command, and no operation left `running`;
- no Claude Code process left running once `agents` is gone;
- the plan is completed, or stopped or interrupted (resumable), and `agents plan resume`
  then completes it;
- no user byte lost: the user's files made before, and the edits made by hand between the
  kill and the next commands, are byte for byte as the user left them at every check;
- `agents plan undo` (newest operation first) brings back the tree as before the command
  under trial, the hand edits kept; the user's `.git/index`, HEAD and branches untouched.

Usage (from the top of the checkout, with `agents` and the `claude-code` extra installed):

    python scripts/claude_code_kill_trials.py --trials 20 --seed 7

The seed is printed first; `--trial K` replays trial K alone. `--kill-when a.txt=three`
places the kill instead of a random delay: as soon as the file holds that text (polled each
millisecond), e.g. just after the correction's Edit wrote it, before the checkpoint after
the call; a trial where it never does fails. A JSON summary ends the output; the exit
status is 1 when any trial failed.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from features.support import agents_process  # noqa: E402
from features.support.messages_server import MessagesServer  # noqa: E402
from features.support.tree_state import Picture, differences, git_state, picture  # noqa: E402

COMMANDS = ("run", "correct")
TARGETS = ("agents", "claude")
SIGNALS = {"SIGKILL": 1.0}
WAIT = 60.0  # seconds `agents` gets to end after a kill before it counts as hung
REPLY_DELAY = 0.05  # each model turn takes this long: a kill has many points to land on
KEY = "sk-ant-kill-trials-0123456789"
USER_FILES = {
    "README.md": (b"# demo\n", True),
    "notes.txt": (b"my notes, committed\n", True),
    "todo.txt": (b"untracked, mine\n", False),
    "debug.log": (b"ignored, mine\x00\n", False),
}
BEFORE_CORRECTION = {"mine.txt": b"made by hand after the run\n"}
BETWEEN = {"todo.txt": b"edited by hand after the kill\r\n", "later.txt": b"new, mine\n"}
GUIDANCE = "Write three, not two."


def session(server: MessagesServer, repo: Path) -> None:
    """The session of the plan's run: decisions 2 to 7."""
    calls: list[tuple[str, dict[str, Any]]] = [
        ("Write", {"file_path": f"{repo}/a.txt", "content": "one\n"}),
        ("Bash", {"command": "echo hi > b.txt", "description": "b"}),
        ("Edit", {"file_path": f"{repo}/a.txt", "old_string": "one", "new_string": "two"}),
        ("Write", {"file_path": f"{repo}/out/c.txt", "content": "c\n"}),
        ("Bash", {"command": "sleep 0.2", "description": "wait"}),
        ("Write", {"file_path": f"{repo}/d.txt", "content": "d\n"}),
    ]
    for call in calls:
        server.reply_tools([call], delay=REPLY_DELAY)
    server.reply_text("All done.", delay=REPLY_DELAY)


def correction(server: MessagesServer, repo: Path) -> None:
    """What the fork does after the guidance, back at decision 4 (the edit)."""
    server.reply_tools(
        [("Edit", {"file_path": f"{repo}/a.txt", "old_string": "one", "new_string": "three"})],
        delay=REPLY_DELAY,
    )
    server.reply_tools([("Bash", {"command": "sleep 0.2", "description": "w"})], delay=REPLY_DELAY)
    server.reply_tools(
        [("Write", {"file_path": f"{repo}/e.txt", "content": "e\n"})], delay=REPLY_DELAY
    )
    server.reply_text("Fixed.", delay=REPLY_DELAY)


@dataclass
class Trial:
    """One trial's repository, its stand-in and the environment that points Claude Code at it."""

    repo: Path
    server: MessagesServer
    env: dict[str, str]


class Trials:
    def __init__(self, agents: Path, workdir: Path) -> None:
        from cleveragents.adapters.actors.claude_code.program import find_claude

        self.binary = agents
        self.workdir = workdir
        self.durations: dict[str, float] = {}
        self.edit_first = False  # hand edits before the next command (which repairs)
        self.kill_when: tuple[str, bytes] | None = None  # (path, bytes): kill once it holds them
        self.program = find_claude(workdir).path  # the Claude Code `agents` runs

    def start(self, name: str) -> Trial:
        repo = self.workdir / name
        repo.mkdir()
        self.git(repo, "init", "--quiet", "--initial-branch=main")
        (repo / ".gitignore").write_text("*.log\n")
        for path, (data, committed) in USER_FILES.items():
            (repo / path).write_bytes(data)
            if committed:
                self.git(repo, "add", "--", path)
        self.git(repo, "add", ".gitignore")
        self.git(repo, "commit", "--quiet", "--no-gpg-sign", "-m", "initial")
        server = MessagesServer(answer_side_requests=True).start()
        env = agents_process.environment() | {
            "ANTHROPIC_API_KEY": KEY,
            "ANTHROPIC_BASE_URL": server.url,
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CONFIG_DIR": str(self.workdir / f"{name}-config"),
            "GIT_CEILING_DIRECTORIES": str(self.workdir),
        }
        return Trial(repo, server, env)

    def args(self, command: str) -> list[str]:
        if command == "run":
            run = ["plan", "run", "make the files", "--actor", "claude-code"]
            return [*run, "--allow-command", "echo *", "--allow-command", "sleep *"]
        correct = ["plan", "correct", "--mode=revert", "--decision", "4"]
        return [*correct, "--guidance", GUIDANCE, "--yes"]

    def prepare(self, command: str, trial: Trial) -> None:
        """Script the stand-in for the command under trial (a correction's run first)."""
        if command == "correct":
            session(trial.server, trial.repo)
            self.agents_ok(trial, *self.args("run"))
            for path, data in BEFORE_CORRECTION.items():
                (trial.repo / path).write_bytes(data)
            correction(trial.server, trial.repo)
        else:
            session(trial.server, trial.repo)

    def calibrate(self) -> None:
        """Time each command left alone."""
        for command in COMMANDS:
            trial = self.start(f"calibrate-{command}")
            try:
                self.prepare(command, trial)
                started = time.monotonic()  # a new Python, as the trials start the command
                self.agents_ok(trial, *self.args(command), forked=False)
                self.durations[command] = time.monotonic() - started
            finally:
                trial.server.stop()

    # -- one trial ------------------------------------------------------------------------

    def trial(self, number: int, command: str, target: str, fraction: float) -> dict[str, Any]:
        trial = self.start(f"trial-{number}")
        try:
            return self._trial(trial, number, command, target, fraction)
        finally:
            trial.server.stop()
            shutil.rmtree(trial.repo, ignore_errors=True)

    def _trial(
        self, trial: Trial, number: int, command: str, target: str, fraction: float
    ) -> dict[str, Any]:
        self.prepare(command, trial)
        before = picture(trial.repo)
        user_git = git_state(trial.repo / ".git")
        process = subprocess.Popen(
            [str(self.binary), *self.args(command)],
            cwd=trial.repo,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=trial.env,
        )
        started = time.monotonic()
        if self.kill_when is None:
            time.sleep(fraction * self.durations[command])
        else:
            self.wait_for(trial, process, *self.kill_when)
        delay = time.monotonic() - started
        claude = claude_of(process.pid, self.program)
        while target == "claude" and claude is None and process.poll() is None:
            time.sleep(0.01)  # not started yet: killed as soon as it is
            claude = claude_of(process.pid, self.program)
        victim = process.pid if target == "agents" else claude
        killed = process.poll() is None and victim is not None
        if killed:
            assert victim is not None
            os.kill(victim, signal.SIGKILL)
        result: dict[str, Any] = {
            "trial": number,
            "command": command,
            "signal": "SIGKILL",
            "target": target,
            "delay_s": round(delay, 3),
            "point": f"{target} killed" if killed else f"no {target} to kill: it had ended",
            "finished_before_signal": not killed,
            "problems": [],
            "lost_bytes": 0,
            "stranded": 0,
            "exit_70": 0,
        }
        if self.kill_when is not None and not killed:  # the point asked for was never reached
            result["problems"].append(f"{self.kill_when[0]} never held {self.kill_when[1]!r}")
        stderr, hang = agents_process.ended(process, WAIT)
        if hang is not None:
            result["problems"].append(f"hung: still running {WAIT:.0f} s after the kill; {hang}")
        result["exit"] = process.returncode
        result["said"] = agents_process.last_line(stderr)
        self.exit_code(result, f"agents {command}", process.returncode, stderr)
        if claude is not None and still_running(claude, 10.0):
            result["problems"].append(f"Claude Code (pid {claude}) still runs after agents ended")
            os.kill(claude, signal.SIGKILL)
        if self.edit_first:  # the user goes on working before any agents command
            mine = self.edit(trial)
        self.next_commands(result, trial)
        if not self.edit_first:  # the user goes on working once agents said where it is
            mine = self.edit(trial)
        self.check_mine(result, trial, mine, "after the next commands")
        self.resume(result, trial)
        self.check_mine(result, trial, mine, "after the next commands and resume")
        whole = self.undo(result, trial, command)
        # An operation whose end was never recorded (killed) is undone whole: the tree goes
        # back as before it, and what the user did since is kept in that undo's record.
        expected = {**before, **({} if whole else {p: mine[p] for p in BETWEEN})}
        now = picture(trial.repo)
        if now != expected:
            result["problems"].append(
                f"after undo the tree is not as before the {command}:\n"
                + "\n".join(differences(expected, now, limit=6))
            )
        if whole is None:
            self.check_mine(result, trial, mine, "after undo")
        else:
            self.check_kept(result, trial, mine, whole)
        if git_state(trial.repo / ".git") != user_git:
            result["problems"].append("the user's index, HEAD or branches changed")
        return result

    def wait_for(
        self, trial: Trial, process: subprocess.Popen[str], path: str, data: bytes
    ) -> None:
        """Until `path` of the tree holds `data` (polled every millisecond), or the command
        has ended: a kill placed just after a write, whatever the machine's speed."""
        while process.poll() is None:
            try:
                if (trial.repo / path).read_bytes() == data:
                    return
            except OSError:
                pass
            time.sleep(0.001)

    def edit(self, trial: Trial) -> Picture:
        """The user's hand edits; their files as they are then."""
        for path, data in BETWEEN.items():
            (trial.repo / path).write_bytes(data)
        return user_bytes(trial.repo)

    def next_commands(self, result: dict[str, Any], trial: Trial) -> None:
        ops = self.agents(trial, "plan", "ops", "--json")
        self.exit_code(result, "agents plan ops --json", ops.returncode, ops.stderr)
        operations = json.loads(ops.stdout)["operations"] if ops.returncode == 0 else []
        for op in operations:
            if op["status"] == "running":
                result["stranded"] += 1
                result["problems"].append(f"operation {op['id']} ({op['kind']}) left running")
        show = self.agents(trial, "plan", "show", "--json")
        self.exit_code(result, "agents plan show --json", show.returncode, show.stderr)

    def resume(self, result: dict[str, Any], trial: Trial) -> None:
        """A plan not completed must be resumable, and resume must complete it."""
        status = self.status(trial)
        result["status_after"] = status
        if status == "completed" or status == "none":  # "none": killed before it began
            return
        if status not in ("stopped", "interrupted"):
            result["problems"].append(f"the plan is {status}, neither completed nor resumable")
        trial.server.forget()
        trial.server.reply_text("Done now.", delay=REPLY_DELAY)
        resumed = self.agents(trial, "plan", "resume")
        self.exit_code(result, "agents plan resume", resumed.returncode, resumed.stderr)
        if resumed.returncode != 0 or self.status(trial) != "completed":
            result["problems"].append(
                f"resume exited {resumed.returncode}: {agents_process.last_line(resumed.stderr)}"
            )

    def undo(self, result: dict[str, Any], trial: Trial, command: str) -> str | None:
        """Undo, newest first, every operation from the one under trial on. The safety
        checkpoint of the first undo that put the whole tree back (its operation's end
        was never recorded), or None."""
        ops = json.loads(self.agents(trial, "plan", "ops", "--json").stdout)["operations"]
        first = next((i for i, op in enumerate(ops) if op["kind"] == command), None)
        whole = None
        for op in reversed(ops[first:] if first is not None else []):
            if op["status"] not in ("done", "interrupted") or op["kind"] in ("undo", "repair"):
                continue
            undone = self.agents(trial, "plan", "undo", str(op["id"]), "--yes")
            self.exit_code(result, "agents plan undo", undone.returncode, undone.stderr)
            if undone.returncode != 0:
                result["problems"].append(
                    f"undo of operation {op['id']} ({op['kind']}) exited {undone.returncode}: "
                    + agents_process.last_line(undone.stderr)
                )
            if whole is None and op["files_after"] is None:
                now = json.loads(self.agents(trial, "plan", "ops", "--json").stdout)
                whole = str(now["operations"][-1]["files_before"])
        return whole

    def check_kept(self, result: dict[str, Any], trial: Trial, mine: Picture, safety: str) -> None:
        """The user's files as they were before a whole-tree undo are in its safety
        checkpoint: `agents plan undo` of that undo brings them back."""
        for path, entry in mine.items():
            if path in USER_FILES and USER_FILES[path][1] is False and path.endswith(".log"):
                continue  # ignored: no checkpoint holds it, and the undo leaves it alone
            kept = subprocess.run(
                ["git", "cat-file", "blob", f"{safety}:{path}"],
                cwd=trial.repo,
                capture_output=True,
                check=False,
            )
            if kept.returncode != 0 or kept.stdout != entry.data:
                result["lost_bytes"] += len(entry.data)
                result["problems"].append(f"{path} is not in the undo's safety checkpoint")

    def check_mine(self, result: dict[str, Any], trial: Trial, mine: Picture, when: str) -> None:
        now = picture(trial.repo)
        lost = {p: e for p, e in mine.items() if now.get(p) != e}
        if lost:
            result["lost_bytes"] += sum(len(e.data) for e in lost.values())
            result["problems"].append(f"user files changed {when}: {sorted(lost)}")

    def status(self, trial: Trial) -> str:
        shown = self.agents(trial, "plan", "show", "--json")
        return str(json.loads(shown.stdout)["status"]) if shown.returncode == 0 else "none"

    def exit_code(self, result: dict[str, Any], what: str, code: int, stderr: str) -> None:
        if code == 70:
            result["exit_70"] += 1
            result["problems"].append(f"{what} exited 70: {agents_process.last_line(stderr)}")

    # -- running things -------------------------------------------------------------------

    def agents(
        self, trial: Trial, *args: str, forked: bool = True
    ) -> subprocess.CompletedProcess[str]:
        """`agents ARGS` as the user runs it after the kill: a fork of this Python, which
        imported the CLI and the SDK once (`forked_agents.py`), unless `forked` is false;
        the command under trial is always a new process (`_trial`)."""
        return agents_process.run(self.binary, trial.repo, *args, env=trial.env, forked=forked)

    def agents_ok(self, trial: Trial, *args: str, forked: bool = True) -> None:
        done = self.agents(trial, *args, forked=forked)
        if done.returncode != 0:
            raise SystemExit(
                f"claude_code_kill_trials: setup failed: `agents {' '.join(args)}` exited "
                f"{done.returncode}: {agents_process.last_line(done.stderr)}"
            )

    def git(self, repo: Path, *args: str) -> None:
        subprocess.run(
            ["git", *args],
            cwd=repo,
            env=agents_process.environment(),
            check=True,
            capture_output=True,
        )


def user_bytes(repo: Path) -> Picture:
    """The user's own files as they are now: those made before, and the hand edits."""
    names = {*USER_FILES, *BEFORE_CORRECTION, *BETWEEN}
    return {p: e for p, e in picture(repo).items() if p in names}


def children(pid: int) -> list[int]:
    """The PIDs of the children of `pid`, read from /proc."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def claude_of(pid: int, program: str) -> int | None:
    """The Claude Code process `agents` (at `pid`) started, if one runs now: its child
    whose executable is `program`."""
    for child in children(pid):
        try:
            if os.path.realpath(f"/proc/{child}/exe") == os.path.realpath(program):
                return child
        except OSError:
            continue
    return None


def still_running(pid: int, seconds: float) -> bool:
    """Whether `pid` still runs (not a zombie) after up to `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return False
        if state in ("Z", "X"):
            return False
        time.sleep(0.05)
    return True


def summary(seed: int, results: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "seed": seed,
        "trials": len(results),
        "lost_bytes": sum(r["lost_bytes"] for r in results),
        "stranded_operations": sum(r["stranded"] for r in results),
        "exit_70": sum(r["exit_70"] for r in results),
        "failed_trials": sum(bool(r["problems"]) for r in results),
        "per_command": {
            c: {t: sum(r["command"] == c and r["target"] == t for r in results) for t in TARGETS}
            for c in COMMANDS
        },
        "failures": agents_process.failures(results),
    }


def main(argv: list[str] | None = None) -> int:
    parser = agents_process.trial_arguments(__doc__ or "", COMMANDS, SIGNALS, calibrations=1)
    parser.add_argument("--targets", default=",".join(TARGETS))
    parser.add_argument(
        "--edit-first",
        action="store_true",
        help="make the hand edits before the next agents command, which repairs what the "
        "killed one left, in every trial (by default: in half of them, drawn by the seed)",
    )
    parser.add_argument(
        "--kill-when",
        metavar="PATH=TEXT",
        help="kill as soon as the file PATH of the tree holds TEXT (and a line's end), not "
        "after a random delay: e.g. a.txt=three, just after the correction's edit",
    )
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    print(f"seed {seed}", flush=True)
    commands = [c for c in args.commands.split(",") if c]
    targets = [t for t in args.targets.split(",") if t]
    if not args.agents.exists():
        parser.error(f"no agents command at {args.agents} (install the package, or --agents)")
    if any(c not in COMMANDS for c in commands) or any(t not in TARGETS for t in targets):
        parser.error(f"commands among {', '.join(COMMANDS)}; targets among {', '.join(TARGETS)}")
    workdir = Path(tempfile.mkdtemp(prefix="claude-code-kill-trials-"))
    results = []
    try:
        trials = Trials(args.agents, workdir)
        if args.kill_when is not None:
            path, _, text = args.kill_when.partition("=")
            trials.kill_when = (path, f"{text}\n".encode())
        if trials.kill_when is None:  # a kill placed by the tree needs no timing
            trials.calibrate()
        numbers = [args.trial] if args.trial is not None else range(1, args.trials + 1)
        for number in numbers:
            rng = random.Random(f"{seed}:{number}")
            command, target = rng.choice(commands), rng.choice(targets)
            fraction = rng.random()
            # Drawn last: a seed picks the same commands, targets and points as before.
            trials.edit_first = args.edit_first or rng.random() < 0.5
            try:
                result = trials.trial(number, command, target, fraction)
            except Exception as error:  # the trial's own failure: said, and the others go on
                result = {"trial": number, "command": command, "signal": "SIGKILL"}
                result |= {"target": target, "delay_s": 0, "point": "", "exit": None}
                result |= {"problems": [f"the trial failed: {error!r}"], "said": ""}
                result |= {"lost_bytes": 0, "stranded": 0, "exit_70": 0}
            result["edit_first"] = trials.edit_first
            results.append(result)
            verdict = "ok" if not result["problems"] else "; ".join(result["problems"])
            print(
                f"trial {number} {command}, hand edits "
                f"{'first' if trials.edit_first else 'later'}, after {result['delay_s']} s, "
                f"{result['point']}: exit {result['exit']} ({result['said']}), "
                f"{result.get('status_after')}, {verdict}",
                file=sys.stderr,
                flush=True,
            )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    report = summary(seed, results)
    report["calibration_s"] = {c: round(t, 3) for c, t in trials.durations.items()}
    print(json.dumps(report, indent=2))
    return 1 if report["failed_trials"] else 0


if __name__ == "__main__":
    sys.exit(main())
