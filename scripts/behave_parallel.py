"""Run every behave feature under coverage, several at a time, each in a process of its own.

behave runs one feature after another in one process; on a machine with two cores the
suite spent half its time with one core idle. Here a pool of workers takes feature files
from a queue, slowest first (by the times the last run recorded, else by size), so the
pool drains evenly. Each feature's output is printed whole when it ends, never interleaved.
Exits 0 when every feature passed, 1 when any failed, 2 when behave itself could not run one.

    python scripts/behave_parallel.py --jobs 2 --junit-directory reports/behave
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ROOT / "features"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--junit-directory", type=Path, required=True)
    parser.add_argument("--durations", type=Path, help="a JSON file of seconds per feature")
    parser.add_argument("features", nargs="*", type=Path, help="these only (default: all)")
    args = parser.parse_args()

    known = _read_durations(args.durations)
    features = sorted(
        [f.resolve() for f in args.features] or FEATURES.glob("*.feature"),
        key=lambda f: known.get(f.name, f.stat().st_size / 1000),
        reverse=True,
    )
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda f: _run(f, args.junit_directory), features))
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


def _run(feature: Path, junit: Path) -> tuple[str, int, float]:
    """One feature under coverage; its output printed in one piece when it ends."""
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
            str(feature.relative_to(ROOT)),
        ],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        check=False,
    )
    seconds = time.monotonic() - begun
    output = done.stdout.decode("utf-8", errors="replace")
    sys.stdout.write(f"--- {feature.name} ({seconds:.0f} s, exit {done.returncode})\n{output}")
    sys.stdout.flush()
    return feature.name, done.returncode, seconds


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
