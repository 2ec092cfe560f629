"""Run as a user who is not root: the look before a command, the command, the walk and the
put-back after it (`GitCheckpoints.before_command`, `after_command`), or a run killed while
its command ran and the next command's settling (`OperationLog.settle`), each in a forked
process that becomes `nobody` (no file read after the fork: every module is imported before
it), on a tree `nobody` makes. The suites run as root, who lists and writes to every
folder (attack 23, F24; walk25: a `chmod 555` of the folder holding what the command
planted, or `chmod 000` of it, failed the put-back). Used by `unlisted_folder_steps.py` and
`put_back_modes_property.py`."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

NOBODY = 65534
PLANT = (
    "git init -q a/b && git -C a/b config core.fsmonitor 'touch ../../canary; false' && "
    "mkdir -p a/b/.claude && echo hooks > a/b/.claude/settings.json && "
    "echo servers > a/b/.mcp.json && echo '!touch canary' > a/b/.exrc"
)

PLANTED = ("a/b/.git", "a/b/.claude/settings.json", "a/b/.exrc", "a/b/.mcp.json", "a/.exrc")
# What a killed run's settling takes back (a nested `.git` loses what runs, its config).
SETTLED = ("a/b/.git/config", "a/b/.claude/settings.json", "a/b/.exrc", "a/b/.mcp.json", "a/.exrc")
AUTHOR = {f"GIT_{who}_{what}": "x" for who in ("AUTHOR", "COMMITTER") for what in ("NAME", "EMAIL")}
# Folders the user made unlistable before any command (a test fixture's `chmod 000`), each
# with a file and a folder holding one: each keeps its exact mode and bytes (walk26).
USER_FOLDERS = {"u0": 0o000, "u3": 0o311, "u6": 0o600}
# A checkpoint's `git add --all` fails on a folder it may list but not enter (`600`: "unable
# to stat"), as before walk26: a killed run's tree holds the others.
CHECKPOINTED = {"u0": 0o000, "u3": 0o311}


def as_nobody(top: Path, after: str) -> dict[str, Any]:
    """The look before a command, the command that plants in `a/b` and runs `after`, the
    walk and the put-back after it, run by `nobody` (or this user, not root) in a forked
    process."""
    from cleveragents.adapters.git import git_dirs as _git_dirs  # noqa: F401 - before the fork
    from cleveragents.adapters.git.checkpoints import GitCheckpoints
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.adapters.home_cwd import cwd_reads  # noqa: F401 - imported by the walk

    def command() -> dict[str, Any]:
        _home(top)
        root = _tree(top)
        checkpoints = GitCheckpoints(GitRepository(root, root / ".git"), _now)
        unkept = lambda _: None  # noqa: E731 - no operation records what the command changed
        look = checkpoints.before_command("plan", None, unkept)
        command = f"mkdir -p a/b && {PLANT} && {after}"
        subprocess.run(["sh", "-c", command], cwd=root, check=True)
        checkpoints.after_command(look, unkept)
        claudes = sorted(checkpoints.git_dirs.claude_folders)
        checkpoints.git_dirs.walk()  # a walk outside a command's (a session's): nothing said
        again = checkpoints.before_command("plan", None, unkept)  # the next command
        checkpoints.after_command(again, unkept)
        return {
            "said": look.put_back,
            "claudes": claudes,
            "next": again.put_back,
            **_left(root, PLANTED),
        }

    return _forked(command)


def killed_as_nobody(top: Path, after: str) -> dict[str, Any]:
    """A run operation of the real `OperationLog` whose command plants in `a/b`, runs
    `after` and is killed (`os._exit`: no put-back, the operation left running), then the
    next command's settling (`OperationLog.settle`), each run by `nobody` in a forked
    process (`trust.killed_put_back.property.feature` runs them as root); or, its `after`
    ending `# killed in a checkpoint`, killed in a checkpoint after the command once git's
    `add --all` had the user's folders it cannot list opened. What `after` names
    past `# then ` (a comment to its shell) happens between: `I run CMD` (the user's own
    command), `its PID runs another process` (its journals' PID a live process's, started
    at another time: review27 R12)."""
    from cleveragents.adapters.git import folder_listing
    from cleveragents.adapters.git import git_dirs as _git_dirs
    from cleveragents.application import operation_repair  # noqa: F401 - before the fork
    from cleveragents.bootstrap import bootstrap
    from cleveragents.domain.plan import ActorSpec, Plan
    from cleveragents.errors import CleverAgentsError

    os.environ["CLEVERAGENTS_STATE_DB"] = str(top / "state.db")  # the child's, `nobody`'s
    root = top / "tree"

    def killed() -> dict[str, Any]:
        _home(top)
        services = bootstrap(_tree(top, CHECKPOINTED))
        spec = ActorSpec(kind="scripted", source="plan.yaml", script="task: t\nsteps: []\n")
        plan = Plan(id="c0ffee01", task="t", actor=spec, created_at=_now(), updated_at=_now())
        with services.operations.operation(plan, "run", "agents plan run", new=True) as op:
            assert op.files_before is not None
            tree = services.store.checkpoint(op.files_before).tree
            keep = services.operations.keeping(op).keep
            services.checkpoints.before_command(plan.id, tree, keep)
            subprocess.run(["sh", "-c", f"mkdir -p a/b && {PLANT} && {after}"], cwd=root)
            if not os.access(root, os.R_OK | os.X_OK):  # its `chmod 000 .`: killed so
                os._exit(0)
            if after.endswith("# killed in a checkpoint"):  # once git's `add` had my folders
                opening = folder_listing.opened_for_add  # opened (top29)

                def opened_dying(*args: Any) -> bool:
                    opening(*args)
                    os._exit(0)

                folder_listing.opened_for_add = opened_dying  # type: ignore[assignment]
                services.checkpoints.create(plan.id, "after the command")
            walked = _git_dirs.found  # killed once the walk after it went through every folder

            def dying(*args: Any, **kwargs: Any) -> list[str]:
                walked(*args, **kwargs)
                os._exit(0)  # killed: the operation left running, mid-walk

            _git_dirs.found = dying  # type: ignore[assignment]
            again = services.checkpoints.before_command(plan.id, tree, keep)
            services.checkpoints.after_command(again, keep)
            os._exit(0)  # pragma: no cover - the walk above ends the process

    def settled() -> dict[str, Any]:
        os.environ["HOME"] = str(top / "home")  # its `set exrc`
        meanwhile = after.partition("# then ")[2]
        if meanwhile == "its PID runs another process":
            for journal in (root / ".git/cleveragents/opened").iterdir():
                journal.rename(journal.with_name(f"{os.getppid()}-1-{journal.name[-8:]}"))
        elif meanwhile:
            subprocess.run(["sh", "-c", meanwhile.removeprefix("I run ")], cwd=root, check=True)
        try:
            services, refused = bootstrap(root), []
        except CleverAgentsError as error:  # the top it left unlistable (attack 25 G11)
            refused = [error.line()]
            os.chmod(root, 0o700)  # the user's `chmod u+rwx` the refusal says
            services = bootstrap(root)
        services.operations.settle()
        return {"said": refused + services.operations.notices, **_left(root, SETTLED)}

    try:
        _forked(killed)
        return _forked(settled)
    finally:
        del os.environ["CLEVERAGENTS_STATE_DB"]


def ignored_kept_as_nobody(top: Path) -> dict[str, Any]:
    """A command that deletes an ignored file in the user's folder `u0` (mode 000, given
    `u+rwx` and its mode back by the command): the paths the look before it saved and the
    record after it keeps (`SavedFiles.paths`), and `u0`'s mode after, run by `nobody`."""
    from cleveragents.adapters.git.checkpoints import GitCheckpoints
    from cleveragents.adapters.git.repository import GitRepository

    def command() -> dict[str, Any]:
        _home(top)
        root = _tree(top, {})
        (root / ".git/info/exclude").write_text("*.log\n")
        (root / "u0").mkdir()
        (root / "u0/s.log").write_text("mine\n")
        os.chmod(root / "u0", 0)
        checkpoints = GitCheckpoints(GitRepository(root, root / ".git"), _now)
        kept: list[str] = []
        keep = lambda saved: kept.extend(saved.paths)  # noqa: E731 - the operation's record
        look = checkpoints.before_command("plan", None, keep)
        rm = "chmod 700 u0 && rm u0/s.log && chmod 000 u0"
        subprocess.run(["sh", "-c", rm], cwd=root, check=True)
        checkpoints.after_command(look, keep)
        mode = oct(stat.S_IMODE(os.lstat(root / "u0").st_mode))
        return {"saved": sorted(look.ignored), "kept": kept, "mode": mode}

    return _forked(command)


