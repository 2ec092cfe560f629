"""The property behind commands whose changes to ignored files, nested repositories and modes
undo brings back.

Each example builds a real repository with committed files of random modes (0600, 0640,
0644, 0755), ignored files and folders (`.env`, `build/`, `*.log`) of random bytes and
modes, some of them symbolic links, folders that stand empty (`uploads/2024` in a `1777`
`uploads`, `logs`, a mount point: in no checkpoint) of random modes, and maybe a nested
repository, with commits or none yet (`lib/`, or `build/dep/` inside an ignored folder: its
packed refs, stash, untracked and ignored files); then a random shell command, run through
the real workspace environment as a plan runs it, deletes (`rm -rf`), truncates, appends
to, chmods, moves and links them (a nested repository's `.git`, config, refs and index
too), puts files where folders were and the reverse, and writes into the empty folders
(as may the agent's own `write:` actions before it).
The real `GitCheckpoints` looks before the command and records what it changed after; a
restore of the checkpoint before the command with what was recorded (as `agents plan
undo` does) must give back every path that existed before, byte for byte, with its mode
or link target, and every empty folder with its mode.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import RunAction
from cleveragents.domain.checkpoint import Keeping, SavedFiles
from features.support.properties import reproducible
from features.support.tree_state import differences, picture

PLAN = "property"
RULES = ".env\nbuild/\n*.log\n"
TRACKED = ("notes.txt", "secret.env", "src/app.py", "run.sh")
IGNORED = (".env", "app.log", "build/a.o", "build/sub/b.o", "build/c.log", "src/x.log")
MODES = (0o600, 0o640, 0o644, 0o755)
FOLDER_MODES = (0o700, 0o750, 0o755, 0o777)
NESTED = ("lib", "build/dep")  # untracked, or inside an ignored folder
INSIDE = (".git", ".git/config", ".git/HEAD", ".git/index", ".git/packed-refs", ".git/refs")
INSIDE += (".git/objects", "src.c", "wip.txt", "out.o")
# Folders that stand empty before the command (`uploads` holds only `uploads/2024`).
EMPTY = ("uploads/2024", "logs", "mnt", "src/cache")
EMPTY_MODES = (*FOLDER_MODES, 0o1777, 0o2775)
WRITES = ("w", "deep/w")  # an agent's `write:` into an empty folder, or one it makes there
TARGETS = (*TRACKED, *IGNORED, "build", "build/sub", "src", *EMPTY, "uploads")


@dataclass
class Example:
    tracked: dict[str, tuple[bytes, int]]
    ignored: dict[str, tuple[bytes, int] | str]  # bytes and mode, or a link's target
    command: list[str]  # simple commands, joined with `;`
    nested: str | None = None  # where a nested repository stands, if one does
    committed: bool = True  # whether it has commits (else `git init` only)
    src_mode: int = 0o755  # the mode of the tracked folder `src`
    empty: dict[str, int] | None = None  # each folder of `EMPTY` made, and `uploads`: mode
    writes: tuple[str, ...] = ()  # files the agent's own writes make before the command


def _bytes() -> st.SearchStrategy[bytes]:
    return st.binary(max_size=40)


@st.composite
def examples(draw: st.DrawFn) -> Example:
    tracked = {
        path: (draw(_bytes()), draw(st.sampled_from(MODES)))
        for path in draw(st.lists(st.sampled_from(TRACKED), min_size=1, unique=True))
    }
    ignored: dict[str, tuple[bytes, int] | str] = {}
    for path in draw(st.lists(st.sampled_from(IGNORED), unique=True)):
        if draw(st.integers(0, 4)) == 0:
            ignored[path] = draw(st.sampled_from([*TARGETS, "missing"]))
        else:
            ignored[path] = (draw(_bytes()), draw(st.sampled_from(MODES)))
    nested = draw(st.sampled_from([None, *NESTED]))
    targets = TARGETS if nested is None else (*TARGETS, nested, *(f"{nested}/{p}" for p in INSIDE))
    steps = [draw(_shell_step(targets)) for _ in range(draw(st.integers(1, 6)))]
    src_mode = draw(st.sampled_from(FOLDER_MODES))
    empty = {
        path: draw(st.sampled_from(EMPTY_MODES))
        for path in draw(st.lists(st.sampled_from(EMPTY), unique=True))
    }
    if "uploads/2024" in empty:
        empty["uploads"] = draw(st.sampled_from(EMPTY_MODES))
    writes = draw(st.lists(st.sampled_from([f"{e}/{w}" for e in EMPTY for w in WRITES])))
    committed = draw(st.booleans())
    return Example(tracked, ignored, steps, nested, committed, src_mode, empty, tuple(writes))


@st.composite
def _shell_step(draw: st.DrawFn, targets: tuple[str, ...]) -> str:
    path = shlex.quote(draw(st.sampled_from(targets)))
    other = shlex.quote(draw(st.sampled_from(targets)))
    mode = f"{draw(st.sampled_from(MODES)):o}"
    empty = draw(st.sampled_from(EMPTY))
    return draw(
        st.sampled_from(
            [
                f"rm -rf {path}",
                f": > {path}",
                f"printf 'more\\n' >> {path}",
                f"chmod {mode} {path}",
                f"chmod -R a+rwX {path}",
                "chmod -R go-rwx src",  # a folder's mode, which no checkpoint records
                "rm -rf src",
                f"mv {path} {other}",
                f"ln -sfn {other} {path}",
                f"rm -rf {path} && mkdir -p {path} && printf 'in\\n' > {path}/new",
                f"printf 'new\\n' > {empty}/f",  # into a folder that stood empty
                f"printf 'new\\n' > {empty}/f.log",  # an ignored file: undo leaves it
                f"mkdir -p {empty}/deep && printf 'x\\n' > {empty}/deep/g",
            ]
        )
    )


def check_property(examples_wanted: int, seed: int, workdir: Path) -> int:
    """Run the property on up to `examples_wanted` random examples; how many ran."""
    count = [0]

    @reproducible(examples_wanted, seed)
    @given(examples())
    def undo_gives_back_what_a_command_changed(example: Example) -> None:
        count[0] += 1
        with tempfile.TemporaryDirectory(dir=workdir) as tmp:
            play(example, Path(tmp) / "repo")

    undo_gives_back_what_a_command_changed()
    return count[0]


def play(example: Example, root: Path) -> None:
    _make_repository(example, root)
    repo = GitRepository.discover(root)
    checkpoints = GitCheckpoints(repo, lambda: datetime.now(UTC))
    saved: list[SavedFiles] = []
    before = checkpoints.create(PLAN, "before the command")
    expected = picture(root)
    folders = _folder_modes(root)
    stood = _empty_modes(root, example)
    for path in example.writes:  # as a plan's `write:` action: saved before, then written
        checkpoints.save_before_action(PLAN, path, saved.append)
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(b"w\n")
    look = checkpoints.before_command(PLAN, before.tree, saved.append)
    command = " ; ".join(example.command)
    WorkspaceEnvironment(root, repo.git_dir).apply(RunAction(command=command))
    checkpoints.after_command(look, saved.append)
    checkpoints.create(PLAN, "after the command")
    checkpoints.restore(before, list(saved), keeping=Keeping(saved.append, lambda entry: None))
    got = picture(root)
    kept = {path: entry for path, entry in got.items() if path in expected}
    # Undo leaves the ignored files a command created; where the command made a folder of
    # them at the place of an ignored file, the file is not put back over it (README).
    occupied = {p for p in expected if p not in got and (root / p).is_dir() and _new_inside(p)}
    expected = {path: entry for path, entry in expected.items() if path not in occupied}
    problems = differences(expected, kept)
    problems += [
        f"  {path}/: expected mode {mode:o}, found {now:o}"
        for path, mode in folders.items()
        if (now := _folder_modes(root).get(path, mode)) != mode
    ]
    problems += [
        f"  {path}/: expected a folder of mode {mode:o}, found {_shown(now)}"
        for path, mode in stood.items()
        if (now := _empty_modes(root, example).get(path)) != mode
    ]
    assert not problems, f"after `{command}` and the restore:\n" + "\n".join(problems)


def _folder_modes(root: Path) -> dict[str, int]:
    """The mode of each tracked folder that stands as a folder."""
    full = root / "src"
    if full.is_symlink() or not full.is_dir():
        return {}
    return {"src": full.stat().st_mode & 0o7777}


def _empty_modes(root: Path, example: Example) -> dict[str, int]:
    """The mode of each folder of `example.empty` that stands as a folder."""
    found = {}
    for path in example.empty or {}:
        parts = [root.joinpath(*path.split("/")[: i + 1]) for i in range(path.count("/") + 1)]
        if all(p.is_dir() and not p.is_symlink() for p in parts):  # reached through no link
            found[path] = parts[-1].stat().st_mode & 0o7777
    return found


def _shown(mode: int | None) -> str:
    return "none" if mode is None else f"mode {mode:o}"


def _new_inside(path: str) -> bool:
    """Whether `path` is one of the ignored ones or inside a nested repository (a folder
    there holds new files no checkpoint holds)."""
    return path in IGNORED or path.startswith(("build/", "lib/"))


def _make_repository(example: Example, root: Path) -> None:
    root.mkdir(parents=True)
    _git(root, "init", "--quiet")
    (root / ".gitignore").write_text(RULES)
    for path, (data, mode) in example.tracked.items():
        _write(root / path, data, mode)
    _git(root, "add", "--all")
    _git(root, "commit", "--quiet", "--no-gpg-sign", "-m", "start")
    for path, mode in sorted((example.empty or {}).items(), key=lambda kept: -kept[0].count("/")):
        (root / path).mkdir(parents=True, exist_ok=True)
        (root / path).chmod(mode)  # deepest first: `uploads` gets its own after `uploads/2024`
    if (root / "src").is_dir():
        (root / "src").chmod(example.src_mode)
    for path, what in example.ignored.items():
        if isinstance(what, str):
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            os.symlink(what, root / path)
        else:
            _write(root / path, *what)
    if example.nested is not None:
        _make_nested(root / example.nested, example.committed)


def _make_nested(lib: Path, committed: bool) -> None:
    """A repository of its own at `lib`: two commits, packed refs, a tag, a stash, an
    untracked, an ignored and an executable file, a `0600` config; or, not `committed`,
    no commit yet."""
    _write(lib / "src.c", b"int a;\n", 0o644)
    _write(lib / "run.sh", b"#!/bin/sh\n", 0o755)
    _write(lib / ".gitignore", b"*.o\n", 0o644)
    _git(lib, "init", "--quiet")
    if not committed:
        _write(lib / "out.o", b"\x00out\n", 0o600)
        return
    _git(lib, "add", "--all")
    _git(lib, "commit", "--quiet", "--no-gpg-sign", "-m", "one")
    _git(lib, "pack-refs", "--all")
    _write(lib / "src.c", b"int b;\n", 0o644)
    _git(lib, "commit", "--quiet", "--no-gpg-sign", "-am", "two")
    _git(lib, "tag", "v2")
    _write(lib / "src.c", b"int stashed;\n", 0o644)
    _git(lib, "stash", "--quiet")
    _write(lib / "wip.txt", b"wip\n", 0o644)
    _write(lib / "out.o", b"\x00out\n", 0o600)
    (lib / ".git" / "config").chmod(0o600)


def _write(full: Path, data: bytes, mode: int) -> None:
    full.parent.mkdir(parents=True, exist_ok=True)
    full.write_bytes(data)
    full.chmod(mode)


def _git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "p",
        "GIT_AUTHOR_EMAIL": "p@example.com",
        "GIT_COMMITTER_NAME": "p",
        "GIT_COMMITTER_EMAIL": "p@example.com",
        "GIT_CONFIG_GLOBAL": "/dev/null",
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)
