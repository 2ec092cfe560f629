"""Checkpoints that read only the paths an agent's actions named, against a full scan."""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.steps.checkpoint_steps import services

PLAN = "feedcafe"


@given('the git setting "{key}" is "{value}"')
def step_setting(context: Any, key: str, value: str) -> None:
    if value == "(unset)":
        args = ["git", "config", "--unset-all", key]
    else:
        args = ["git", "config", key, value]
    subprocess.run(args, cwd=context.repo, check=False, capture_output=True)


@when('these paths change and a checkpoint "{name}" reads only them:')
@when('these paths change and a checkpoint "{name}" of the plan "{plan}" reads only them:')
def step_known_change(context: Any, name: str, plan: str = PLAN) -> None:
    """Each row changes one path as a file action or a hand would; the checkpoint is told
    the paths of the rows, as a run tells it the paths its file actions named."""
    for row in context.table:
        change_path(context.repo, row["change"], row["path"], row["value"])
    changed = [row["path"] for row in context.table]
    checkpoints = services(context).checkpoints
    context.checkpoints = getattr(context, "checkpoints", {})
    context.checkpoints[name] = checkpoints.create(plan, name, changed)


def change_path(repo: Path, change: str, at: str, written: str) -> None:
    """Change one path as a file action or a command would (`\\n`, `\\r` in the table
    stand for newline and carriage return, in a path as in content)."""
    path = repo / at.replace("\\n", "\n")
    value = written.replace("\\n", "\n").replace("\\r", "\r")
    if change == "swap" and not path.parent.is_dir():
        path.parent.unlink()  # a file where the folder must be
    if value == "(kept)":  # as it is: the repository's own file
        assert path.exists(), path
    elif change in ("write", "swap"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(value.encode())
    elif change == "delete":
        shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
    elif change == "chmod-x":
        path.chmod(0o644)
    elif change == "folder":  # a folder (holding a file) stands at the path
        (path / "inside.txt").parent.mkdir(parents=True, exist_ok=True)
        (path / "inside.txt").write_text(value)
    elif change == "link":
        os.symlink(value, path)
    elif change == "nested":  # a repository of its own, with a commit
        path.mkdir(parents=True)
        (path / "inner.txt").write_text(value)
        identity = ["-c", "user.name=inner", "-c", "user.email=inner@localhost"]
        for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "inner", "--no-gpg-sign"]):
            subprocess.run(["git", *identity, *args], cwd=path, check=True, capture_output=True)
    elif change == "many":  # `value` new files in the folder `at`
        path.mkdir(parents=True, exist_ok=True)
        for number in range(int(value)):
            (path / f"f{number}.txt").write_text(f"file {number}\n")
    else:
        raise AssertionError(f"unknown change {change}")


@then('the checkpoint "{name}" is what a scan of the whole working tree gives')
def step_as_scanned(context: Any, name: str) -> None:
    checkpoints = services(context).checkpoints
    scanned = checkpoints.snapshot_tree(PLAN, scratch=True)
    tree = context.checkpoints[name].tree
    assert tree == scanned, checkpoints.repo.git(
        "diff-tree", "-r", "--no-renames", "--name-status", tree, scanned
    )


@then("git finds every object of the checkpoints sound")
@then("git fsck --strict finds nothing wrong")
def step_fsck(context: Any) -> None:
    done = subprocess.run(
        ["git", "fsck", "--strict", "--no-dangling", "--no-progress"],
        cwd=context.repo,
        capture_output=True,
        text=True,
        check=False,
    )
    said = done.stdout.strip() + done.stderr.strip()
    assert done.returncode == 0 and not said, done.stdout + done.stderr


@when("the command ends before its private index caught up")
def step_killed(context: Any) -> None:
    """As a killed command leaves it: the journal of in-process entries not yet applied."""
    journal = context.repo / ".git" / "cleveragents" / "worktree.index.behind"
    assert journal.stat().st_size > 0, "no entries were left to catch up"
    context.services = None  # the next command starts afresh


@when('"{path}" is ignored and written again as "{text}"')
def step_ignored_again(context: Any, path: str, text: str) -> None:
    with (context.repo / ".git" / "info" / "exclude").open("a") as exclude:
        exclude.write(f"/{path}\n")
    (context.repo / path).write_text(text)