def checkpoint_as_nobody(top: Path, folders: dict[str, int]) -> str:
    """The line a checkpoint of a tree holding the user's `folders` (a file and a folder in
    each, with their modes) gives, run by `nobody` in a forked process ("" when made)."""
    from cleveragents.bootstrap import bootstrap
    from cleveragents.errors import CleverAgentsError

    os.environ["CLEVERAGENTS_STATE_DB"] = str(top / "state.db")

    def checkpoint() -> dict[str, Any]:
        _home(top)
        try:
            bootstrap(_tree(top, folders)).checkpoints.create("c0ffee01", "start")
        except CleverAgentsError as refused:
            return {"line": refused.line()}
        return {"line": ""}

    try:
        return str(_forked(checkpoint)["line"])
    finally:
        del os.environ["CLEVERAGENTS_STATE_DB"]


def undone_as_nobody(
    top: Path, modes: dict[str, int], deletes: bool = False, how: str = ""
) -> dict[str, Any]:
    """The real `agents plan run` of a plan file whose command removes my untracked files
    `u0/f` and `u0/v/g` from my folders `u0` and `u0/v` of `modes` (giving each its mode
    back after; `deletes`: two `delete:` actions instead), then `agents plan undo --yes`,
    each run by `nobody` in a forked process: what each said, and `u0` after (`_deep`: its
    folders' modes, its files and bytes). `how` names `a link`: the command replaces `u0` by
    a link to `../outside`, whose `v` is my folder of mode 000 (its mode after: `outside`,
    review29 F5)."""
    import ctypes  # noqa: F401 - the command's child asks for its parent's death with it

    from features.support.forked_agents import prepared

    prepared(dict(os.environ))  # every module the commands import, before the fork
    os.environ["CLEVERAGENTS_STATE_DB"] = str(top / "state.db")
    back = " && ".join(f"chmod {modes[f]:o} {f}" for f in ("u0/v", "u0"))
    rm = f"chmod 700 u0 u0/v && rm u0/f u0/v/g && {back}"
    rm = "rm -rf u0 && ln -s ../outside u0" if "a link" in how else rm
    actions = ["delete: u0/f", "delete: u0/v/g"] if deletes else [f"run: {rm}"]
    listed = "".join(f"          - {action}\n" for action in actions)
    steps = f"steps:\n  - name: rm\n    options:\n      - actions:\n{listed}"

    def undone() -> dict[str, Any]:
        _home(top)
        root = _tree(top, {})
        (root / "u0/v").mkdir(parents=True)
        (root / "u0/f").write_bytes(b"mine\n")
        (root / "u0/v/g").write_bytes(b"deeper\n")
        for folder in ("u0/v", "u0"):
            os.chmod(root / folder, modes[folder])
        (top / "outside/v").mkdir(parents=True)
        os.chmod(top / "outside/v", 0o000)
        (top / "plan.yaml").write_text(f"task: remove my files\n{steps}")
        run = ["plan", "run", "--script", str(top / "plan.yaml"), "--quiet"]
        said = [_agents(top, root, run), _agents(top, root, ["plan", "undo", "--yes"])]
        outside = oct(stat.S_IMODE(os.lstat(top / "outside/v").st_mode))
        return {"said": said, "u0": _deep(root / "u0"), "outside": outside}

    try:
        return _forked(undone)
    finally:
        del os.environ["CLEVERAGENTS_STATE_DB"]


