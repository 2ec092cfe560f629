"""Steps of the walk of a folder its owner cannot list, run as a user who is not root.

The suites run as root, who lists every folder: the walk and the put-back after a command
run here in a forked process that becomes `nobody` (no file read after the fork: every
module is imported before it), on a tree `nobody` makes (attack 23, F24)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from behave import then, when

NOBODY = 65534
PLANT = (
    "git init -q a/b && git -C a/b config core.fsmonitor 'touch ../../canary; false' && "
    "mkdir -p a/b/.claude && echo hooks > a/b/.claude/settings.json && "
    "echo servers > a/b/.mcp.json && echo '!touch canary' > a/b/.exrc"
)

PLANTED = (".claude", ".exrc", ".mcp.json")


def _as_nobody(top: Path, mode: str) -> dict[str, Any]:
    """The look before a command, `a/b` and the plantings in it given `mode`, the walk and
    the put-back after, run by `nobody` (or this user, not root) in a forked process."""
    from cleveragents.adapters.git import git_dirs as _git_dirs  # noqa: F401 - before the fork
    from cleveragents.adapters.git.git_dirs import GitDirs
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
            dirs = GitDirs(GitRepository(root, root / ".git"), lambda _: {})
            before = dirs.look({})
            subprocess.run(
                ["sh", "-c", f"mkdir -p a/b && {PLANT} && chmod {mode} a/b"],
                cwd=root,
                check=True,
            )
            said = dirs.put_back(before, {})
            found = {
                "said": said,
                "claudes": sorted(dirs.claude_folders),
                "mode": oct(stat.S_IMODE(os.lstat(root / "a/b").st_mode)),
                "left": [n for n in PLANTED if os.path.lexists(root / "a/b" / n)],
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


@when("as a user who is not root, a command plants in a folder it then makes mode {mode}")
def step_unlisted_folder(context: Any, mode: str) -> None:
    top = Path(tempfile.mkdtemp(prefix="unlisted-", dir="/tmp"))
    if os.geteuid() == 0:
        os.chown(top, NOBODY, NOBODY)
    try:
        context.unlisted = _as_nobody(top, mode)
    finally:
        subprocess.run(["chmod", "-R", "u+rwx", str(top)], check=False)
        shutil.rmtree(top)


@then("the put-back after it says {said}")
def step_unlisted_said(context: Any, said: str) -> None:
    assert json.loads(said) in context.unlisted["said"], context.unlisted


@then("its walk found {names} and left the folder's mode {mode} and in it {left}")
def step_unlisted_found(context: Any, names: str, mode: str, left: str) -> None:
    found = context.unlisted
    assert found["claudes"] == json.loads(names), found
    assert (found["mode"], found["left"]) == (mode, json.loads(left)), found
