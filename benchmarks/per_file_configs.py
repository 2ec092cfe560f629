"""Per-file configs benchmark: the walk for configs a tool finds anywhere below it, per look.

A hook running eslint, prettier or stylelint makes each look before and after a command
walk the tree for their config names (`tree_scripts.below`). On one tree of `--files`
files in folders of eleven, with an `eslint.config.js` at its top and a `.eslintrc.json`
deeper, this script measures in one process, median of `--repeat`, CPU time
(`time.process_time`, which other work on the machine moves less than the wall):

- `walk_ms`: the walk as it was, `os.walk` of every folder (the baseline);
- `cold_ms`: `below` with nothing kept (the first look of a run);
- `same_ms`: `below` again, no folder changed (a look before a command after the one
  after the last command);
- `changed_ms`: `below` after a file was written in one folder and one folder made
  (what a command does between two looks);

and each as a ratio to the baseline (`*_ratio`: below 1 is faster). Every measured call
must find what the baseline finds, or the script exits 1.

Measured on a 2-core machine shared with other builds (load 10-13) at 22,000 files: walk
41 ms of CPU, cold 1.25x (a `stat` of each folder more), same 0.34x, changed 0.36x. In an
`agents plan run` of three commands on that tree under a pre-commit hook running `npx
eslint .` (in one process, `below` timed): 27 walks, 2.96 s of wall time before, 0.88 s
after (of 22 s and 15.6 s for the run).

Usage: python benchmarks/per_file_configs.py [--files 22000] [--repeat 7]
One JSON document goes to stdout; progress to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cleveragents.adapters.git import folder_listings
from cleveragents.adapters.git.tree_scripts import below
from cleveragents.domain.reach import Reach

NAMES = ("eslint.config.js", ".eslintrc.json", ".prettierrc", "stylelint.config.js")


def log(message: str) -> None:
    print(f"[per_file_configs] {message}", file=sys.stderr, flush=True)


def tree(root: Path, files: int) -> None:
    """`files` files, eleven a folder, under forty packages; two configs among them."""
    for i in range(files):
        folder = root / f"pkg{i % 40}" / "src" / f"m{i // 440}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"f{i}.js").write_text("x\n")
    (root / "eslint.config.js").write_text("export default [];\n")
    (root / "pkg3" / ".eslintrc.json").write_text('{"extends": ["eslint:recommended"]}\n')
    (root / "node_modules" / "x").mkdir(parents=True)


def old_walk(root: Path, reaches: list[Reach]) -> list[tuple[Reach, str]]:
    """`below` as it was before its listings were kept: `os.walk` of every folder."""
    by_name: dict[str, list[Reach]] = {}
    for reach in reaches:
        by_name.setdefault(reach.path.split("/")[-1], []).append(reach)
    found: list[tuple[Reach, str]] = []
    top = len(str(root)) + 1
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if f not in (".git", "node_modules"))
        for name in sorted(by_name.keys() & {*files, *folders}):
            path = os.path.join(folder, name)[top:]
            found += [(r, path) for r in by_name[name] if r.covers(path)]
    return found


def timed(call: Callable[[], Any], before: Callable[[], None], repeat: int) -> tuple[float, Any]:
    """The median CPU milliseconds of `call` (each after `before`, not counted), its result."""
    times, result = [], None
    for _ in range(repeat):
        before()
        started = time.process_time()
        result = call()
        times.append((time.process_time() - started) * 1000)
    return statistics.median(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--files", type=int, default=22000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="per-file-configs-") as work:
        root = Path(work)
        log(f"making {args.files} files")
        tree(root, args.files)
        time.sleep(2.1)  # a folder changed more recently is listed again (`stamped_reads`)
        reaches = [Reach(f"**/{name}", launcher="eslint", kind="eslint") for name in NAMES]
        expected = old_walk(root, reaches)
        count = [0]

        def nothing() -> None:
            pass

        def forget() -> None:
            folder_listings._KEPT.clear()

        def change() -> None:
            count[0] += 1
            (root / "pkg5" / "src" / "m7" / f"new{count[0]}.js").write_text("y\n")
            (root / "pkg9" / f"made{count[0]}").mkdir()

        walk_ms, walked = timed(lambda: old_walk(root, reaches), nothing, args.repeat)
        cold_ms, cold = timed(lambda: below(root, reaches), forget, args.repeat)
        same_ms, same = timed(lambda: below(root, reaches), nothing, args.repeat)
        changed_ms, changed = timed(lambda: below(root, reaches), change, args.repeat)
        if any(found != expected for found in (walked, cold, same, changed)):
            log("a walk found other configs than os.walk")
            return 1
        report = {
            "files": args.files,
            "configs_found": len(expected),
            "walk_ms": round(walk_ms, 1),
            "cold_ms": round(cold_ms, 1),
            "same_ms": round(same_ms, 1),
            "changed_ms": round(changed_ms, 1),
            "cold_ratio": round(cold_ms / walk_ms, 2),
            "same_ratio": round(same_ms / walk_ms, 2),
            "changed_ratio": round(changed_ms / walk_ms, 2),
        }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
