"""The user's own `git status` in a nested repository, run on the host while a model's
boxed command runs (as VS Code's source control or a git-aware prompt runs it, unasked),
synchronised with the command by two FIFOs in the tree: the command writes `sync/wrote`
when it has done its writes and waits on `sync/looked`, which is written once the host's
git has looked. What a model's `core.fsmonitor` would run is `touch {tmp}/canary`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from typing import Any

from behave import given, then, when

from features.steps.claude_steps import server
from features.steps.cli_steps import expand

# The host's side: wait for the command's word, run git there, answer; log what it did.
LOOKER = """
import subprocess, sys
sync, folder, env_home = sys.argv[1:4]
with open(sync + "/wrote") as wrote:
    wrote.read()
done = subprocess.run(["git", "-C", folder, "status", "--porcelain"], capture_output=True,
                      env={"PATH": "/usr/bin:/bin", "HOME": env_home})
print("looked", done.returncode, flush=True)
with open(sync + "/looked", "w") as looked:
    looked.write("go\\n")
"""
SIGNAL = "echo wrote > sync/wrote; timeout 20 sh -c 'read x < sync/looked'"
# The user's own change on the host, made while the command waits, in the tree's top.
CHANGER = """
import subprocess, sys
sync, top, line = sys.argv[1:4]
with open(sync + "/wrote") as wrote:
    wrote.read()
done = subprocess.run(["sh", "-c", line], cwd=top)
print("changed", done.returncode, flush=True)
with open(sync + "/looked", "w") as looked:
    looked.write("go\\n")
"""


@given('my git looks at "{folder}" outside the sandbox once the command signals')
def step_host_looker(context: Any, folder: str) -> None:
    """The two FIFOs in an excluded `sync/`, and the host's looker waiting on the first."""
    _on_signal(context, [LOOKER, str(context.repo / folder)])


@given('I run "{line}" in the tree on my host once the command signals')
def step_host_changer(context: Any, line: str) -> None:
    """What the user does on the host while the command runs (an editor, a shell)."""
    _on_signal(context, [CHANGER, str(context.repo), expand(context, line)])


def _on_signal(context: Any, program: list[str]) -> None:
    sync = context.repo / "sync"
    sync.mkdir()
    os.mkfifo(sync / "wrote")
    os.mkfifo(sync / "looked")
    with (context.repo / ".git" / "info" / "exclude").open("a") as exclude:
        exclude.write("/sync/\n")
    log = (context.tmp / "looker.log").open("wb")
    looker = subprocess.Popen(
        [sys.executable, "-c", program[0], str(sync), *program[1:], str(context.tmp)],
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    log.close()

    def stop() -> None:  # this looker only, by its PID
        if looker.poll() is None:
            os.killpg(looker.pid, signal.SIGKILL)
        looker.wait()

    context.looker = looker
    context.add_cleanup(stop)


@given("Claude will run, then signal my git and wait for it:")
def step_run_then_signal(context: Any) -> None:
    """The docstring's lines as one command (`{tmp}` filled in), then the FIFO handshake."""
    lines = [line for line in expand(context, context.text).splitlines() if line.strip()]
    command = "; ".join([*lines, SIGNAL])
    server(context).reply_tools(
        [("run_command", {"command": command}), ("finish_step", {"option": "run it"})]
    )


@given('a linked worktree "{name}" of the repository in its tree, excluded')
def step_worktree_in_tree(context: Any, name: str) -> None:
    subprocess.run(
        ["git", "worktree", "add", "-q", "-b", "side", name], cwd=context.repo, check=True
    )
    with (context.repo / ".git" / "info" / "exclude").open("a") as exclude:
        exclude.write(f"/{name}/\n")


@then("my git looked while the command ran, and ran no program of the model's")
def step_looked_during(context: Any) -> None:
    try:
        context.looker.wait(timeout=30)
    except subprocess.TimeoutExpired:
        raise AssertionError("the command never signalled: my git did not look") from None
    said = (context.tmp / "looker.log").read_text(errors="replace")
    assert said.startswith("looked"), said
    assert not (context.tmp / "canary").exists(), "my git ran the model's fsmonitor meanwhile"


@then('my git looking at "{folder}" now runs no program of the model\'s')
def step_looked_after(context: Any, folder: str) -> None:
    subprocess.run(
        ["git", "-C", str(context.repo / folder), "status", "--porcelain"],
        capture_output=True,
        env={"PATH": os.defpath, "HOME": str(context.tmp)},
        check=False,
    )
    assert not (context.tmp / "canary").exists(), "my git ran the model's fsmonitor after"


@given("{count:d} nested repositories made by git init")
def step_many_nested(context: Any, count: int) -> None:
    for number in range(count):
        subprocess.run(["git", "init", "-q", f"r{number:02d}"], cwd=context.repo, check=True)


@when("random sandboxed commands write, move and remove names of nested git directories")
def step_nested_gits_property(context: Any) -> None:
    from features.support.nested_gits_property import check_property
    from features.support.properties import run_property

    run_property(context, "nested git directories property", check_property, 8)


@then("no nested git directory changed, and each nested worktree stayed writable")
def step_nested_gits_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@given('{count:d} empty ".git" folders an earlier command of the model made')
def step_junk_gits(context: Any, count: int) -> None:
    """`for i in $(seq 1000 3000); do mkdir -p z$i/.git; done` (attack 21 #3): empty, so
    kept after that command (they run nothing), and many enough that the walk's order
    would put the user's nested clone past the binds."""
    for number in range(count):
        (context.repo / f"z{number:04d}" / ".git").mkdir(parents=True)


@then('the commit the outcome names for what the put-back removed holds "{path}" with "{text}"')
def step_drops_commit(context: Any, path: str, text: str) -> None:
    """`... is kept in commit C, never in the tree (git show C:PATH, ...)`: C holds it."""
    import re

    found = re.search(r"over is kept in commit ([0-9a-f]{12}), never", context.result.stdout)
    assert found is not None, context.result.stdout
    shown = subprocess.run(
        ["git", "show", f"{found.group(1)}:{path}"],
        cwd=context.repo,
        capture_output=True,
        text=True,
        check=False,
    )
    assert text in shown.stdout, (shown.stdout, shown.stderr)


@when("random trees of nested repositories and empty .git names are bound under a random bound")
def step_nested_bound_property(context: Any) -> None:
    from features.support.nested_bound_property import check_property
    from features.support.properties import run_property

    run_property(context, "nested binds property", check_property, 60)


@then("the real repositories bound, and those left, are the same without the empty names")
def step_nested_bound_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
