"""Command-step benchmark: what saving ignored files and modes before a `run` step costs.

Before each command a plan runs, `agents` saves the ignored files within its bound and
notes every checkpointed file's permission bits (`adapters/git/command_guard.py`), so that
undo brings back what the command deletes. On one repository of `--tracked` committed files
this script measures, in one run, five layouts of what no checkpoint holds:

- `none`          no ignored file: the baseline;
- `small`         `.env` and a `build/` of 200 files (2 MiB), all saved before each command
                  (read once: later looks only stat them);
- `node_modules`  an ignored `node_modules/` of `--modules` small files, over the bound's
                  file count: walked once, then named as not saved;
- `big`           a `build/` of five 15 MiB files, over the 64 MiB bound: named, not saved;
- `nested`        a nested repository `vendor/lib` (untracked) of 200 committed files
                  (2 MiB), saved whole, `.git` too, before each command (read once);
- `claude`        Claude Code's settings: a `.claude` with settings, 5 hooks and 40 skill
                  files, and one in each of 20 sub folders (`adapters/git/claude_dirs.py`).

For each: `step_ms`, one `run: "true"` step of a plan run by the real `agents plan run`
(a 20-step run less a 1-step run, over 19, median of `--repeat` runs), and `look_ms`, the
guard alone (`before_command` and `after_command` of the real `GitCheckpoints`, median of
20), and `claude_ms`, the part of it that looks at the `.claude` folders and puts them
back (the `.git` walk finds them: it is not counted there). `ratio` is each layout's
`step_ms` over the baseline's, in the same run; `status_ms` is
`git status --porcelain` on the same tree, the usual yardstick, and `look_vs_status` the
guard's cost in those units (an `lstat` pass over the checkpointed files, an `ls-files`
and a `diff-index`), and `look_share_of_step` the part of a step it is.

Measured on a 2-core machine shared with other builds (load 10), so only ratios mean
much. With two `lstat` passes (before `diff-index` did the second): at 1,000 files the
look was 0.25-0.4 of a step (1.5-3x `git status`), at 10,000 files 0.55-0.65 (about 3x
`git status`, 300 of 500 ms); with `diff-index`, at 10,000 files, 200-250 ms against 76-197
for `git status`. A large ignored folder over the bound costs one walk per run, not one per
step (`ratio` 1.0 within noise). A nested repository costs what ignored files of as many
files do (`nested` against `small`, load 9: 224 and 174 ms a step, look 140 and 104 ms).

The `.claude` look and put-back at 10,000 files (load 8): 0.01 ms with no `.claude`, 7 ms
with the `claude` layout's 21 folders (about 90 files and folders), in a look of 240-280
ms; the walk that finds them is the `.git` one's (the name check adds about 4 ms to a
first walk of 10,000 names, 27 against 23 ms, and nothing to one of cached listings).

Usage: python benchmarks/command_step.py [--tracked 1000] [--modules 30000] [--repeat 3]
                                         [--layouts none,small,...] (the first: the baseline)
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
from datetime import UTC, datetime
from pathlib import Path

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.checkpoint import SavedFiles

AGENTS = Path(sys.executable).with_name("agents")
GIT_ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@example.com",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@example.com",
}


def log(message: str) -> None:
    print(f"[command_step] {message}", file=sys.stderr, flush=True)


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=root, env=GIT_ENV, check=True, capture_output=True)
    return done.stdout.decode()


def repository(root: Path, tracked: int) -> None:
    root.mkdir(parents=True)
    _git(root, "init", "--quiet")
    (root / ".gitignore").write_text(".env\nbuild/\nnode_modules/\n")
    for i in range(tracked):
        path = root / f"src/d{i % 50}/f{i}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"file {i}\n")
    _git(root, "add", "--all")
    _git(root, "commit", "--quiet", "--no-gpg-sign", "-m", "start")


def lay_out(root: Path, layout: str, modules: int) -> None:
    """Replace the ignored files with `layout`'s."""
    for name in (".env", "build", "node_modules", "vendor", ".claude"):
        full = root / name
        if full.is_dir():
            shutil.rmtree(full)
        elif full.exists():
            full.unlink()
    if layout == "small":
        (root / ".env").write_text("TOKEN=1\n")
        for i in range(200):
            path = root / f"build/o{i % 10}/f{i}.o"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(os.urandom(10_000))
    elif layout == "node_modules":
        for i in range(modules):
            path = root / f"node_modules/p{i % 300}/lib/m{i}.js"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"module.exports = {i}\n")
    elif layout == "big":
        (root / "build").mkdir()
        for i in range(5):
            with open(root / f"build/part{i}", "wb") as part:
                part.truncate(15 << 20)
    elif layout == "claude":
        claude_folders(root)
    elif layout == "nested":
        lib = root / "vendor/lib"
        for i in range(200):
            path = lib / f"src{i % 10}/f{i}.c"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(os.urandom(10_000))
        _git(lib, "init", "--quiet")
        _git(lib, "add", "--all")
        _git(lib, "commit", "--quiet", "--no-gpg-sign", "-m", "lib")


