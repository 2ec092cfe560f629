"""Start-up benchmark: `agents --help`, `plan list`, `plan show` and two refusals against
`python -c "import typer"` and `python -c pass`, measured in the same run.

A command that only shows something should start about as fast as the library that parses
its command line: the target is each command within 1.5x `import typer` (medians). The
commands run as whole processes, in turn (typer, help, list, show, typer, help, ...), so a
change in the machine's speed during the run touches all of them alike; each command's
ratio is the median of its per-round ratios to the `import typer` run of the same round;
its ratio to `python -c pass` (the interpreter's own start, which no change of ours can cut)
is given beside it, the same way. The refusals (`plan show` of an unknown plan, answered
without typer, and `plan run` of a missing file, through typer) show what a command costs
before it does anything: the suite starts thousands of them.
`plan list` and `plan show` run in a small repository with one finished plan, made by
`agents plan run --script` of a one-step plan file.

This is a benchmark, not a test: a missed target is reported in the JSON (`met: false`)
and the exit status stays 0.

Usage: python benchmarks/startup.py [--quick] [--runs N] [--module]
`--runs` sets the rounds counted (21 by default; `--quick` 7), after two not counted.
`--module` runs `python -P -m cleveragents` instead of the `agents` script (to measure another
checkout: PYTHONPATH=/path/to/it python benchmarks/startup.py --module).
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

TARGET = 1.5  # each command's median time / that of `python -c "import typer"`
RUNS = 21
QUICK_RUNS = 7
WARMUP = 2
PLAN_FILE = """\
task: Write a greeting
steps:
  - name: greet
    options:
      - actions:
          - write: hello.txt
            content: "hello\\n"
"""


def log(message: str) -> None:
    print(f"[startup] {message}", file=sys.stderr, flush=True)


def agents_command(module: bool) -> list[str]:
    """The installed `agents` script beside this Python, or `python -P -m cleveragents`:
    without `-P` the repository's folder (the working directory) came first on the import
    path, and agents refused to run from a tree that Python imports from."""
    script = Path(sys.executable).with_name("agents")
    if module or not script.exists():
        return [sys.executable, "-P", "-m", "cleveragents"]
    return [str(script)]


def make_repository(root: Path, agents: list[str]) -> str:
    """A repository with one finished plan; its id."""
    identity = {
        "GIT_AUTHOR_NAME": "bench",
        "GIT_AUTHOR_EMAIL": "bench@localhost",
        "GIT_COMMITTER_NAME": "bench",
        "GIT_COMMITTER_EMAIL": "bench@localhost",
    }
    env = {**os.environ, **identity}
    subprocess.run(["git", "init", "--quiet", str(root)], check=True, env=env)
    (root / "README.md").write_text("# bench\n")
    subprocess.run(["git", "add", "--all"], cwd=root, check=True, env=env)
    subprocess.run(
        ["git", "commit", "--quiet", "--no-gpg-sign", "-m", "initial"],
        cwd=root,
        check=True,
        env=env,
    )
    plan_file = root.parent / "plan.yaml"
    plan_file.write_text(PLAN_FILE)
    subprocess.run(
        [*agents, "plan", "run", "--script", str(plan_file), "--quiet"],
        cwd=root,
        check=True,
        capture_output=True,
    )
    listed = subprocess.run(
        [*agents, "plan", "list", "--json"], cwd=root, check=True, capture_output=True, text=True
    )
    plans = json.loads(listed.stdout)["plans"]
    assert len(plans) == 1 and plans[0]["status"] == "completed", plans
    return str(plans[0]["id"])


def timed(command: list[str], cwd: Path, refused: bool = False) -> tuple[float, float, str]:
    """Wall and CPU (user + system) seconds of one run of `command`, and its stdout; a
    command that should be `refused` must exit 2 (bad input), any other 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != (2 if refused else 0):
        raise SystemExit(f"{command} exited {done.returncode}: {done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def _figures(values: list[float]) -> dict[str, float]:
    return {
        "median": _ms(statistics.median(values)),
        "min": _ms(min(values)),
        "max": _ms(max(values)),
    }


def measure(runs: int, module: bool) -> dict[str, Any]:
    agents = agents_command(module)
    baseline = [sys.executable, "-c", "import typer"]
    bare = [sys.executable, "-c", "pass"]
    with tempfile.TemporaryDirectory(prefix="cleveragents-startup-") as tmp:
        root = Path(tmp) / "repo"
        plan_id = make_repository(root, agents)
        commands = {
            "agents --help": ([*agents, "--help"], "plan"),
            "agents plan list": ([*agents, "plan", "list"], plan_id),
            "agents plan show": ([*agents, "plan", "show"], "head decision"),
            "agents plan show (unknown plan)": ([*agents, "plan", "show", "nothere"], None),
            "agents plan run (missing file)": ([*agents, "plan", "run", "missing.yaml"], None),
        }
        names = ["python -c pass", "import typer", *commands]
        wall: dict[str, list[float]] = {name: [] for name in names}
        cpu: dict[str, list[float]] = {name: [] for name in wall}
        log(f"{WARMUP} rounds not counted, then {runs}, in {root}")
        for round_ in range(WARMUP + runs):
            times = {"python -c pass": timed(bare, root), "import typer": timed(baseline, root)}
            for name, (command, shows) in commands.items():
                times[name] = timed(command, root, refused=shows is None)
                assert shows is None or shows in times[name][2], f"{name}: {times[name][2]!r}"
            if round_ >= WARMUP:
                for name, (seconds, cpu_seconds, _) in times.items():
                    wall[name].append(seconds)
                    cpu[name].append(cpu_seconds)
    report: dict[str, Any] = {
        "python -c pass": {
            "command": "python -c pass",
            "wall_ms": _figures(wall["python -c pass"]),
        },
        "import typer": {
            "command": 'python -c "import typer"',
            "wall_ms": _figures(wall["import typer"]),
            "cpu_ms": _figures(cpu["import typer"]),
        },
    }
    for name, (command, _) in commands.items():
        ratios = [a / b for a, b in zip(wall[name], wall["import typer"], strict=True)]
        bare_ratios = [a / b for a, b in zip(wall[name], wall["python -c pass"], strict=True)]
        cpu_ratios = [a / b for a, b in zip(cpu[name], cpu["import typer"], strict=True) if b]
        ratio = round(statistics.median(ratios), 2)
        report[name] = {
            "command": " ".join(command),
            "wall_ms": _figures(wall[name]),
            "cpu_ms": _figures(cpu[name]),
            "ratio_to_import_typer": {
                "median": ratio,
                "min": round(min(ratios), 2),
                "max": round(max(ratios), 2),
                "cpu_median": round(statistics.median(cpu_ratios), 2) if cpu_ratios else None,
            },
            "ratio_to_python_pass": {
                "median": round(statistics.median(bare_ratios), 2),
                "min": round(min(bare_ratios), 2),
                "max": round(max(bare_ratios), 2),
            },
            "target": {"max": TARGET, "met": ratio <= TARGET},
        }
    return report


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_RUNS} rounds")
    parser.add_argument("--runs", type=int, help=f"rounds counted (default {RUNS})")
    parser.add_argument(
        "--module", action="store_true", help="run `python -m cleveragents`, not `agents`"
    )
    args = parser.parse_args(argv)
    if args.runs is None:
        args.runs = QUICK_RUNS if args.quick else RUNS
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    import typer

    started = time.perf_counter()
    commands = measure(args.runs, args.module)
    report = {
        "benchmark": "startup",
        "python": platform.python_version(),
        "typer": typer.__version__,
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "rounds": args.runs,
        "commands": commands,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
