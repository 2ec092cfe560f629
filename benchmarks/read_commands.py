"""Read-command benchmark: the commands that only show a plan, on a 1,000-decision plan with a
correction, against `python -c pass` and `git status` measured in the same run.

Targets (issue 28): `agents --help`, `agents plan --help` and a plan command's help (`agents
plan correct --help`) within 100 ms, and `plan list`, `plan show`, `plan tree`, `plan tree
--json`, `plan decision N` and `plan log N` within 150 ms (medians of wall time). Absolute
times depend on the machine, so every command is also given as a ratio to `python -c pass`
(the interpreter's own start, the floor of any Python command) and to `git status` in the
same repository, taken round by round: the commands run as whole processes, in turn, so a
change in the machine's speed during the run touches all of them alike. Each command's CPU
time (user + system, its children's too) is given beside its wall time: on a machine other
work shares, it moves far less than the wall.

The plan: a scripted plan file of one-`write` steps (every 25th step a `run` that prints a
line), about 1,000 decisions, then a revert correction near its end, re-executed.

The package `agents` imports is compiled to bytecode first (`compileall`), as an installed
copy is: where PYTHONDONTWRITEBYTECODE is set (it is in our CI shell) no run writes it, and
every command compiled each module it imports from source: 25 ms of the 110 of CPU
`plan log N` took.

The correction (issue 28: within 300 ms at 5,000 files): `agents plan correct --mode=revert
--decision N --guidance ...` back one decision, in a repository of 5,000 committed files
(`--files`) where a plan's last steps each wrote one of them: the restore changes one file,
then the step is executed again, as the command does unless told `--no-execute` (measured
too, beside it, but not with `--quick`). `agents plan undo` (not timed) puts the tree and
the plan back between rounds, so each round corrects the same decision from the same state.
Its yardsticks are `python -c pass` and `git status` in that repository, in the same rounds.

This is a benchmark, not a test: a missed target is reported in the JSON (`met: false`) and
the exit status stays 0.

Usage: python benchmarks/read_commands.py [--quick] [--runs N] [--decisions N] [--files N]
[--only read|correction]
`--runs` sets the rounds counted (15 by default; `--quick` 5, of the correction 3), after
two not counted (of the correction one). `--only` runs one of the two benchmarks.
One JSON document goes to stdout; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

RUNS = 15
QUICK_RUNS = 5
WARMUP = 2
HELP_TARGET_MS = 100.0
READ_TARGET_MS = 150.0
CORRECT_TARGET_MS = 300.0
FILES = 5_000
FOLDER_FILES = 100  # the 5,000 files lie in folders of a hundred
CORRECT_STEPS = 5  # one-file steps of the corrected plan; the last is corrected
QUICK_CORRECT_RUNS = 3
CORRECT_WARMUP = 1
GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@localhost",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@localhost",
}
SUBTASK_SIZE = 5  # without phases, steps come in sub-tasks of five (one decision each)


def log(message: str) -> None:
    print(f"[read_commands] {message}", file=sys.stderr, flush=True)


def steps_for(decisions: int) -> int:
    """One-write steps for about `decisions` decisions: a strategy, then a step and an
    action decision per step, and a sub-task decision for every five steps."""
    steps = 1
    while 1 + 2 * steps + -(-steps // SUBTASK_SIZE) < decisions:
        steps += 1
    return steps


def plan_file(steps: int) -> str:
    lines = ["task: write many files, one per step", "budget:", "  actor_calls: 1000000", "steps:"]
    for i in range(steps):
        action = (
            [f"          - run: echo step {i}"]
            if i % 25 == 0
            else [
                f"          - write: notes/f{i % 50:02d}.txt",
                f'            content: "step {i}\\n"',
            ]
        )
        lines += [f"  - name: write file {i}", "    options:", "      - actions:", *action]
    return "\n".join(lines) + "\n"


def agents_command() -> list[str]:
    script = Path(sys.executable).with_name("agents")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cleveragents"]


def make_plan(root: Path, agents: list[str], decisions: int) -> dict[str, str]:
    """A repository with one corrected plan; the ids a command line needs."""
    env = {**os.environ, **GIT_IDENTITY}
    subprocess.run(["git", "init", "--quiet", str(root)], check=True, env=env)
    (root / "README.md").write_text("# bench\n")
    subprocess.run(["git", "add", "--all"], cwd=root, check=True, env=env)
    subprocess.run(["git", "commit", "-qm", "initial", "--no-gpg-sign"], cwd=root, env=env)
    script = root.parent / "plan.yaml"
    script.write_text(plan_file(steps_for(decisions)))
    log(f"running a plan of about {decisions} decisions")

    def agents(*args: str) -> str:
        done = subprocess.run([*agents_command(), *args], cwd=root, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"agents {' '.join(args)} exited {done.returncode}: {done.stderr}")
        return done.stdout

    agents("plan", "run", "--script", str(script), "--quiet")
    target = str(decisions - decisions // 10)
    agents("plan", "correct", "--mode=revert", "--decision", target, "--guidance", "again", "-q")
    tree = json.loads(agents("plan", "tree", "--json"))
    ran = next(d["id"] for d in tree["decisions"] if d["output"])
    return {
        "plan": tree["plan"]["id"],
        "decision": target,
        "ran": ran,
        "count": str(len(tree["decisions"])),
    }


def compiled() -> str:
    """Compile the package `agents` imports (in this environment) to bytecode; its folder."""
    where = "import cleveragents, os; print(os.path.dirname(cleveragents.__file__))"
    folder = subprocess.run(
        [sys.executable, "-c", where], capture_output=True, text=True, check=True
    ).stdout.strip()
    subprocess.run([sys.executable, "-m", "compileall", "-q", folder], check=True)
    return folder


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """The command's wall time and CPU time (user + system), in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{command} exited {done.returncode}: {done.stderr!r}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return seconds, cpu


