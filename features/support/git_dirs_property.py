"""The property of `adapters/git/git_dirs.py`: whatever a command does to the `.git`
entries of a working tree, none it leaves there makes the user's own git run a command.

Each example: a real repository with a registered submodule `lib` (from a local bare
repository), one registered but not checked out (`gone`), the user's nested repository
`vendor` (with a commit) and a linked worktree `side` inside the tree. The real
`GitCheckpoints` looks before a "command": random operations on the file system, as a
shell command (not sandboxed: so nothing is bound read-only) could do them — moving a
folder away and making a new one, writing a `gitdir:` file (naming a git directory
outside the tree or inside it), adding a config key (an fsmonitor, directly, through an
`include`, through `config.worktree`), a hook, `git init` (harmless or not), replacing or
removing a `.git`, a `.GIT` or a `.git` link, or making a folder a git directory of
another name (`HEAD`, `objects/`, `refs/` and a config; `git init --bare`). Nothing is
written through a `gitdir:` file into the repository's own git directory
(`.git/modules/lib`, `.git/worktrees/side`): the sandbox keeps that read-only. Then
`after_command`, and:
  * every `.git` there before and still there has the same bytes in the files that
    decide what git runs (`config`, `HEAD`, `hooks/`, ...), and a moved one is back;
  * a new `.git` is a folder with no hook but git's samples;
  * the user's `git status` at the top, in every folder that holds or held a `.git` and
    in those the command may have made a git directory of another name never runs the
    canary fsmonitor; a hook left in one would show as a file of its `hooks/`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.git_dirs import found
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.checkpoint import SavedFiles
from features.support.properties import reproducible

FOLDERS = ["lib", "gone", "vendor", "side", "new/deep"]
KINDS = [
    "move", "gitdir outside", "gitdir inside", "fsmonitor", "include", "config.worktree",
    "hook", "init", "init harmful", "replace", "remove", "upper case", "link",
    "shaped", "bare", "hook in bare",
]  # fmt: skip
OPERATIONS = st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(FOLDERS)), max_size=4)
ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "m", "GIT_AUTHOR_EMAIL": "m@m",
    "GIT_COMMITTER_NAME": "m", "GIT_COMMITTER_EMAIL": "m@m",
    "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
}  # fmt: skip
WATCHED = ("config", "config.worktree", "HEAD", "commondir", "gitdir", "info/attributes")


def canary_script(work: Path) -> tuple[Path, Path]:
    """The canary file under `work` and a script appending its arguments to it: what a
    planted fsmonitor or hook runs, found after the run if anything ran it."""
    canary = work / "canary"
    script = work / "canary.sh"
    script.write_text(f'#!/bin/sh\necho "$*" >> {canary}\n')
    script.chmod(0o755)
    return canary, script


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="git-dirs-", dir=tmp))
    canary, script = canary_script(work)
    upstream = _upstream(work)
    evil = work / "evil.git"
    _git(work, "init", "--quiet", "--bare", str(evil))
    _git(evil, "config", "core.bare", "false")
    _git(evil, "config", "core.fsmonitor", str(script))

    @reproducible(examples, seed)
    @given(OPERATIONS)
    def holds(operations: list[tuple[str, str]]) -> None:
        nonlocal ran
        ran += 1
        canary.unlink(missing_ok=True)
        root = work / f"repo{ran}"
        _repository(root, upstream)
        checkpoints = GitCheckpoints(GitRepository.discover(root), lambda: datetime.now(UTC))
        tree = checkpoints.create("p1", "before", None).tree
        before = _snapshot(root)
        look = checkpoints.before_command("p1", tree, _unkept)
        for number, (kind, folder) in enumerate(operations):
            _operate(root, kind, folder, number, script)
        checkpoints.after_command(look, _unkept)
        after = _snapshot(root)
        for path, data in after.items():
            if path in before:
                was = before[path]
                if isinstance(data, dict) and isinstance(was, dict):
                    # what the command deleted in a `.git` folder stays deleted (runs nothing)
                    kept = all(was.get(name) == held for name, held in data.items())
                    assert kept, (path, operations, look.put_back)
                else:
                    assert data == was, (path, operations, look.put_back)
            else:
                assert isinstance(data, dict), (path, operations, look.put_back)
                hooks = [n for n in data if n.startswith("hooks/") and n != "hooks/"]
                assert all(n.endswith(".sample") for n in hooks), (path, hooks, operations)
        for folder in FOLDERS:  # no hook left in a git directory of another name
            hooks = root / folder / "b" / "hooks"
            left = (
                [n for n in os.listdir(hooks) if not n.endswith(".sample")]
                if hooks.is_dir()
                else []
            )
            assert not left, (folder, left, operations, look.put_back)
        # and in every folder made a git directory of another name, and one below it
        shaped = [f"{f}/{sub}" for f in FOLDERS for sub in ("b", "refs", "b/refs")]
        for path in [".git", *before, *after, *shaped]:
            folder = root / path.rpartition("/")[0]
            if folder.is_dir():
                subprocess.run(
                    ["git", "status"], cwd=folder, env=ENV, capture_output=True, check=False
                )
            assert not canary.exists(), (path, operations, look.put_back, canary.read_text())
        shutil.rmtree(root)

    holds()
    return ran


def _operate(root: Path, kind: str, folder: str, number: int, script: Path) -> None:
    """One thing a command does to `folder` (made if missing)."""
    where = root / folder
    git = where / ".git"
    if kind == "move":
        if where.exists():
            os.rename(where, root / f"{folder}-moved{number}")
        where.mkdir(parents=True, exist_ok=True)
        return
    where.mkdir(parents=True, exist_ok=True)
    if kind in ("shaped", "bare", "hook in bare"):
        _shape(where, kind, script)
        return
    if kind in ("gitdir outside", "gitdir inside", "upper case", "link", "replace", "remove"):
        _remove(git)
    if kind == "gitdir outside":
        git.write_text(f"gitdir: {root.parent / 'evil.git'}\n")
    elif kind == "gitdir inside":
        inner = root / f"inner{number}"
        _git(root, "init", "--quiet", "--bare", str(inner))
        _git(inner, "config", "core.bare", "false")
        _git(inner, "config", "core.fsmonitor", str(script))
        git.write_text(f"gitdir: {os.path.relpath(inner, where)}\n")
    elif kind == "upper case":
        (where / ".GIT").write_text(f"gitdir: {root.parent / 'evil.git'}\n")
    elif kind == "link":
        git.symlink_to(root.parent / "evil.git")
    elif kind in ("init", "init harmful", "replace"):
        if git.is_file() or git.is_symlink():
            return  # git would write through it into the repository's git directory: read-only
        _git(where, "init", "--quiet")
        if kind != "init":
            _git(where, "config", "core.fsmonitor", str(script))
    elif git.is_dir() and not git.is_symlink():
        _change(git, kind, number, script)


def _shape(where: Path, kind: str, script: Path) -> None:
    """Make `where` (shaped) or `where/b` (bare) a git directory not named `.git`, which
    git finds by its shape, whose fsmonitor or hook is the canary."""
    if kind == "shaped":
        for name in ("objects", "refs"):
            (where / name).mkdir(exist_ok=True)
        (where / "HEAD").write_text("ref: refs/heads/main\n")
        # (without a format version git takes no `core.worktree` from it)
        (where / "config").write_text(
            "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ..\n"
            f"\tfsmonitor = {script}\n"
        )
        return
    bare = where / "b"
    _git(where, "init", "--quiet", "--bare", str(bare))
    if kind == "hook in bare":
        hook = bare / "hooks" / "post-checkout"
        hook.write_text(f"#!/bin/sh\n{script} hook\n")
        hook.chmod(0o755)
        return
    _git(bare, "config", "core.bare", "false")
    _git(bare, "config", "core.worktree", "..")
    _git(bare, "config", "core.fsmonitor", str(script))


def _change(git: Path, kind: str, number: int, script: Path) -> None:
    """Change the git directory `git` so that git runs the canary there."""
    if kind == "fsmonitor":
        with (git / "config").open("a") as config:
            config.write(f"[core]\n\tfsmonitor = {script}\n")
    elif kind == "include":
        (git / f"more{number}").write_text(f"[core]\n\tfsmonitor = {script}\n")
        with (git / "config").open("a") as config:
            config.write(f"[include]\n\tpath = more{number}\n")
    elif kind == "config.worktree":
        with (git / "config").open("a") as config:
            config.write("[extensions]\n\tworktreeConfig = true\n")
        (git / "config.worktree").write_text(f"[core]\n\tfsmonitor = {script}\n")
    elif kind == "hook":
        hook = git / "hooks" / "post-checkout"
        hook.parent.mkdir(exist_ok=True)
        hook.write_text(f"#!/bin/sh\n{script} hook\n")
        hook.chmod(0o755)


def _snapshot(root: Path) -> dict[str, bytes | dict[str, bytes]]:
    """Each `.git` of the tree: a file's or link's bytes; a folder's watched files."""
    shot: dict[str, bytes | dict[str, bytes]] = {}
    for path in found(root):
        full = root / path
        if full.is_symlink():
            shot[path] = os.readlink(full).encode()
        elif full.is_file():
            shot[path] = full.read_bytes()
        else:
            names = [*WATCHED, "hooks/"]
            if (full / "hooks").is_dir():
                names += [f"hooks/{n}" for n in os.listdir(full / "hooks")]
            shot[path] = {n: (full / n).read_bytes() for n in names if (full / n).is_file()}
    return shot


