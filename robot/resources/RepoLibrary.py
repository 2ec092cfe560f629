"""Keywords Robot is clumsy at: exact snapshots of a working tree and of git's own state.

A working-tree snapshot records, for every file and symlink outside `.git`, its kind, its
permission bits and its bytes (or its link target). A git-state snapshot records the bytes
of the user's index, HEAD, config and every reflog, and every ref outside
`refs/cleveragents/` with its value: what `agents` promises never to touch. A store dump
is every row of `agents`' own SQLite store, as SQL text.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from process_wait import wait_without_polling

# Started under `nohup` or in a script's background, Robot inherits SIGHUP or SIGINT
# ignored, and so would every agents a test starts: the tests of a closed terminal and of
# Ctrl-C need them delivered as a terminal delivers them.
for _stop in (signal.SIGHUP, signal.SIGINT):
    if signal.getsignal(_stop) is signal.SIG_IGN:
        signal.signal(_stop, signal.SIG_DFL)

# Every suite imports this library: `Run Process` with a timeout, without 0.1 s sleeps.
wait_without_polling()

CHECKPOINT_REFS = "refs/cleveragents/"
TREE_SCHEMA = 2  # the schema_version of `agents plan tree --json` these keywords read

Snapshot = dict[str, tuple[Any, ...]]


class RepoLibrary:
    """Snapshots and comparisons for the `agents` end-to-end suites."""

    ROBOT_LIBRARY_SCOPE = "GLOBAL"

    def make_work_directory(self) -> str:
        """A fresh folder under the system temp dir, resolved (no symlink in its path)."""
        return os.path.realpath(tempfile.mkdtemp(prefix="agents-robot-"))

    # the working tree

    def snapshot_working_tree(self, root: str) -> Snapshot:
        """Every file and symlink under `root` except `.git`: kind, mode bits, bytes or target."""
        snapshot: Snapshot = {}
        top = Path(root)
        for folder, dirs, files in os.walk(top):
            if Path(folder) == top:
                dirs[:] = [d for d in dirs if d != ".git"]
            for name in [*dirs, *files]:
                path = Path(folder) / name
                info = path.lstat()
                relative = path.relative_to(top).as_posix()
                if stat.S_ISLNK(info.st_mode):
                    snapshot[relative] = ("symlink", os.readlink(path))
                elif stat.S_ISREG(info.st_mode):
                    mode = oct(stat.S_IMODE(info.st_mode))
                    snapshot[relative] = ("file", mode, path.read_bytes())
        return snapshot

    def write_many_files(self, folder: str, count: int | str, name_length: int | str) -> None:
        """`count` files in `folder`, each named by its number padded to `name_length`
        characters with `n`, holding its number."""
        Path(folder).mkdir(parents=True, exist_ok=True)
        for number in range(int(count)):
            name = f"{number:05d}-".ljust(int(name_length) - 4, "n") + ".txt"
            Path(folder, name).write_text(f"{number}\n")

    def private_index_entries(self, repo: str) -> dict[str, str]:
        """Each path `agents`' private index has an entry for, with its object id, as
        `git ls-files --stage` lists them."""
        git_dir = Path(repo, ".git")
        env = {
            **os.environ,
            "GIT_DIR": str(git_dir),
            "GIT_WORK_TREE": repo,
            "GIT_INDEX_FILE": str(git_dir / "cleveragents" / "worktree.index"),
        }
        listed = subprocess.run(
            ["git", "ls-files", "--stage", "-z"], env=env, cwd=repo, capture_output=True, check=True
        ).stdout.decode("utf-8", "surrogateescape")
        entries = {}
        for record in filter(None, listed.split("\0")):
            meta, _, path = record.partition("\t")
            entries[path] = meta.split(" ")[1]
        return entries

    def working_tree_should_match_snapshot(self, root: str, expected: Snapshot) -> None:
        """Fail, listing every difference, unless `root` is exactly the `expected` snapshot."""
        actual = self.snapshot_working_tree(root)
        problems = [
            f"missing: {p} ({_show(expected[p])})" for p in sorted(expected - actual.keys())
        ]
        problems += [
            f"unexpected: {p} ({_show(actual[p])})" for p in sorted(actual - expected.keys())
        ]
        for path in sorted(expected.keys() & actual.keys()):
            if expected[path] != actual[path]:
                problems.append(
                    f"differs: {path}: expected {_show(expected[path])}, got {_show(actual[path])}"
                )
        if problems:
            raise AssertionError(
                f"working tree {root} differs from the expected one:\n" + "\n".join(problems)
            )

    def working_tree_should_equal(self, root: str, expected_root: str) -> None:
        """Fail, listing every difference, unless `root` holds exactly what `expected_root` does."""
        self.working_tree_should_match_snapshot(root, self.snapshot_working_tree(expected_root))

    def copy_working_tree(self, source: str, destination: str) -> None:
        """Copy a working tree without `.git`, keeping symlinks as links and modes as they are."""
        shutil.copytree(source, destination, symlinks=True, ignore=shutil.ignore_patterns(".git"))

    def write_all_byte_values(self, path: str) -> None:
        """A binary file holding the bytes 0 to 255 once each."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_bytes(bytes(range(256)))

    def file_identity(self, path: str) -> tuple[int, int, int]:
        """Inode, size and modification time (ns): unchanged only if nothing rewrote the file."""
        info = Path(path).lstat()
        return info.st_ino, info.st_size, info.st_mtime_ns

    # exact bytes and modes

    def write_file_bytes(self, path: str, content: bytes | str, mode: str = "") -> None:
        """Write exactly these bytes (a `str` is UTF-8), folders made as needed; `mode` in octal."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode() if isinstance(content, str) else content)
        if mode:
            target.chmod(int(mode, 8))

    def file_should_hold_bytes(self, path: str, expected: bytes | str, mode: str = "") -> None:
        """Fail unless `path` is a regular file of exactly these bytes (and this octal mode)."""
        wanted = expected.encode() if isinstance(expected, str) else expected
        target = Path(path)
        if target.is_symlink() or not target.is_file():
            kind = "missing" if not os.path.lexists(target) else "not a regular file"
            raise AssertionError(f"{path} is {kind}; expected {len(wanted)} bytes {wanted!r}")
        actual = target.read_bytes()
        if actual != wanted:
            raise AssertionError(f"{path} holds {actual!r}, expected {wanted!r}")
        actual_mode = stat.S_IMODE(target.lstat().st_mode)
        if mode and actual_mode != int(mode, 8):
            raise AssertionError(f"{path} has mode {actual_mode:04o}, expected {mode}")

    def path_should_not_exist(self, path: str) -> None:
        """Fail if anything (file, folder, symlink, even a broken one) stands at `path`."""
        if os.path.lexists(path):
            raise AssertionError(f"{path} should not exist, but it does")

    def snapshot_files_under(self, folder: str, *skipped: str) -> dict[str, Any]:
        """Every file under `folder` (but the names `skipped`): bytes and mtime in ns; folders."""
        top = Path(folder)
        found: dict[str, Any] = {}
        for path in sorted(top.rglob("*")):
            relative = path.relative_to(top).as_posix()
            if path.name in skipped:
                continue
            info = path.lstat()
            if stat.S_ISDIR(info.st_mode):
                found[relative] = ("folder",)
            elif stat.S_ISLNK(info.st_mode):
                found[relative] = ("symlink", os.readlink(path), info.st_mtime_ns)
            else:
                found[relative] = ("file", path.read_bytes(), info.st_mtime_ns)
        return found

    def files_under_should_match_snapshot(
        self, folder: str, expected: dict[str, Any], *skipped: str, after: str = ""
    ) -> None:
        """Fail, naming each path that appeared, went or was rewritten since `expected`."""
        actual = self.snapshot_files_under(folder, *skipped)
        problems = [f"new: {p}" for p in sorted(actual.keys() - expected.keys())]
        problems += [f"gone: {p}" for p in sorted(expected.keys() - actual.keys())]
        problems += [
            f"rewritten: {p}"
            for p in sorted(actual.keys() & expected.keys())
            if actual[p] != expected[p]
        ]
        if problems:
            since = f" after {after}" if after else ""
            raise AssertionError(f"files under {folder} changed{since}:\n" + "\n".join(problems))

    def command_prefix_that_honours_file_modes(self) -> list[str]:
        """For root, `setpriv` dropping the capabilities that read any file; else nothing."""
        if os.geteuid() != 0:
            return []
        caps = "-dac_override,-dac_read_search"
        return ["setpriv", f"--bounding-set={caps}", f"--inh-caps={caps}"]

    # git's own state

    def snapshot_git_state(self, repo: str) -> dict[str, Any]:
        """Index, HEAD, config, reflogs (bytes) and refs outside refs/cleveragents/."""
        git_dir = Path(repo) / ".git"
        refs = _git(repo, "for-each-ref", "--format=%(objectname) %(refname)")
        logs = git_dir / "logs"
        return {
            "index": (git_dir / "index").read_bytes(),
            "HEAD": (git_dir / "HEAD").read_bytes(),
            "config": (git_dir / "config").read_bytes(),
            "refs": [line for line in refs.splitlines() if CHECKPOINT_REFS not in line],
            "reflogs": {
                p.relative_to(logs).as_posix(): p.read_bytes()
                for p in sorted(logs.rglob("*"))
                if p.is_file()
            },
            "stash": _git(repo, "stash", "list", "--format=%H %gs"),
        }

    def git_state_should_match_snapshot(self, repo: str, expected: dict[str, Any]) -> None:
        """Fail, naming each part that changed, unless git's state is byte-for-byte `expected`."""
        actual = self.snapshot_git_state(repo)
        changed = [part for part in expected if expected[part] != actual[part]]
        if changed:
            details = "\n".join(
                f"{part}:\n  before: {_show_state(expected[part])}\n"
                f"  after:  {_show_state(actual[part])}"
                for part in changed
            )
            raise AssertionError(f"the user's git state changed ({', '.join(changed)}):\n{details}")

    # the store of `agents`

    def store_dump(self, repo: str) -> str:
        """Every table and row of `<git-dir>/cleveragents/state.db`, as SQL text (`.dump`)."""
        path = Path(repo) / ".git" / "cleveragents" / "state.db"
        if not path.is_file():
            raise AssertionError(f"there is no store at {path}")
        # A read-write connection, closed at once: the last one to close removes the WAL files.
        db = sqlite3.connect(path)
        try:
            return "\n".join(db.iterdump())
        finally:
            db.close()

    # plan files

    def write_plan_of_one_write_per_step(self, path: str, steps: int | str) -> str:
        """A plan file whose step N writes `fN.txt` holding `N`; returns its path. Its budget
        of actor calls covers a run and two corrections that each re-execute all of it."""
        count = int(steps)
        lines = ["task: one write per step", f"budget: {{actor_calls: {3 * count + 10}}}"]
        lines.append("steps:")
        for n in range(1, count + 1):
            lines += [f"  - name: step {n}", "    options:", "      - actions:"]
            lines += [f"          - write: f{n}.txt", f'            content: "{n}\\n"']
        Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    # JSON documents of `agents --json`

    def parse_json_document(self, text: str) -> Any:
        """The one JSON document `text` holds; fail if it holds anything else."""
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise AssertionError(f"stdout is not one JSON document ({error}):\n{text}") from None

    def decisions_of(self, document: dict[str, Any]) -> list[dict[str, Any]]:
        """Every decision of a `--json` tree document, in the order they were taken."""
        if document.get("schema_version") != TREE_SCHEMA:
            raise AssertionError(
                f"expected a tree document of schema_version {TREE_SCHEMA}, "
                f"got {document.get('schema_version')!r}"
            )
        decisions: list[dict[str, Any]] = document["decisions"]
        return decisions

    def decision_tree_should_hang_together(self, document: dict[str, Any]) -> None:
        """Fail unless the decisions come in `seq` order, each listing as its `children` the
        ids (not nested decisions) of exactly those that name it as their parent."""
        decisions = self.decisions_of(document)
        seqs = [d["seq"] for d in decisions]
        if seqs != sorted(seqs):
            raise AssertionError(f"the decisions are not in seq order: {seqs}")
        expected: dict[str | None, list[str]] = {d["id"]: [] for d in decisions}
        for d in decisions:
            expected.setdefault(d["parent_id"], []).append(d["id"])
        for d in decisions:
            if d["children"] != expected[d["id"]]:
                raise AssertionError(
                    f"decision {d['id']} lists children {d['children']}, "
                    f"but {expected[d['id']]} name it as their parent"
                )

    def decision_kinds_of(self, document: dict[str, Any]) -> list[str]:
        """The kinds of every decision, in the order they were taken."""
        return [d["kind"] for d in self.decisions_of(document)]

    def decision_by_id(self, document: dict[str, Any], decision_id: str) -> dict[str, Any]:
        """The decision with this id, or a failure listing the ids there are."""
        decisions = self.decisions_of(document)
        for decision in decisions:
            if decision["id"] == str(decision_id):
                return decision
        raise AssertionError(
            f"no decision {decision_id}; the tree has {[d['id'] for d in decisions]}"
        )

    def step_decision(
        self, document: dict[str, Any], step: int, status: str = "active"
    ) -> dict[str, Any]:
        """The one decision of kind `step` for step number `step` with this status."""
        found = [
            d
            for d in self.decisions_of(document)
            if d["kind"] == "step" and d["step"] == int(step) and d["status"] == status
        ]
        if len(found) != 1:
            raise AssertionError(
                f"expected one {status} decision of step {step}, found {[d['id'] for d in found]}"
            )
        return found[0]

    def decision_records(self, document: dict[str, Any], *ids: str) -> list[str]:
        """The decisions with these ids, each as canonical JSON without its children (a
        correction adds one to the decision where it forks)."""
        records = []
        for decision_id in ids:
            decision = self.decision_by_id(document, decision_id)
            record = {key: value for key, value in decision.items() if key != "children"}
            records.append(json.dumps(record, sort_keys=True, ensure_ascii=False))
        return records


def _git(repo: str, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=True)
    return done.stdout


def _show(entry: tuple[Any, ...]) -> str:
    if entry[0] == "symlink":
        return f"symlink to {entry[1]!r}"
    content: bytes = entry[2]
    preview = content[:40]
    more = "..." if len(content) > 40 else ""
    return f"file {entry[1]}, {len(content)} bytes {preview!r}{more}"


def _show_state(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 400 else text[:400] + "..."