def measure(runs: int, decisions: int) -> dict[str, Any]:
    agents = agents_command()
    log(f"compiled {compiled()} to bytecode")
    with tempfile.TemporaryDirectory(prefix="cleveragents-read-") as tmp:
        root = Path(tmp) / "repo"
        ids = make_plan(root, agents, decisions)
        baselines = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "git status": ["git", "status"],
        }
        commands = {
            "agents --help": (["--help"], HELP_TARGET_MS),
            "agents plan --help": (["plan", "--help"], HELP_TARGET_MS),
            "agents plan correct --help": (["plan", "correct", "--help"], HELP_TARGET_MS),
            "agents plan list": (["plan", "list"], READ_TARGET_MS),
            "agents plan show": (["plan", "show"], READ_TARGET_MS),
            "agents plan tree": (["plan", "tree"], READ_TARGET_MS),
            "agents plan tree --json": (["plan", "tree", "--json"], READ_TARGET_MS),
            "agents plan decision N": (["plan", "decision", ids["ran"]], READ_TARGET_MS),
            "agents plan log N": (["plan", "log", ids["ran"]], READ_TARGET_MS),
        }
        wall: dict[str, list[float]] = {name: [] for name in [*baselines, *commands]}
        cpu: dict[str, list[float]] = {name: [] for name in wall}
        log(f"{ids['count']} decisions; {WARMUP} rounds not counted, then {runs}")
        for round_ in range(WARMUP + runs):
            times = {name: timed(command, root) for name, command in baselines.items()}
            for name, (args, _) in commands.items():
                times[name] = timed([*agents, *args], root)
            if round_ >= WARMUP:
                for name, (seconds, used) in times.items():
                    wall[name].append(seconds)
                    cpu[name].append(used)
    report: dict[str, Any] = {
        "decisions": int(ids["count"]),
        **{
            name: {"wall_ms": _figures(wall[name]), "cpu_ms": _figures(cpu[name])}
            for name in baselines
        },
    }
    for name, (args, target) in commands.items():
        median = statistics.median(wall[name]) * 1000
        report[name] = {
            "command": " ".join(["agents", *args]),
            "wall_ms": _figures(wall[name]),
            "cpu_ms": _figures(cpu[name]),
            **{f"ratio_to_{base}": _ratio(wall[name], wall[base]) for base in baselines},
            "target": {"max_ms": target, "met": median <= target},
        }
    return report


