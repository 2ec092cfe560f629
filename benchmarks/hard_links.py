"""Hard-links benchmark: what holding files hard-linked outside the tree read-only costs.

Before a sandboxed command, the walk of the tree (`adapters/workspace/tree_walk.py`) lists
the files with more than one name, which takes `find` an `lstat` of each file; each one with
a name outside the tree is then bound read-only by bwrap (`domain/hard_links.py`). On one
tree of `--files` files (a tenth of them hard-linked to a store beside the tree) this
script measures, in one run:

- `walk_ms`: the walk as before a command that is not sandboxed (`links=False`, the
  baseline) and as before a sandboxed one (`links=True`), median of `--repeat`; `walk_ratio`;
- `sandbox_ms`: a sandboxed `true` through the real `WorkspaceEnvironment` with 0 (the
  baseline) and with each of `--held` read-only files; `sandbox_ratio` against 0.

Measured on a 2-core machine shared with other builds (load 8-10), so only ratios mean
much: at 20,000 files the walk costs 2.9x with the `lstat`s (75 against 214 ms; the names
alone are read without one), paid only before sandboxed commands. bwrap reads the whole
mount table for each bind, so the binds grow faster than linearly: a sandboxed `true` took
472 ms with none, 580 with 64 (1.2x) and 978 with 256 (2.1x); bwrap alone, 1,000 binds
about 4 s, and it takes at most 9,000 arguments. Hence the bound of 256
(`CLEVERAGENTS_SANDBOX_HARD_LINKS`, at most 2,500), beyond which a command is refused.

Usage: python benchmarks/hard_links.py [--files 20000] [--held 64,256] [--repeat 5]
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
from dataclasses import replace
from pathlib import Path

from cleveragents.adapters.command_safety.bubblewrap import Bubblewrap
from cleveragents.adapters.command_safety.limits import MOST_HARD_LINKS, SandboxLimits
from cleveragents.adapters.workspace import tree_walk
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import RunAction
from cleveragents.domain.command_policy import Confinement


def log(message: str) -> None:
    print(f"[hard_links] {message}", file=sys.stderr, flush=True)


def tree(work: Path, files: int) -> Path:
    """A repository of `files` files, one in ten hard-linked to a file of `store/`."""
    root, store = work / "repo", work / "store"
    store.mkdir()
    subprocess.run(["git", "init", "--quiet", str(root)], check=True)
    for i in range(files):
        path = root / f"d{i % 100}/f{i}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"file {i}\n")
        if i % 10 == 0:
            os.link(path, store / f"f{i}.txt")
    return root


def median_ms(action: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()  # type: ignore[operator]
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 1)


def sandboxed_true(root: Path, held: int, repeat: int) -> float:
    """A sandboxed `true` with the first `held` of the linked files left as they are and
    the others' store names removed (so they are the tree's alone)."""
    limits = replace(SandboxLimits.configured(), hard_links=MOST_HARD_LINKS)
    environment = WorkspaceEnvironment(root, root / ".git", Bubblewrap(root, root / ".git", limits))
    store = root.parent / "store"
    for index, name in enumerate(sorted(os.listdir(store))):
        if index >= held:
            os.unlink(store / name)
    confinement = Confinement(sandbox=True, network=False, pass_env=())
    action = RunAction(command="true")
    return median_ms(lambda: environment.apply(action, confinement), repeat)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=20_000)
    parser.add_argument("--held", default="64,256")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-hard-links-"))
    try:
        log(f"making {args.files} files")
        root = tree(work, args.files)
        names = median_ms(lambda: tree_walk.walk(root), args.repeat)
        linked = median_ms(lambda: tree_walk.walk(root, links=True), args.repeat)
        log(f"walk {names} ms, with links {linked} ms")
        counts = sorted((int(n) for n in args.held.split(",")), reverse=True)
        sandbox = {}
        for count in [*counts, 0]:  # the store shrinks as it goes
            sandbox[count] = sandboxed_true(root, count, args.repeat)
            log(f"sandboxed true with {count} read-only files: {sandbox[count]} ms")
        ordered = sorted(sandbox.items())
        report = {
            "files": args.files,
            "walk_ms": {"names": names, "links": linked},
            "walk_ratio": round(linked / names, 2),
            "sandbox_ms": {str(n): ms for n, ms in ordered},
            "sandbox_ratio": {str(n): round(ms / sandbox[0], 2) for n, ms in ordered},
        }
        print(json.dumps(report, indent=2))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
