"""The property of `adapters/git/user_ignores.py`: no file the user's ignore rules excluded
at the start ever enters a checkpoint, whatever is done to the `.gitignore` files.

Each example: a real repository whose committed `.gitignore` files ignore `.env`, `build/`
and `logs/*.log`, and whose `.git/info/exclude` ignores `secrets.env`, each holding a file;
an untracked `secrets/.gitignore` of `*` that ignores itself and `secrets/key.pem` (as `python
-m venv`, pytest, mypy and ruff write one); and an edit of the top `.gitignore` the user has
not staged, ignoring `creds.json` too. Then random operations, each followed by a checkpoint
of the real `GitCheckpoints` (with the path it changed named and saved before, as around a
file action, or none, as after a command): a `.gitignore` (at the top or in a folder)
rewritten with random rules, negations among them (`!build/`, `!secrets.env`, `!*.log`),
written back to its committed text, or deleted; a new file written; an ignored file
rewritten. No checkpoint's tree may hold a file ignored at the start; a file the user tracks
in spite of the rules (`git add -f`) is in every one.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.checkpoint import SavedFiles
from features.support.git_dirs_property import ENV, _git
from features.support.properties import reproducible

RULES_FILES = (
    ".gitignore", "logs/.gitignore", "build/.gitignore", "src/.gitignore", "secrets/.gitignore",
)  # fmt: skip
COMMITTED = {".gitignore": ".env\nbuild/\n", "logs/.gitignore": "*.log\n"}
RULES = (
    ".env", "build/", "!build/", "!build/creds", "!/build", "!secrets.env", "!*.env",
    "*.log", "!*.log", "!app.log", "!logs/", "build/deep/", "!deep/", "!key", "*.py", "#",
    "!*", "!key.pem", "!.gitignore",
)  # fmt: skip
FILES = (
    "src/new.py", "notes.txt", "build/creds", "logs/app.log", ".env", "secrets.env",
    "secrets/key.pem", "creds.json",
)  # fmt: skip
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("rules"), st.sampled_from(RULES_FILES), st.lists(st.sampled_from(RULES))),
        st.tuples(st.just("delete"), st.sampled_from(RULES_FILES), st.just([])),
        st.tuples(st.just("committed"), st.sampled_from(sorted(COMMITTED)), st.just([])),
        st.tuples(st.just("write"), st.sampled_from(FILES), st.just([])),
    ),
    min_size=1,
    max_size=5,
)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="user-ignores-", dir=tmp))

    @reproducible(examples, seed)
    @given(OPERATIONS, st.booleans())
    def holds(operations: list[tuple[str, str, list[str]]], named: bool) -> None:
        nonlocal ran
        ran += 1
        root = user_repository(work / f"repo{ran}")
        ignored = set(_lines(root, "ls-files", "-o", "-i", "--exclude-standard"))
        assert {".env", "build/creds", "build/deep/key", "secrets.env"} <= ignored
        assert {"secrets/.gitignore", "secrets/key.pem", "creds.json"} <= ignored
        checkpoints = GitCheckpoints(GitRepository.discover(root), lambda: datetime.now(UTC))
        checkpoints.create("p1", "start")
        for number, (kind, path, rules) in enumerate(operations):
            target = root / path
            if named:  # as the environment does before a file action
                checkpoints.save_before_action("p1", path, _unkept)
            if kind == "rules":
                target.parent.mkdir(exist_ok=True)
                target.write_text("".join(f"{rule}\n" for rule in rules))
            elif kind == "committed":  # the user's unstaged edit undone
                target.write_text(COMMITTED[path])
            elif kind == "delete":
                target.unlink(missing_ok=True)
            else:
                target.parent.mkdir(exist_ok=True)
                target.write_text(f"written by operation {number}\n")
            tree = checkpoints.create("p1", f"op {number}", [path] if named else None).tree
            held = set(_lines(root, "ls-tree", "-r", "--name-only", "-z", tree))
            assert not held & ignored, (sorted(held & ignored), operations)
            assert "build/tracked.txt" in held, operations
        shutil.rmtree(root)

    holds()
    return ran


def user_repository(root: Path) -> Path:
    """A repository whose rules ignore `.env`, `build/`, `logs/*.log` and (in info/exclude)
    `secrets.env`, with one of each, and `build/tracked.txt` tracked in spite of them; then
    `secrets/` ignored by its own untracked `.gitignore`, and `creds.json` by an edit of the
    top `.gitignore` not staged."""
    for path, text in {
        ".gitignore": ".env\nbuild/\n",
        "logs/.gitignore": "*.log\n",
        "src/a.py": "print('a')\n",
        ".env": "ENV-SECRET\n",
        "build/creds": "BUILD-SECRET\n",
        "build/deep/key": "DEEP-SECRET\n",
        "build/tracked.txt": "tracked\n",
        "logs/app.log": "LOG-SECRET\n",
        "secrets.env": "EXCLUDED-SECRET\n",
    }.items():
        _write(root / path, text)
    _git(root, "init", "-q")
    (root / ".git" / "info" / "exclude").write_text("secrets.env\n")
    _git(root, "add", ".")
    _git(root, "add", "-f", "build/tracked.txt")
    _git(root, "commit", "-qm", "start")
    for path, text in {
        "secrets/.gitignore": "*\n",
        "secrets/key.pem": "KEY-SECRET\n",
        ".gitignore": ".env\nbuild/\ncreds.json\n",
        "creds.json": "CREDS-SECRET\n",
    }.items():
        _write(root / path, text)
    return root


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def _lines(root: Path, *args: str) -> list[str]:
    out = subprocess.run(
        ["git", *args], cwd=root, env=ENV, capture_output=True, check=True, text=True
    ).stdout
    return [line for line in out.replace("\0", "\n").split("\n") if line]


def _unkept(saved: SavedFiles) -> None:
    """What an action replaces: not looked at here."""