def make_files(root: Path, files: int) -> list[str]:
    """A repository of `files` committed text files in folders of a hundred, and a plan run
    on it whose last steps each rewrote one of them; the files the steps wrote."""
    for i in range(files):
        path = root / f"src/d{i // FOLDER_FILES:03d}/f{i % FOLDER_FILES:02d}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"file {i}\n" + "line of text\n" * (i % 7))
    _setup_git(root)
    written = [f"src/d{i:03d}/f00.txt" for i in range(min(CORRECT_STEPS, files // FOLDER_FILES))]
    lines = ["task: rewrite one file a step", "steps:"]
    for i, path in enumerate(written):
        lines += [f"  - name: rewrite {path}", "    options:", "      - actions:"]
        lines += [f"          - write: {path}", f'            content: "step {i}\\n"']
    script = root.parent / "correct.yaml"
    script.write_text("\n".join(lines) + "\n")
    _run_agents(root, "plan", "run", "--script", str(script), "--quiet")
    return written


def last_step(root: Path) -> str:
    """The id of the plan's last `step` decision: correcting it goes back one decision."""
    tree = json.loads(_run_agents(root, "plan", "tree", "--json"))
    steps = [d for d in tree["decisions"] if d["kind"] == "step"]
    return str(max(steps, key=lambda d: int(d["seq"]))["id"])


def measure_correction(runs: int, files: int, quick: bool) -> dict[str, Any]:
    """The one-file correction at `files` files, with its yardsticks in the same rounds
    (`quick`: not `--no-execute`)."""
    agents = agents_command()
    with tempfile.TemporaryDirectory(prefix="cleveragents-correct-") as tmp:
        root = Path(tmp) / "repo"
        root.mkdir()
        log(f"writing {files} files and running a plan of {CORRECT_STEPS} one-file steps")
        written = make_files(root, files)
        decision = last_step(root)
        guidance = ["--mode=revert", "--decision", decision, "--guidance", "again", "--quiet"]
        baselines = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "git status": ["git", "status"],
        }
        correct = ["plan", "correct", *guidance]
        commands = {"agents plan correct": correct}
        if not quick:
            commands["agents plan correct --no-execute"] = [*correct, "--no-execute"]
        wall: dict[str, list[float]] = {name: [] for name in [*baselines, *commands]}
        cpu: dict[str, list[float]] = {name: [] for name in wall}
        log(f"correcting decision {decision}: {CORRECT_WARMUP} rounds not counted, then {runs}")
        for round_ in range(CORRECT_WARMUP + runs):
            times = {name: timed(command, root) for name, command in baselines.items()}
            for name, args in commands.items():
                times[name] = timed([*agents, *args], root)
                _run_agents(root, "plan", "undo")
                _check_tree(root, written)
            if round_ >= CORRECT_WARMUP:
                for name, (seconds, used) in times.items():
                    wall[name].append(seconds)
                    cpu[name].append(used)
    report: dict[str, Any] = {
        "files": files,
        "rounds": runs,
        **{
            name: {"wall_ms": _figures(wall[name]), "cpu_ms": _figures(cpu[name])}
            for name in baselines
        },
    }
    for name, args in commands.items():
        median = statistics.median(wall[name]) * 1000
        report[name] = {
            "command": " ".join(["agents", *args]),
            "wall_ms": _figures(wall[name]),
            "cpu_ms": _figures(cpu[name]),
            **{f"ratio_to_{base}": _ratio(wall[name], wall[base]) for base in baselines},
            "target": {"max_ms": CORRECT_TARGET_MS, "met": median <= CORRECT_TARGET_MS},
        }
    return report


def _setup_git(root: Path) -> None:
    env = {**os.environ, **GIT_IDENTITY}
    subprocess.run(["git", "init", "--quiet", str(root)], check=True, env=env)
    subprocess.run(["git", "add", "--all"], cwd=root, check=True, env=env)
    subprocess.run(["git", "commit", "-qm", "initial", "--no-gpg-sign"], cwd=root, env=env)


def _run_agents(root: Path, *args: str) -> str:
    done = subprocess.run([*agents_command(), *args], cwd=root, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"agents {' '.join(args)} exited {done.returncode}: {done.stderr}")
    return done.stdout


def _check_tree(root: Path, written: list[str]) -> None:
    """The undo put the tree back as the plan left it (a wrong state stops the script)."""
    for i, path in enumerate(written):
        if (root / path).read_text() != f"step {i}\n":
            raise SystemExit(f"{path} is not as the plan wrote it after `agents plan undo`")


def _figures(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values) * 1000, 1),
        "min": round(min(values) * 1000, 1),
        "max": round(max(values) * 1000, 1),
    }


def _ratio(values: list[float], base: list[float]) -> float:
    """The median of the round-by-round ratios."""
    return round(statistics.median(a / b for a, b in zip(values, base, strict=True)), 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_RUNS} rounds")
    parser.add_argument("--runs", type=int, help=f"rounds counted (default {RUNS})")
    parser.add_argument("--decisions", type=int, default=1000, help="the plan's size")
    parser.add_argument("--files", type=int, default=FILES, help="the correction's repository")
    parser.add_argument("--only", choices=("read", "correction"), help="one benchmark only")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    runs = args.runs or (QUICK_RUNS if args.quick else RUNS)
    started = time.perf_counter()
    commands = measure(runs, args.decisions) if args.only != "correction" else None
    correction = None
    if args.only != "read":
        if commands is None:
            log(f"compiled {compiled()} to bytecode")
        correct_runs = args.runs or (QUICK_CORRECT_RUNS if args.quick else RUNS)
        correction = measure_correction(correct_runs, args.files, args.quick)
    report = {
        "benchmark": "read_commands",
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "rounds": runs,
        **({"commands": commands} if commands is not None else {}),
        **({"correction": correction} if correction is not None else {}),
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