def undone_whole(found: dict[str, Any]) -> bool:
    """Whether both commands ended well, undo restored both files, they hold their bytes
    again, and undo names no folder's mode as put back: the command gave each its own
    (`undone_as_nobody`)."""
    run, undo = found["said"]
    lines = ("2\n  u0/f\n  u0/v/g\n", "3\n  u0\n  u0/f\n  u0/v/g\n")  # 3: `u0` was a link
    restored = any(f"restored (the operation's changes undone): {n}" in undo for n in lines)
    restored = restored and "put back (" not in undo
    files = ["f='mine\\n'", "v/g='deeper\\n'"]
    return (
        run.endswith("exit 0") and undo.endswith("exit 0") and restored and found["u0"][2:] == files
    )


def _deep(folder: Path) -> list[str]:
    """The modes of `folder` and `folder/v` (octal), then the files of both by path and
    bytes (each opened to read them, and given its mode back)."""
    top = stat.S_IMODE(os.lstat(folder).st_mode)
    os.chmod(folder, top | 0o700)
    try:
        inner = stat.S_IMODE(os.lstat(folder / "v").st_mode)
        os.chmod(folder / "v", inner | 0o700)
        try:
            files = sorted(
                f"{p.relative_to(folder)}={p.read_text()!r}"
                for p in folder.rglob("*")
                if p.is_file()
            )
        finally:
            os.chmod(folder / "v", inner)
    finally:
        os.chmod(folder, top)
    return [oct(top), oct(inner), *files]