def _repository(root: Path, upstream: Path, worktree: bool = True) -> None:
    root.mkdir()
    _git(root, "init", "--quiet", "--initial-branch=main")
    (root / "README").write_text("r\n")
    _git(root, "add", "README")
    _git(root, "commit", "--quiet", "-m", "i")
    for name in ("lib", "gone"):
        _git(root, "-c", "protocol.file.allow=always", "submodule", "add", "--quiet",
             str(upstream), name)  # fmt: skip
    _git(root, "commit", "--quiet", "-m", "submodules")
    _git(root, "submodule", "deinit", "--quiet", "--force", "gone")
    _git(root, "init", "--quiet", "vendor")
    (root / "vendor" / "v.txt").write_text("v\n")
    _git(root / "vendor", "add", "v.txt")
    _git(root / "vendor", "commit", "--quiet", "-m", "v")
    if worktree:
        _git(root, "worktree", "add", "--quiet", "-b", "side", str(root / "side"))


def _upstream(work: Path) -> Path:
    upstream = work / "upstream.git"
    seed = work / "seed"
    _git(work, "init", "--quiet", "--bare", "--initial-branch=main", str(upstream))
    _git(work, "init", "--quiet", "--initial-branch=main", str(seed))
    (seed / "lib.txt").write_text("lib\n")
    _git(seed, "add", "lib.txt")
    _git(seed, "commit", "--quiet", "-m", "lib")
    _git(seed, "push", "--quiet", str(upstream), "HEAD:main")
    return upstream