class _GitCalls(logging.Handler):
    """The git commands run while it is installed (`agents -v` shows the same lines)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.commands: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.commands.append(record.getMessage())


@contextlib.contextmanager
def git_commands(shown: int = logging.INFO) -> Iterator[list[str]]:
    """The git commands run inside the `with` block, as `agents -v` prints them (`-vv`,
    with the environment each is given, for `shown` DEBUG)."""
    logger = logging.getLogger("cleveragents.git")
    calls, level = _GitCalls(), logger.level
    logger.addHandler(calls)
    logger.setLevel(shown)
    try:
        yield calls.commands
    finally:
        logger.removeHandler(calls)
        logger.setLevel(level)


@when('a command makes this change and a checkpoint "{name}" scans for it:')
def step_command_change(context: Any, name: str) -> None:
    """As after a `run` action: the checkpoint is told nothing of what changed."""
    for row in context.table:
        change_path(context.repo, row["change"], row["path"], row["value"])
    with git_commands() as context.git_calls:
        context.checkpoints[name] = services(context).checkpoints.create(PLAN, name)
    assert any(c.startswith("git add --all") for c in context.git_calls), context.git_calls


@when("commands make these changes, with a checkpoint after each:")
def step_commands_changes(context: Any) -> None:
    """As after `run` actions, one after another in one command; the git commands of all."""
    context.git_calls = []
    for row in context.table:
        change_path(context.repo, row["change"], row["path"], row["value"])
        with git_commands() as calls:
            name = row["checkpoint"]
            context.checkpoints[name] = services(context).checkpoints.create(PLAN, name)
        context.git_calls += calls


@then("git was started once to read objects")
def step_one_object_reader(context: Any) -> None:
    readers = [c for c in context.git_calls if c == "git cat-file --batch"]
    assert len(readers) == 1, context.git_calls


@given('the private index is in format 4, as "feature.manyFiles" makes it')
def step_index_format_4(context: Any) -> None:
    checkpoints = services(context).checkpoints
    env = {**os.environ, **checkpoints.tree_env()}
    subprocess.run(["git", "update-index", "--index-version", "4"], env=env, check=True)
    assert checkpoints.index.read_bytes()[4:8] == b"\0\0\0\4"


@then("git listed the index: {asked}")
def step_listed_index(context: Any, asked: str) -> None:
    assert_asked(context.git_calls, "git ls-files", asked)


@when("a new command starts")
def step_new_command(context: Any) -> None:
    context.services.close()
    context.services = None


@then("git was asked for the tree: {asked}")
def step_asked_for_tree(context: Any, asked: str) -> None:
    assert_asked(context.git_calls, "git write-tree", asked)


def assert_asked(commands: list[str], command: str, asked: str) -> None:
    """`asked` "yes": `command` is among the git commands run; "no": it is not."""
    ran = any(c.startswith(command) for c in commands)
    assert ran is (asked == "yes"), commands


@contextlib.contextmanager
def standing_in(checkpoints: Any, stand_in: type) -> Iterator[None]:
    """`checkpoints` run their git through `stand_in` (a `GitRepository` subclass that
    races a writer against a git command) inside the block."""
    honest = checkpoints.repo
    checkpoints.repo = stand_in(**{f: getattr(honest, f) for f in honest.__dataclass_fields__})
    try:
        yield
    finally:
        checkpoints.repo = honest


@then('the checkpoint "{name}" is the checkpoint "{other}"')
def step_same_checkpoint(context: Any, name: str, other: str) -> None:
    assert context.checkpoints[name] == context.checkpoints[other], (
        context.checkpoints[name],
        context.checkpoints[other],
    )


@when('a command changes "{path}" and writes it again after git added it for a checkpoint "{name}"')
def step_written_after_add(context: Any, path: str, name: str) -> None:
    """A writer racing the checkpoint: between `git add` and the tree built from its lines."""
    from cleveragents.adapters.git.repository import GitRepository

    checkpoints = services(context).checkpoints
    honest, target = checkpoints.repo, context.repo / path
    target.write_text("print('added')\n")

    class Racing(GitRepository):
        def git_outcome(self, *args: str, env: Any = None) -> tuple[int, bytes, bytes]:
            done = honest.git_outcome(*args, env=env)
            if args[0] == "add":
                target.write_text("print('written after')\n")
            return done

    with standing_in(checkpoints, Racing), git_commands() as context.git_calls:
        context.checkpoints[name] = checkpoints.create(PLAN, name)


@then('the checkpoint "{name}" is what the private index holds')
def step_as_indexed(context: Any, name: str) -> None:
    tree = private_index_tree(context)
    assert tree == context.checkpoints[name].tree, (tree, context.checkpoints[name].tree)


def private_index_tree(context: Any) -> str:
    """The tree the private index holds, written from a copy of it (`write-tree` writes
    the index it reads: its cache of trees)."""
    index = context.tmp / "index-copy"
    shutil.copy(context.repo / ".git" / "cleveragents" / "worktree.index", index)
    return subprocess.run(
        ["git", "write-tree"],
        cwd=context.repo,
        env={"GIT_INDEX_FILE": str(index), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


@given("the umask is {octal}")
def step_umask(context: Any, octal: str) -> None:
    """This process's umask (git inherits it) for the scenario, restored after it."""
    before = os.umask(int(octal, 8))
    context.add_cleanup(os.umask, before)


@given("the folders of the object database are noted")
def step_note_object_folders(context: Any) -> None:
    context.object_folders = set(_object_folders(context))


@then("each object folder made since has the bits {bits}, as git gives a folder it makes")
def step_object_folder_bits(context: Any, bits: str) -> None:
    """And a folder `git hash-object -w` makes now (same settings, same umask) has them."""
    made = set(_object_folders(context)) - context.object_folders
    assert made, "no object folder was made: nothing was tried"
    for number in range(1000):
        oid = subprocess.run(
            ["git", "hash-object", "-w", "--stdin"],
            cwd=context.repo,
            input=f"git's own {number}\n",
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        gits = services(context).checkpoints.repo.common_dir / "objects" / oid[:2]
        if gits not in made and gits not in context.object_folders:  # one git made now
            break
    else:  # pragma: no cover - 1,000 objects in folders that were there already
        raise AssertionError("git made no new object folder")
    want = f"{os.stat(gits).st_mode & 0o7777:04o}"
    found = {folder.name: f"{os.stat(folder).st_mode & 0o7777:04o}" for folder in made}
    assert want == bits, f"git gave its folder {want}"
    assert set(found.values()) == {want}, f"git: {want}, ours: {found}"


def _object_folders(context: Any) -> Iterator[Path]:
    objects = services(context).checkpoints.repo.common_dir / "objects"
    return (folder for folder in objects.iterdir() if len(folder.name) == 2)
