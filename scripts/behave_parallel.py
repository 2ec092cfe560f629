"""Run every behave feature under coverage, several at a time, each in a process of its own.

behave runs one feature after another in one process; on a machine with two cores the
suite spent half its time with one core idle. Here a pool of workers takes feature files
from a queue, slowest first (by the times the last run recorded, else by size), so the
pool drains evenly. Each feature's output is printed whole when it ends, never interleaved.
Features the last run timed under BATCHED seconds share a process, a few at a time: each
process spent 1.5 s of CPU starting (coverage, behave, loading 1,100 step definitions),
more than most of those features take to run.
With --idle-file, that file is created as soon as a worker has no feature left to take,
so that the Robot suites can start on the core it leaves idle while the others finish.
Exits 0 when every feature passed, 1 when any failed, 2 when behave itself could not run one.

    python scripts/behave_parallel.py --jobs 2 --junit-directory reports/behave
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ROOT / "features"
BATCHED = 30.0  # a feature the last run timed under this many seconds shares a process
# With others, up to this many seconds of them (by those times) a process. By CI's times of
# November 2026, 15 and 60 made 45 processes a run, 30 and 120 make 23: each one fewer
# saves some 2 s of CPU under coverage spent starting (12 small features: 29.7 s of CPU
# in 12 processes, 4.0 s in one). The last batches run while Robot starts on the core the
# first idle worker leaves, so a long last batch leaves no core idle.
BATCH = 120.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--junit-directory", type=Path, required=True)
    parser.add_argument("--durations", type=Path, help="a JSON file of seconds per feature")
    parser.add_argument(
        "--idle-file",
        type=Path,
        help="created once a worker is left with no feature to take (another suite may start)",
    )
    parser.add_argument("features", nargs="*", type=Path, help="these only (default: all)")
    args = parser.parse_args()

    known = _read_durations(args.durations)
    features = sorted(
        [f.resolve() for f in args.features] or FEATURES.glob("*.feature"),
        key=lambda f: known.get(f.name, f.stat().st_size / 1000),
        reverse=True,
    )
    batches = _batches(features, known)
    started = time.monotonic()
    ran = _run_all(batches, max(1, args.jobs), args.junit_directory, args.idle_file)
    results = [result for batch in ran for result in batch]
    failed = [name for name, code, _ in results if code != 0]
    crashed = [name for name, code, _ in results if code not in (0, 1)]
    if args.durations is not None:
        args.durations.write_text(json.dumps({n: round(s, 1) for n, _, s in results}, indent=1))
    print(
        f"behave: {len(features)} features in {time.monotonic() - started:.0f} s "
        f"on {args.jobs} workers; failing: {', '.join(failed) or 'none'}",
        flush=True,
    )
    if crashed:  # behave itself failed (exit 2+): its JUnit report may count nothing
        print(f"behave could not run: {', '.join(crashed)}", flush=True)
        return 2
    return 1 if failed else 0


def _run_all(
    batches: list[list[Path]], jobs: int, junit: Path, idle_file: Path | None
) -> list[list[tuple[str, int, float]]]:
    """Every batch, `jobs` at a time, slowest first; `idle_file` created once a worker
    finishes with no batch left to take (or has none from the start)."""
    waiting = [len(batches)]  # batches no worker has taken yet
    lock = threading.Lock()

    def work(batch: list[Path]) -> list[tuple[str, int, float]]:
        with lock:
            waiting[0] -= 1
        ran = _run(batch, junit)
        with lock:
            idle = waiting[0] == 0  # this worker takes nothing more
        if idle and idle_file is not None:
            idle_file.touch()
        return ran

    if idle_file is not None and len(batches) < jobs:
        idle_file.touch()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(work, batches))


def _batches(features: list[Path], known: dict[str, float]) -> list[list[Path]]:
    """The features, slowest first, in the groups that share a process: one each, but
    those timed under BATCHED seconds packed, in order, up to BATCH seconds a group. A
    feature the last run did not time runs alone."""
    batches: list[list[Path]] = []
    packing: list[Path] = []
    for feature in features:
        seconds = known.get(feature.name)
        if seconds is None or seconds >= BATCHED:
            batches.append([feature])
            continue
        if packing and sum(known[f.name] for f in packing) + seconds > BATCH:
            batches.append(packing)
            packing = []
        packing.append(feature)
    return batches + ([packing] if packing else [])


def _run(batch: list[Path], junit: Path) -> list[tuple[str, int, float]]:
    """Features under coverage in one behave; its output printed in one piece when it ends.
    Each feature's result: its name, behave's exit code (the batch's, 0 for a feature
    whose JUnit report counts no failure) and its seconds (its share of the batch's)."""
    begun = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "coverage",
            "run",
            "-m",
            "behave",
            "--format",
            "progress",
            "--no-capture-stderr",
            "--junit",
            "--junit-directory",
            str(junit),
            *[str(feature.relative_to(ROOT)) for feature in batch],
        ],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        check=False,
    )
    seconds = time.monotonic() - begun
    output = done.stdout.decode("utf-8", errors="replace")
    names = ", ".join(feature.name for feature in batch)
    sys.stdout.write(f"--- {names} ({seconds:.0f} s, exit {done.returncode})\n{output}")
    sys.stdout.flush()
    if len(batch) == 1:
        return [(batch[0].name, done.returncode, seconds)]
    reports = {feature: _junit(junit, feature) for feature in batch}
    timed = sum(spent for _, spent in reports.values())
    share = max(0.0, seconds - timed) / len(batch)  # the start, shared
    return [
        (feature.name, done.returncode if bad or done.returncode > 1 else 0, spent + share)
        for feature, (bad, spent) in reports.items()
    ]


def _junit(junit: Path, feature: Path) -> tuple[bool, float]:
    """Whether behave's JUnit report of `feature` counts a failure or error (or is missing),
    and the seconds it says its scenarios took."""
    report = junit / f"TESTS-{feature.stem}.xml"
    try:
        suites = list(ET.parse(report).getroot().iter("testsuite"))
    except (OSError, ET.ParseError):
        return True, 0.0
    bad = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
    return bad > 0, sum(float(s.get("time", 0)) for s in suites)


def _read_durations(path: Path | None) -> dict[str, float]:
    if path is None or not path.exists():
        return {}
    try:
        loaded = json.loads(path.read_text())
    except ValueError:
        return {}
    return {str(k): float(v) for k, v in loaded.items()} if isinstance(loaded, dict) else {}


if __name__ == "__main__":
    sys.exit(main())
