"""Settle benchmark: what the look of a killed run's settle costs, against `git status`.

After a SIGKILL of agents, the next `agents` command settles the killed run: it looks for
what its command left where the host runs (`adapters/git/ignored_since.py`): the walk of
the tree's folders for every `.git` (`GitDirs.walk`), the FIFOs and sockets made since the
run began (one `find`, `workspace/git_waits.py`), one `ls-files` of the ignored files with
an `lstat` of each, and what of each `.git` would run. On one repository of each of
`--sizes` files (a tenth ignored, a nested repository, FIFOs made since) this script
measures, in one run, medians of `--repeat`:

- `git_status_ms`: `git status --porcelain`, the baseline the user knows;
- `settle_ms`: `GitCheckpoints.ignored_since` as the settle calls it (a new adapter each
  time: the settle runs once, in a new process), and `settle_ratio` against `git status`.

Measured on a 2-core machine shared with other builds (load 18-20), so only the ratios mean
much. Before settle27 the look ran `find` twice (once for the FIFOs it removes, once for
those it reports) and walked the tree's folders twice (`GitDirs.running` walked again); now
the FIFOs and the walk are handed on. The old and the new code alternated on the same trees,
three runs each (medians): 10,000 files 271 -> 206 ms (2.4x -> 2.1x `git status`), 50,000
files 1,097 -> 896 ms (2.3x -> 1.8x). Most of what is left is the walk's check of each name
in Python (`folder_listing.listing_of`), which the look around every command shares.

Usage: python benchmarks/settle.py [--sizes 10000,50000] [--repeat 5]
One JSON document goes to stdout; progress to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository

ENV = {
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@example.invalid",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@example.invalid",
}


def log(message: str) -> None:
    print(f"[settle] {message}", file=sys.stderr, flush=True)


def git(root: Path, *args: str) -> None:
    env = {**os.environ, **ENV}
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def tree(root: Path, files: int) -> None:
    """A committed repository of `files` files, 50 a folder, a tenth of them ignored, and
    a nested repository with a hook."""
    for i in range(files):
        path = root / f"p{i // 2500}/d{(i // 50) % 50}/f{i}{'.log' if i % 10 == 0 else '.txt'}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"file {i}\n")
    (root / ".gitignore").write_text("*.log\n")
    nested = root / "p0/nested"
    git(root, "-c", "init.defaultBranch=main", "init", "-q")
    git(root, "add", "-A")
    git(root, "-c", "gc.auto=0", "commit", "-q", "--no-gpg-sign", "-m", "tree")
    nested.mkdir(parents=True)
    git(nested, "-c", "init.defaultBranch=main", "init", "-q")
    (nested / ".git/hooks/pre-commit").write_text("#!/bin/sh\ntrue\n")


def median_ms(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 1)


def measure(work: Path, files: int, repeat: int) -> dict[str, float]:
    root = work / f"repo{files}"
    root.mkdir()
    log(f"{files} files: generating")
    tree(root, files)
    since = time.time_ns()
    time.sleep(0.2)  # past the tick `new_pipes` looks back
    for n in range(3):  # FIFOs the killed command left, at a name git reads and not
        os.mkfifo(root / f"p0/d{n}/pipe{n}")
    repo = GitRepository.discover(root)

    def status() -> None:
        subprocess.run(["git", "status", "--porcelain"], cwd=root, check=True, capture_output=True)

    def settle() -> None:
        checkpoints = GitCheckpoints(repo, lambda: datetime.now(UTC))
        checkpoints.ignored_since(since, None)

    status()
    settle()  # warm: the file system's caches, as at a real settle after use
    result = {"git_status_ms": median_ms(status, repeat), "settle_ms": median_ms(settle, repeat)}
    result["settle_ratio"] = round(result["settle_ms"] / result["git_status_ms"], 2)
    log(f"{files} files: {result}")
    shutil.rmtree(root)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sizes", default="10000,50000")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="settle-bench-"))
    try:
        report = {size: measure(work, int(size), args.repeat) for size in args.sizes.split(",")}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps({"targets": report}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