def claude_folders(root: Path) -> None:
    """A `.claude` at the top (settings, hooks, skills) and one in 20 sub folders."""
    top = root / ".claude"
    for i in range(5):
        (top / "hooks").mkdir(parents=True, exist_ok=True)
        (top / f"hooks/h{i}.sh").write_text("#!/bin/sh\ntrue\n")
    for i in range(40):
        (top / f"skills/s{i % 10}").mkdir(parents=True, exist_ok=True)
        (top / f"skills/s{i % 10}/f{i}.md").write_text("a skill\n")
    (top / "settings.json").write_text('{"permissions": {}}\n')
    for d in range(20):
        sub = root / f"src/d{d}/.claude"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / "settings.local.json").write_text("{}\n")


def plan_file(steps: int) -> str:
    lines = ["task: benchmark commands", "steps:"]
    for n in range(steps):
        lines += [
            f"  - name: step {n}",
            "    options:",
            "      - actions:",
            '          - run: "true"',
        ]
    return "\n".join(lines) + "\n"


def step_ms(root: Path, repeat: int) -> float:
    per_step = []
    for _ in range(repeat):
        took = {}
        for steps in (1, 20):
            plan = root.parent / f"plan-{steps}.yaml"
            plan.write_text(plan_file(steps))
            start = time.perf_counter()
            subprocess.run(
                [str(AGENTS), "plan", "run", "--script", str(plan), "--budget-calls", "1000"],
                cwd=root,
                check=True,
                capture_output=True,
            )
            took[steps] = time.perf_counter() - start
        per_step.append((took[20] - took[1]) / 19 * 1000)
    return statistics.median(per_step)


def look_ms(root: Path) -> tuple[float, int, float]:
    """The guard alone, before and after a command that changes nothing; what it names;
    the `.claude` part of it alone."""
    checkpoints = GitCheckpoints(GitRepository.discover(root), lambda: datetime.now(UTC))
    kept: list[SavedFiles] = []
    tree = checkpoints.create("bench", "start").tree
    times = []
    claude = []
    unsaved = 0
    folders = checkpoints.claude_dirs
    for _ in range(20):
        start = time.perf_counter()
        look = checkpoints.before_command("bench", tree, kept.append)
        checkpoints.after_command(look, kept.append)
        times.append((time.perf_counter() - start) * 1000)
        unsaved = len(look.unsaved)
        start = time.perf_counter()
        found = checkpoints.git_dirs.claude_folders
        folders.put_back("bench", folders.look(found), found, time.time_ns())
        claude.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), unsaved, statistics.median(claude)


def status_ms(root: Path) -> float:
    times = []
    for _ in range(5):
        start = time.perf_counter()
        _git(root, "status", "--porcelain")
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tracked", type=int, default=1000)
    parser.add_argument("--modules", type=int, default=30_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--layouts", default="none,small,node_modules,big,nested,claude")
    args = parser.parse_args()
    results: dict[str, dict[str, float | int]] = {}
    with tempfile.TemporaryDirectory(prefix="cleveragents-command-step-") as tmp:
        root = Path(tmp) / "repo"
        repository(root, args.tracked)
        for layout in args.layouts.split(","):
            log(f"{layout}: laying out")
            lay_out(root, layout, args.modules)
            guard, unsaved, claude = look_ms(root)
            results[layout] = {
                "step_ms": round(step_ms(root, args.repeat), 1),
                "look_ms": round(guard, 2),
                "claude_ms": round(claude, 2),
                "named_unsaved": unsaved,
                "status_ms": round(status_ms(root), 1),
            }
            log(f"{layout}: {results[layout]}")
    base = results[next(iter(results))]["step_ms"]
    for result in results.values():
        result["ratio"] = round(result["step_ms"] / base, 2)
        result["look_vs_status"] = round(result["look_ms"] / result["status_ms"], 2)
        result["look_share_of_step"] = round(result["look_ms"] / result["step_ms"], 2)
    json.dump(
        {"benchmark": "command_step", "tracked": args.tracked, "layouts": results},
        sys.stdout,
        indent=2,
    )
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