def _remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, env=ENV, capture_output=True, check=True)


def odd_repository(work: Path) -> Path:
    """`checkpoints.git_dirs.feature`'s tree (see there); returns its top."""
    root = work / "repo"
    _repository(root, _upstream(work), worktree=False)
    (root / "vendor" / ".git" / "hooks" / "mine").mkdir()
    (root / "docs").mkdir()
    (root / "docs" / ".git").write_text("gitdir: /nowhere\n")
    outside = work / "outside"  # what a link the command makes may lead to
    outside.mkdir()
    for name in ("pre-commit.sample", ".git", "mine"):
        (outside / name).write_text("outside\n")
    (root / "docs" / "old").mkdir()
    (root / "docs" / "old" / ".git").symlink_to("/nowhere")  # a broken link: no repository
    _git(root, "init", "--quiet", "real")
    _git(root, "init", "--quiet", "--bare", "mirror")  # a git directory of another name
    (root / "linked").mkdir()
    (root / "linked" / ".git").symlink_to("../real/.git")
    return root


def run_command(
    root: Path, command: str
) -> tuple[list[str], dict[str, bytes | dict[str, bytes]], dict[str, bytes | dict[str, bytes]]]:
    """What `after_command` did, and the `.git` entries before and after, around `command`."""
    checkpoints = GitCheckpoints(GitRepository.discover(root), lambda: datetime.now(UTC))
    tree = checkpoints.create("p1", "before", None).tree
    before = _snapshot(root)
    look = checkpoints.before_command("p1", tree, _unkept)
    subprocess.run(["bash", "-c", command], cwd=root, env=ENV, check=True, capture_output=True)
    checkpoints.after_command(look, _unkept)
    return look.put_back, before, _snapshot(root)


def _unkept(saved: SavedFiles) -> None:
    """An operation's record: not this property's."""
