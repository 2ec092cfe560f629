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
SETTLED = ("a/b/.git/config", "a/b/.claude/settings.json", "a/b/.exrc", "a/b/.mcp.json")
AUTHOR = {f"GIT_{who}_{what}": "x" for who in ("AUTHOR", "COMMITTER") for what in ("NAME", "EMAIL")}


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
        return {
            "said": look.put_back,
            "claudes": sorted(checkpoints.git_dirs.claude_folders),
            **_left(root, PLANTED),
        }

    return _forked(command)


def killed_as_nobody(top: Path, after: str) -> dict[str, Any]:
    """A run operation of the real `OperationLog` whose command plants in `a/b`, runs
    `after` and is killed (`os._exit`: no put-back, the operation left running), then the
    next command's settling (`OperationLog.settle`), each run by `nobody` in a forked
    process (`trust.killed_put_back.property.feature` runs them as root)."""
    from cleveragents.application import operation_repair  # noqa: F401 - before the fork
    from cleveragents.bootstrap import bootstrap
    from cleveragents.domain.plan import ActorSpec, Plan

    os.environ["CLEVERAGENTS_STATE_DB"] = str(top / "state.db")  # the child's, `nobody`'s
    root = top / "tree"

    def killed() -> dict[str, Any]:
        _home(top)
        services = bootstrap(_tree(top))
        spec = ActorSpec(kind="scripted", source="plan.yaml", script="task: t\nsteps: []\n")
        plan = Plan(id="c0ffee01", task="t", actor=spec, created_at=_now(), updated_at=_now())
        with services.operations.operation(plan, "run", "agents plan run", new=True) as op:
            assert op.files_before is not None
            tree = services.store.checkpoint(op.files_before).tree
            keep = services.operations.keeping(op).keep
            services.checkpoints.before_command(plan.id, tree, keep)
            subprocess.run(["sh", "-c", f"mkdir -p a/b && {PLANT} && {after}"], cwd=root)
            os._exit(0)  # killed: the operation left running

    def settled() -> dict[str, Any]:
        os.environ["HOME"] = str(top / "home")  # its `set exrc`
        services = bootstrap(root)
        services.operations.settle()
        return {"said": services.operations.notices, **_left(root, SETTLED)}

    try:
        _forked(killed)
        return _forked(settled)
    finally:
        del os.environ["CLEVERAGENTS_STATE_DB"]


def _home(top: Path) -> None:
    os.environ["HOME"] = str(top / "home")
    (top / "home").mkdir()
    (top / "home/.vimrc").write_text("set exrc\n")


def _tree(top: Path) -> Path:
    """A repository with a first commit, made by the user the process is."""
    root = top / "tree"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    made = ["git", "commit", "-q", "--allow-empty", "-m", "start"]
    subprocess.run(made, cwd=root, check=True, env={**os.environ, **AUTHOR})
    return root


def _left(root: Path, planted: tuple[str, ...]) -> dict[str, Any]:
    """The modes of `a` and `a/b`, and which of `planted` stand."""
    return {
        "modes": [oct(stat.S_IMODE(os.lstat(root / f).st_mode)) for f in ("a", "a/b")],
        "left": [name for name in planted if os.path.lexists(root / name)],
    }


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
