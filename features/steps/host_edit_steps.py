"""The user, outside the sandbox, saving a file the box holds read-only while the model's
command runs: in place (`echo >> bashrc`) or as an editor does, a copy renamed over it.
Synchronised with the command by two FIFOs of the tree: the command writes `go` once it
runs and reads `done`, which the user's process writes once the file is saved."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from typing import Any

from behave import given, then

SAVES = {
    "in place": 'printf "%s\\n" "$2" >> "$1"',
    # As an editor's atomic save, `sed -i` or `git checkout` do: another file in its place.
    "by renaming a copy over it": (
        'cp "$1" "$1.new" && printf "%s\\n" "$2" >> "$1.new" && mv "$1.new" "$1"'
    ),
}


@given('the user saves "{path}" {how} with the line "{line}" while the command waits')
def step_user_saves(context: Any, path: str, how: str, line: str) -> None:
    _meanwhile(context, SAVES[how], path, line)


@given('the user runs "{line}" in the tree while the command waits')
def step_user_runs(context: Any, line: str) -> None:
    _meanwhile(context, line)


@given('"{name}" of the tree is another name of its "{path}"')
def step_hard_link(context: Any, name: str, path: str) -> None:
    """A hard link inside the tree: the box leaves it writable, as any file of the tree."""
    os.link(context.repo / path, context.repo / name)


@given('the tree holds a bare clone "{bare}" of itself, its remote "{remote}"')
def step_bare_clone(context: Any, bare: str, remote: str) -> None:
    """A bare repository inside the tree that the user pushes to (`git push local`)."""
    git = ["git", "-C", str(context.repo)]
    subprocess.run([*git, "clone", "-q", "--bare", ".", bare], check=True)
    subprocess.run([*git, "remote", "add", remote, f"./{bare}"], check=True)


@given('the user pushes a commit as "{branch}" to "{remote}" while the command waits')
def step_user_pushes(context: Any, branch: str, remote: str) -> None:
    push = (
        'git -c user.name=u -c user.email=u@example.com commit -q --allow-empty -m "$1" '
        '&& git push -q "$2" "HEAD:refs/heads/$1"'
    )
    _meanwhile(context, push, branch, remote)


@then('the bare repository "{bare}" has the branch "{branch}"')
def step_bare_has_branch(context: Any, bare: str, branch: str) -> None:
    found = subprocess.run(
        ["git", "-C", str(context.repo / bare), "rev-parse", "--verify", "-q", branch],
        capture_output=True,
        check=False,
    )
    assert found.returncode == 0, f"{bare} has no branch {branch} any more"


@then('"{path}" of the side commit the outcome names holds "{line}"')
def step_side_commit_holds(context: Any, path: str, line: str) -> None:
    output = context.result.stdout + context.result.stderr
    # A `.git` folder is recorded as `.git~cleveragents` (git records no path through one);
    # a line naming several paths says `PATH`: each commit it names is looked in.
    escaped = "/".join(f"{p}~cleveragents" if p == ".git" else p for p in path.split("/"))
    named = r"kept in commit ([0-9a-f]{12}) \(git show \1:(?:" + re.escape(path) + r"|PATH[^)]*)\)"
    commits = re.findall(named, output)
    assert commits, f"no side commit named for {path}: {output[-800:]!r}"
    shown = ""
    for commit in commits:
        shown = subprocess.run(
            ["git", "show", f"{commit}:{escaped}"],
            cwd=context.repo,
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        if line in shown:
            break
    assert line in shown, f"the side commit's {path} is {shown!r}"


def _meanwhile(context: Any, action: str, *words: str) -> None:
    """The user's `action` (a shell line, `words` as $1...), done once the command wrote
    the FIFO `go`; the FIFO `done` written after it, for the command to go on."""
    for fifo in ("go", "done"):
        os.mkfifo(context.repo / fifo)
    script = f"cat go >/dev/null; {action}; echo saved > done"
    user = subprocess.Popen(
        ["sh", "-c", script, "sh", *words],
        cwd=context.repo,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )

    def stop() -> None:  # this one's process group only, by its PID
        if user.poll() is None:
            os.killpg(user.pid, signal.SIGKILL)
        user.wait()

    context.add_cleanup(stop)


@then('a decision of the plan tree wrote "{paths}"')
def step_decision_wrote(context: Any, paths: str) -> None:
    """`agents plan tree --json` (run before): one decision's `wrote` is `paths`."""
    import json

    document = json.loads(context.result.stdout)
    found = [d.get("wrote") for d in document["decisions"]]
    assert paths.split() in found, found
