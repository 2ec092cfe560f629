"""Steps of the walk of a folder its owner cannot list or write to, run as a user who is not
root.

The suites run as root, who lists and writes to every folder: the look before a command,
the walk and the put-back after it (`GitCheckpoints.before_command`, `after_command`) run
here in a forked process that becomes `nobody` (no file read after the fork: every module
is imported before it), on a tree `nobody` makes (attack 23, F24; a `chmod 555` of the folder
holding what the command planted, or `chmod 000` of it, failed the put-back)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from behave import then, when

NOBODY = 65534
PLANT = (
    "git init -q a/b && git -C a/b config core.fsmonitor 'touch ../../canary; false' && "
    "mkdir -p a/b/.claude && echo hooks > a/b/.claude/settings.json && "
    "echo servers > a/b/.mcp.json && echo '!touch canary' > a/b/.exrc"
)

PLANTED = ("a/b/.git", "a/b/.claude/settings.json", "a/b/.exrc", "a/b/.mcp.json", "a/.exrc")
AUTHOR = {f"GIT_{who}_{what}": "x" for who in ("AUTHOR", "COMMITTER") for what in ("NAME", "EMAIL")}


def _as_nobody(top: Path, after: str) -> dict[str, Any]:
    """The look before a command, the command that plants in `a/b` and runs `after`, the
    walk and the put-back after it, run by `nobody` (or this user, not root) in a forked
    process."""
    from cleveragents.adapters.git import git_dirs as _git_dirs  # noqa: F401 - before the fork
    from cleveragents.adapters.git.checkpoints import GitCheckpoints
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.adapters.home_cwd import cwd_reads  # noqa: F401 - imported by the walk

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child's coverage is not gathered
        os.close(read)
        code = 1
        try:
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(NOBODY)
                os.setuid(NOBODY)
            os.environ["HOME"] = str(top / "home")
            (top / "home").mkdir()
            (top / "home/.vimrc").write_text("set exrc\n")
            root = top / "tree"
            subprocess.run(["git", "init", "-q", str(root)], check=True)
            made = ["git", "commit", "-q", "--allow-empty", "-m", "start"]
            subprocess.run(made, cwd=root, check=True, env={**os.environ, **AUTHOR})
            checkpoints = GitCheckpoints(GitRepository(root, root / ".git"), _now)
            checkpoints._keep = lambda _: None  # no operation records what the command changed
            look = checkpoints.before_command("plan", None)
            command = f"mkdir -p a/b && {PLANT} && {after}"
            subprocess.run(["sh", "-c", command], cwd=root, check=True)
            checkpoints.after_command(look)
            found = {
                "said": look.put_back,
                "claudes": sorted(checkpoints.git_dirs.claude_folders),
                "modes": [oct(stat.S_IMODE(os.lstat(root / f).st_mode)) for f in ("a", "a/b")],
                "left": [name for name in PLANTED if os.path.lexists(root / name)],
            }
            os.write(write, json.dumps(found).encode())
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
    return dict(json.loads(out))


def _now() -> datetime:
    return datetime.now(UTC)


@when("as a user who is not root, a command plants in a/b and then runs `{after}`")
def step_unlisted_folder(context: Any, after: str) -> None:
    top = Path(tempfile.mkdtemp(prefix="unlisted-", dir="/tmp"))
    if os.geteuid() == 0:
        os.chown(top, NOBODY, NOBODY)
    try:
        context.unlisted = _as_nobody(top, after)
    finally:
        subprocess.run(["chmod", "-R", "u+rwx", str(top)], check=False)
        shutil.rmtree(top)


@then("the put-back after it says {said}")
def step_unlisted_said(context: Any, said: str) -> None:
    assert json.loads(said) in context.unlisted["said"], context.unlisted


@then("its walk found {names}, left a and a/b modes {modes} and nothing it planted")
def step_unlisted_found(context: Any, names: str, modes: str) -> None:
    found = context.unlisted
    assert found["claudes"] == json.loads(names), found
    assert (found["modes"], found["left"]) == (json.loads(modes), []), found