def _agents(top: Path, root: Path, argv: list[str]) -> str:
    """What `agents ARGV` run in `root` wrote on stdout and stderr, with its exit code."""
    from cleveragents.cli.main import main

    out = top / "out"
    streams = sys.stdout, sys.stderr  # behave's capture: the command writes to a file
    with open(out, "w", encoding="utf-8") as said:
        sys.stdout = sys.stderr = said
        here = os.getcwd()
        os.chdir(root)
        try:
            code = main(argv)
        except SystemExit as ended:
            code = ended.code if isinstance(ended.code, int) else 1
        finally:
            os.chdir(here)
            sys.stdout, sys.stderr = streams
    return f"{out.read_text()}exit {code}"


def _home(top: Path) -> None:
    os.environ["HOME"] = str(top / "home")
    (top / "home").mkdir()
    (top / "home/.vimrc").write_text("set exrc\n")


def _tree(top: Path, folders: dict[str, int] = USER_FOLDERS) -> Path:
    """A repository with a first commit, made by the user the process is, and its `folders`
    the user made unlistable (untracked)."""
    root = top / "tree"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    made = ["git", "commit", "-q", "--allow-empty", "-m", "start"]
    subprocess.run(made, cwd=root, check=True, env={**os.environ, **AUTHOR})
    for folder, mode in folders.items():
        (root / folder / "v").mkdir(parents=True)
        (root / folder / "f").write_bytes(f"{folder}'s own\n".encode())
        (root / folder / "v/g").write_bytes(b"deeper\n")
        os.chmod(root / folder, mode)
    return root


def _left(root: Path, planted: tuple[str, ...]) -> dict[str, Any]:
    """The modes of `a` and `a/b`, which of `planted` stand, and each folder of the user's
    as it is: its mode, and its files' bytes (read by `chmod` of it, and back)."""
    return {
        "modes": [oct(stat.S_IMODE(os.lstat(root / f).st_mode)) for f in ("a", "a/b")],
        "left": [name for name in planted if os.path.lexists(root / name)],
        "user": {
            folder: _folder(root / folder) for folder in USER_FOLDERS if (root / folder).exists()
        },
    }


def _folder(folder: Path) -> list[str]:
    """The mode of `folder` (octal), then its files by path and bytes."""
    mode = stat.S_IMODE(os.lstat(folder).st_mode)
    os.chmod(folder, mode | 0o700)
    try:
        files = sorted(
            f"{p.relative_to(folder)}={p.read_text()!r}" for p in folder.rglob("*") if p.is_file()
        )
    finally:
        os.chmod(folder, mode)
    return [oct(mode), *files]


def user_folders_kept(found: dict[str, Any], said: list[str]) -> None:
    """Each folder of the user's kept its mode and bytes, and no line of `said` names a mode
    of one (what was taken back from inside one is named by its path)."""
    assert found["user"], found
    for folder, mode in [(f, USER_FOLDERS[f]) for f in found["user"]]:
        own = [oct(mode), "f=" + repr(f"{folder}'s own\n"), "v/g=" + repr("deeper\n")]
        assert found["user"][folder] == own, (folder, found)
        assert not any(f"{folder} (was" in line for line in said), (folder, said)


def _forked(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """What `work` found, run by `nobody` (or this user, not root) in a forked process."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child's coverage is not gathered
        os.close(read)
        code = 1
        try:
            # Its own temporary folder, as a user's is theirs: the suite's TMPDIR (nox's,
            # in CI) is root's, mode 700, where git's and agents' temporary files would go.
            os.environ["TMPDIR"] = "/tmp"
            tempfile.tempdir = None
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(NOBODY)
                os.setuid(NOBODY)
            os.write(write, json.dumps(work()).encode())
            code = 0
        except BaseException as failed:
            os.write(write, repr(failed).encode())
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as got:
        out = got.read()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, f"the walk as nobody failed: {out!r}"
    return dict(json.loads(out)) if out else {}  # killed: no word


def _now() -> datetime:
    return datetime.now(UTC)
