"""Shortcut benchmark: each in-process git path against the git plumbing that does the same.

The git adapter does some of git's work in Python, to save a git process (issue 28, item 2:
keep one only where it is at least twice as fast as git at a size users have). For
repositories of 1,000, 10,000 and 50,000 tracked files (`checkpoint.generate`'s tree) this
measures, in one run and on the same repository, each path as the product calls it (its
own fallback to git included) and the plumbing command that does the same, through the
same hardened runner (`GitRepository`, `PLUMBING_ENV`):

- `index_update`  `index_file.update` (else git, as `PrivateIndex` calls it) against `git
                  update-index -z --index-info`, on a private index holding the tree;
- `index_holds`   `index_file.holds` against `git ls-files -s -z -- PATHS`;
- `checkout`      `checkout.check` + the blobs read + `checkout.write` (a restore's files)
                  against `git checkout-index -f -z --stdin` from an index holding the
                  target (its `read-tree` not counted: the private index is kept in step);
- `ref`           `refs.update` with the repository's settings against `git update-ref`;
- `ignore`        `ignore_rules.global_files` + `surely_not_ignored` for each path against
                  `git check-ignore --quiet -- PATH` (one file, as `is_ignored` asks) or
                  `git check-ignore --stdin` (a command's paths, one process);
- `blob`          `ObjectStore.blob` of each file's bytes against `git hash-object -w
                  --stdin` (one file) or `--stdin-paths` (a command's files);
- `tree`          `KnownPaths.update` (blobs and the trees along the paths, in-process)
                  against `git update-index --add --remove -z --stdin` + `git write-tree` on
                  an index kept in step with the tree;
- `commit`        `ObjectStore.commit` against `git commit-tree`.

Each is measured after a one-file change (`_1`) and after a command's 115-file change
(`_115`, the same paths as `checkpoint.py`'s), each run with new content (so every write
writes), the two ways alternating, their results checked equal where git's are comparable
(a wrong one stops the script with exit status 1). The figure is `ratio` = plumbing's
median over the in-process median: 2.0 or more, the shortcut pays twice over.
`in_process_share` says how often the path did the work itself rather than hand it to git
(`index_file.update` takes an index of at most 256 KB, some 2,500 files: above, both ways
are git). The product asks `ignore`, `blob` and `tree` for the paths a file action names
(one, as a rule: a command's changes are found by a scan and stored by `git add`), so
their `_115` rows say how the path scales, not a call the product makes.

Usage: python benchmarks/shortcuts.py [--quick] [--sizes 1000,10000,50000] [--repeat N]
One JSON document goes to stdout, the table of ratios and progress to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from checkpoint import POOL, SEED, generate, log

from cleveragents.adapters.git import checkout, ignore_rules, index_file, refs, settings
from cleveragents.adapters.git.known_paths import KnownPaths
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import IDENTITY, GitRepository
from cleveragents.errors import GitFailed

DEFAULT_SIZES = (1_000, 10_000, 50_000)
PAYS = 2.0  # a shortcut is kept where git takes at least this many times as long
IDENTITY_LINE = "cleveragents <cleveragents@localhost>"


class Case:
    """One repository of `count` files and the objects both ways share."""

    def __init__(self, root: Path, count: int) -> None:
        self.paths = generate(root, count)
        self.repo = GitRepository.discover(root)
        self.objects = ObjectStore(self.repo)
        self.settings = settings.read(self.repo, {})
        self.head = self.repo.git("rev-parse", "HEAD").strip()
        self.tree = self.repo.git("rev-parse", "HEAD^{tree}").strip()
        self.pool = random.Random(SEED).sample(self.paths, POOL)
        self.rounds = 0
        self.scratch = Path(tempfile.mkdtemp(prefix="cleveragents-shortcuts-"))

    def index(self, name: str, tree: str | None = None) -> dict[str, str]:
        """The environment of a private index `name` holding `tree` (the commit's)."""
        env = {"GIT_INDEX_FILE": str(self.scratch / name)}
        self.repo.git("read-tree", tree or self.tree, env=env)
        return env

    def edit(self, paths: list[str]) -> None:
        """New content in each of `paths` (a round of its own: no two alike)."""
        self.rounds += 1
        for rel in paths:
            full = self.repo.root / rel
            text = full.read_text().split("# edit ", 1)[0]
            full.write_text(f"{text}# edit {self.rounds}\n")


def timed(action: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def pair(
    repeat: int,
    before: Callable[[], None],
    mine: Callable[[], object],
    gits: Callable[[], object],
    check: Callable[[object], bool] | None = None,
) -> dict[str, float]:
    """Medians (ms) of `mine` and `gits`, each after `before`, alternating which goes first;
    raises where their results differ (with `check`: where one fails it, each checked just
    after it ran, not timed)."""
    ours: list[float] = []
    theirs: list[float] = []
    for run in range(repeat + 1):  # the first round warms both up and is not counted
        results = {}
        for name in ("mine", "git") if run % 2 else ("git", "mine"):
            before()
            took, results[name] = timed(mine if name == "mine" else gits)
            if check is not None and not check(results[name]):
                raise RuntimeError(f"{name}: a wrong result, {results[name]!r}")
            if run:
                (ours if name == "mine" else theirs).append(took)
        if check is None and results["mine"] != results["git"]:
            raise RuntimeError(f"results differ: {results['mine']!r} / {results['git']!r}")
    mine_ms, git_ms = statistics.median(ours) * 1000, statistics.median(theirs) * 1000
    return {
        "in_process_ms": round(mine_ms, 3),
        "plumbing_ms": round(git_ms, 3),
        "ratio": round(git_ms / mine_ms, 2),
    }


def index_update(case: Case, paths: list[str], repeat: int) -> dict[str, float]:
    """A restore's or the journal's records into the private index, one way and the other;
    the two indexes then list the same entries."""
    mine, gits = case.index("mine"), case.index("git")
    old = case.objects.read(f"{case.tree}:{p}" for p in paths)
    was = [case.objects.blob_id(got[1]) for got in old.values() if got is not None]
    now = [case.objects.blob(f"changed {p}\n".encode()) for p in paths]
    turns = {"mine": 0, "git": 0}  # each side's records alternate between the two ids
    done: list[bool] = []

    def listing(side: str) -> bytes:
        turns[side] += 1
        ids = now if turns[side] % 2 else was
        return b"".join(f"100644 {i}\t{p}\0".encode() for i, p in zip(ids, paths, strict=True))

    def in_process() -> None:
        records = listing("mine")
        done.append(index_file.update(Path(mine["GIT_INDEX_FILE"]), records, "sha1"))
        if not done[-1]:  # as `PrivateIndex.update` does
            case.repo.git_with_input(records, "update-index", "-z", "--index-info", env=mine)

    def plumbing() -> None:
        case.repo.git_with_input(listing("git"), "update-index", "-z", "--index-info", env=gits)

    found = pair(repeat, lambda: None, in_process, plumbing)
    listed = [case.repo.git_bytes("ls-files", "-s", "-z", env=env) for env in (mine, gits)]
    if listed[0] != listed[1]:
        raise RuntimeError("index_update: the two indexes hold different entries")
    found["in_process_share"] = round(sum(done) / len(done), 2)
    return found


def index_holds(case: Case, paths: list[str], repeat: int) -> dict[str, float]:
    """Whether the private index holds the entries of `paths`: read, one way and the other."""
    env = case.index("holds")  # with the files' data, as `git add` leaves it
    case.repo.git("update-index", "-q", "--refresh", env=env)
    listed = case.repo.git_bytes("ls-files", "-s", "-z", "--", *paths, env=env)
    entries: dict[bytes, tuple[bytes, bytes] | None] = {}
    for record in listed.split(b"\0"):
        if record:
            meta, _, path = record.partition(b"\t")
            mode, oid, _ = meta.split(b" ")
            entries[path] = (mode, bytes.fromhex(oid.decode()))
    sizes = {p.encode(): (case.repo.root / p).stat().st_size for p in paths}
    index = Path(env["GIT_INDEX_FILE"])
    done: list[bool | None] = []

    def in_process() -> bool:
        done.append(index_file.holds(index, entries, sizes))
        if done[-1] is None:
            return plumbing()
        return bool(done[-1])

    def plumbing() -> bool:
        out = case.repo.git_bytes("ls-files", "-s", "-z", "--", *paths, env=env)
        return out == listed

    found = pair(repeat, lambda: None, in_process, plumbing)
    found["in_process_share"] = round(sum(d is not None for d in done) / len(done), 2)
    return found


def checkout_files(case: Case, paths: list[str], repeat: int) -> dict[str, float]:
    """A restore's files written, between the commit's tree and one with `paths` changed."""
    changed = {p: case.objects.blob(f"restored {p} {len(paths)}\n".encode()) for p in paths}
    listing = b"".join(f"100644 {oid}\t{p}\0".encode() for p, oid in changed.items())
    other = case.objects.tree_of_paths(listing, case.tree)
    old = case.repo.git_bytes("ls-tree", "-r", "-z", case.tree, "--", *paths)
    was: dict[str, str] = {}
    for record in old.split(b"\0"):
        if record:
            meta, _, path = record.partition(b"\t")
            was[path.decode()] = meta.split(b" ")[2].decode()
    envs = {case.tree: case.index("at-tree"), other: case.index("at-other", other)}
    stdin = b"".join(p.encode() + b"\0" for p in paths)
    state = {"at": case.tree}  # the tree the working tree holds at `paths`

    def target() -> str:
        return other if state["at"] == case.tree else case.tree

    def in_process() -> str:
        going = target()
        ids = changed if going == other else was
        now = was if going == other else changed
        changes = [checkout.Change(p, ("100644", ids[p]), ("100644", now[p])) for p in paths]
        if not checkout.check(case.repo.root, case.objects, changes):
            raise RuntimeError("checkout: the in-process path declined a plain restore")
        blobs = case.objects.blobs(ids.values())
        assert blobs is not None
        checkout.write(case.repo.root, changes, blobs)
        state["at"] = going
        return _content(case, paths, going)

    def plumbing() -> str:
        going = target()
        case.repo.git_with_input(stdin, "checkout-index", "-f", "-z", "--stdin", env=envs[going])
        state["at"] = going
        return _content(case, paths, going)

    return pair(repeat, lambda: None, in_process, plumbing, bool)


def _content(case: Case, paths: list[str], tree: str) -> str:
    """`tree`, once the first of `paths` holds what it says (checked: not timed much)."""
    first = case.objects.blobs([f"{tree}:{paths[0]}"])
    if first is None or (case.repo.root / paths[0]).read_bytes() != next(iter(first.values())):
        raise RuntimeError(f"checkout: {paths[0]} does not hold its content in {tree}")
    return tree


def ref_update(case: Case, repeat: int) -> dict[str, float]:
    """A checkpoint ref moved from one commit to another, one way and the other."""
    other = case.objects.commit(case.tree, [case.head], b"other\n", IDENTITY_LINE, 0)
    mine, gits = "refs/cleveragents/bench/mine", "refs/cleveragents/bench/git"
    for ref in (mine, gits):
        case.repo.git("update-ref", ref, case.head)
    at = {mine: case.head, gits: case.head}

    def flip(ref: str) -> tuple[str, str]:
        new = other if at[ref] == case.head else case.head
        old, at[ref] = at[ref], new
        return new, old

    def in_process() -> str:
        new, old = flip(mine)
        refs.update(case.repo, mine, new, old, lambda: case.settings)
        return new

    def plumbing() -> str:
        new, old = flip(gits)
        case.repo.git("update-ref", gits, new, old)
        return new

    found = pair(repeat, lambda: None, in_process, plumbing)
    for ref in (mine, gits):
        if case.repo.git("rev-parse", ref).strip() != at[ref]:
            raise RuntimeError(f"ref: {ref} is not where it was moved")
    found["in_process_share"] = 1.0 if refs.in_process(case.settings) else 0.0
    return found


def ignore_check(case: Case, paths: list[str], repeat: int) -> dict[str, float]:
    """Whether git ignores any of `paths` (none is): one way and the other."""
    done: list[bool] = []

    def in_process() -> bool:
        everywhere = ignore_rules.global_files(case.repo.common_dir, case.settings)
        ignored = False
        for path in paths:
            sure = everywhere is not None and ignore_rules.surely_not_ignored(
                case.repo.root, path, everywhere
            )
            done.append(sure)
            if not sure:
                ignored = _check_ignore(case, [path]) or ignored
        return ignored

    def plumbing() -> bool:
        return _check_ignore(case, paths)

    found = pair(repeat, lambda: None, in_process, plumbing)
    found["in_process_share"] = round(sum(done) / len(done), 2)
    return found


def _check_ignore(case: Case, paths: list[str]) -> bool:
    """Whether git ignores one of `paths`: for one, as `is_ignored` asks, else `--stdin`."""
    try:
        if len(paths) == 1:
            case.repo.git("check-ignore", "--quiet", "--", paths[0])
        else:
            stdin = b"".join(p.encode() + b"\0" for p in paths)
            case.repo.git_with_input(stdin, "check-ignore", "--quiet", "-z", "--stdin")
    except GitFailed as failed:
        if failed.status == 1:
            return False
        raise
    return True


def blob_write(case: Case, paths: list[str], repeat: int) -> dict[str, float]:
    """The blobs of changed files stored, one way and the other (the same ids)."""
    root = case.repo.root

    def in_process() -> list[str]:
        return [case.objects.blob((root / p).read_bytes()) for p in paths]

    def plumbing() -> list[str]:
        if len(paths) == 1:
            data = (root / paths[0]).read_bytes()
            return [
                case.repo.git_bytes("hash-object", "-w", "--stdin", stdin=data).decode().strip()
            ]
        return case.objects.store_files([p.encode() for p in paths])

    def stored(ids: object) -> bool:
        now = [case.objects.blob_id((root / p).read_bytes()) for p in paths]
        return ids == now and all(case.objects.blobs(now) or ())

    return pair(repeat, lambda: case.edit(paths), in_process, plumbing, stored)


def tree_write(case: Case, paths: list[str], repeat: int) -> dict[str, float]:
    """The tree of the working tree after `paths` changed, from the one before: the same
    tree one way and the other."""
    known = KnownPaths(case.objects)
    env = case.index("in-step")
    last = {"mine": case.tree, "git": case.tree}
    stdin = b"".join(p.encode() + b"\0" for p in paths)

    def in_process() -> str:
        built = known.update(last["mine"], case.repo.root, paths)
        if built is None:
            raise RuntimeError("tree: the in-process path declined a plain change")
        last["mine"] = built[0]
        return built[0]

    def plumbing() -> str:
        case.repo.git_with_input(
            stdin, "update-index", "--add", "--remove", "-z", "--stdin", env=env
        )
        last["git"] = case.repo.git("write-tree", env=env).strip()
        return last["git"]

    def holds(tree: object) -> bool:
        got = case.objects.blobs([f"{tree}:{p}" for p in paths])
        return got is not None and list(got.values()) == [
            (case.repo.root / p).read_bytes() for p in paths
        ]

    found = pair(repeat, lambda: case.edit(paths), in_process, plumbing, holds)
    if in_process() != plumbing():  # the same working tree: the same tree
        raise RuntimeError("tree: git and the in-process path built different trees")
    return found


def commit_write(case: Case, repeat: int) -> dict[str, float]:
    """A checkpoint's commit written, one way and the other (the same id: same date)."""
    env = {**IDENTITY, "GIT_AUTHOR_DATE": "@1 +0000", "GIT_COMMITTER_DATE": "@1 +0000"}
    turns = {"mine": 0, "git": 0}  # a message of each side's own: each writes its commit

    def message(side: str) -> bytes:
        turns[side] += 1
        return f"cleveragents checkpoint: {side} {turns[side]}\n".encode()

    def in_process() -> str:
        return case.objects.commit(case.tree, [case.head], message("mine"), IDENTITY_LINE, 1)

    def plumbing() -> str:
        out = case.repo.git_with_input(
            message("git"), "commit-tree", case.tree, "-p", case.head, env=env
        )
        return out.strip()

    found = pair(repeat, lambda: None, in_process, plumbing, bool)
    same = b"cleveragents checkpoint: both\n"
    ours = case.objects.commit(case.tree, [case.head], same, IDENTITY_LINE, 1)
    theirs = case.repo.git_with_input(same, "commit-tree", case.tree, "-p", case.head, env=env)
    if ours != theirs.strip():
        raise RuntimeError("commit: git and the in-process path wrote different commits")
    return found


def measure(root: Path, count: int, repeat: int) -> dict[str, object]:
    log(f"{count} files: generating")
    case = Case(root, count)
    one, many = case.pool[:1], case.pool
    results: dict[str, object] = {}
    try:
        for name, run in (
            ("index_update", lambda p: index_update(case, p, repeat)),
            ("index_holds", lambda p: index_holds(case, p, repeat)),
            ("checkout", lambda p: checkout_files(case, p, repeat)),
            ("ignore", lambda p: ignore_check(case, p, repeat)),
            ("blob", lambda p: blob_write(case, p, repeat)),
            ("tree", lambda p: tree_write(case, p, repeat)),
        ):
            for label, paths in (("1", one), (str(POOL), many)):
                log(f"{count} files: {name}_{label}")
                results[f"{name}_{label}"] = run(paths)
        log(f"{count} files: ref, commit")
        results["ref"] = ref_update(case, repeat)
        results["commit"] = commit_write(case, repeat)
    finally:
        shutil.rmtree(case.scratch, ignore_errors=True)
    return results


def table(sizes: dict[str, dict[str, dict[str, float]]]) -> str:
    """The ratios, a row per measurement and a column per size."""
    names = list(next(iter(sizes.values())))
    header = f"{'plumbing / in-process':24}" + "".join(f"{size:>10}" for size in sizes)
    rows = [header]
    for name in names:
        cells = "".join(f"{sizes[size][name]['ratio']:>9.2f}x" for size in sizes)
        rows.append(f"{name:24}{cells}")
    return "\n".join(rows)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 files, 3 runs each")
    parser.add_argument(
        "--sizes",
        default=",".join(str(size) for size in DEFAULT_SIZES),
        help="comma-separated file counts (default: %(default)s)",
    )
    parser.add_argument("--repeat", type=int, default=15, help="runs of each (default: 15)")
    args = parser.parse_args(argv)
    try:
        args.sizes = [int(size.replace("_", "")) for size in args.sizes.split(",") if size]
    except ValueError:
        parser.error("--sizes takes numbers separated by commas, e.g. 1000,10000")
    if args.quick:
        args.sizes, args.repeat = [1_000], 3
    if not args.sizes or min(args.sizes) < POOL:
        parser.error(f"every size must be at least {POOL} files")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    started = time.perf_counter()
    sizes: dict[str, dict[str, dict[str, float]]] = {}
    for count in args.sizes:
        with tempfile.TemporaryDirectory(prefix=f"cleveragents-shortcuts-{count}-") as tmp:
            sizes[str(count)] = measure(Path(tmp), count, args.repeat)  # type: ignore[assignment]
    print(table(sizes), file=sys.stderr)
    report = {
        "benchmark": "shortcuts",
        "git": subprocess.run(["git", "--version"], capture_output=True, text=True).stdout.strip(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "pays": PAYS,
        "sizes": sizes,
        "pays_twice": {
            name: [size for size, found in sizes.items() if found[name]["ratio"] >= PAYS]
            for name in next(iter(sizes.values()))
        },
        "elapsed_s": round(time.perf_counter() - started, 1),
    }
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    if shutil.which("git") is None:
        sys.exit("git is not on PATH")
    sys.exit(main())
