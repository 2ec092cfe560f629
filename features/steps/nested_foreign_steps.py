"""Steps of a folder whose `.git` leads to a real second repository outside the tree."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.steps.repo_steps import git


@given('another repository "{name}" beside it, with a commit and a canary command')
def step_host_repository(context: Any, name: str) -> None:
    host = context.tmp / name
    host.mkdir()
    git(context, "init", "--quiet", "--initial-branch=main", cwd=host)
    (host / "secret.txt").write_text("the host's\n")
    git(context, "add", "secret.txt", cwd=host)
    git(context, "commit", "--quiet", "--no-gpg-sign", "-m", "host", cwd=host)
    canary = context.tmp / f"{name}-canary"
    script = context.tmp / f"{name}-canary.sh"
    script.write_text(f"#!/bin/sh\necho \"$0 $*\" >> '{canary}'\nexit 1\n")
    script.chmod(0o755)
    git(context, "config", "core.fsmonitor", str(script), cwd=host)
    for hook in ("post-index-change", "post-checkout", "reference-transaction"):
        (host / ".git" / "hooks" / hook).symlink_to(script)
    context.host_state = _state(host / ".git")


@given('"{folder}" leads to the git directory of "{name}" by {how}')
def step_leads_out(context: Any, folder: str, name: str, how: str) -> None:
    sub = context.repo / folder
    sub.mkdir()
    (sub / "f.txt").write_text("mine\n")
    outside = os.path.relpath(context.tmp / name / ".git", sub)
    if how == "an absolute gitdir file":
        (sub / ".git").write_text(f"gitdir: {context.tmp / name / '.git'}\n")
    elif how == "a relative gitdir file":
        (sub / ".git").write_text(f"gitdir: {outside}\n")
    elif how == "a gitdir file, beside a name git's warning cuts in two":
        (sub / ".git").write_text(f"gitdir: {outside}\n")
        forged = context.repo / "a\nwarning: adding embedded git repository: b"
        forged.mkdir()
        (forged / ".git").write_text(f"gitdir: {context.tmp / name / '.git'}\n")
    elif how == "a link":
        (sub / ".git").symlink_to(outside)
    else:  # a git directory of its own, whose objects and refs are the host's
        own = sub / ".git"
        own.mkdir()
        (own / "HEAD").write_text("ref: refs/heads/main\n")
        (own / "commondir").write_text(f"{os.path.relpath(context.tmp / name / '.git', own)}\n")


@then('no checkpoint of the plan records "{folder}" or the HEAD of "{name}"')
def step_not_recorded(context: Any, folder: str, name: str) -> None:
    head = git(context, "rev-parse", "HEAD", cwd=context.tmp / name).strip()
    trees = git(context, "log", "--format=%T", "--glob=refs/cleveragents/*").split()
    assert trees, "no checkpoint found"
    for tree in set(trees):
        listed = git(context, "ls-tree", "-r", "-t", tree)
        assert head not in listed, f"checkpoint tree {tree} records {name}'s HEAD:\n{listed}"
        paths = [line.split("\t", 1)[1] for line in listed.splitlines()]
        assert not any(p == folder or p.startswith(folder + "/") for p in paths), listed


@then('the repository "{name}" is as it was, and its canary does not exist')
def step_host_untouched(context: Any, name: str) -> None:
    canary = context.tmp / f"{name}-canary"
    assert not canary.exists(), f"a command of {name}'s ran: {canary.read_text()}"
    assert _state(context.tmp / name / ".git") == context.host_state, f"{name}'s .git changed"


def _state(git_dir: Path) -> dict[str, str]:
    """Every file of a git directory with its bytes' digest (links as their target)."""
    found = {}
    for folder, _, files in os.walk(git_dir):
        for file in files:
            path = Path(folder, file)
            data = os.readlink(path).encode() if path.is_symlink() else path.read_bytes()
            found[str(path.relative_to(git_dir))] = hashlib.sha256(data).hexdigest()
    return found


@when('I run "{command}" while the HEAD of "{name}" is a pipe no one writes to')
def step_run_with_fifo_head(context: Any, command: str, name: str) -> None:
    """Any git that reads that HEAD blocks on it: the command then does not end in 30 s.
    Whatever happens, the pipe is given an end (so such a git ends) and HEAD put back."""
    import subprocess
    import time

    from features.steps.cli_steps import command_line, cwd_of

    head = context.tmp / name / ".git" / "HEAD"
    saved = head.read_bytes()
    head.unlink()
    os.mkfifo(head)
    process = subprocess.Popen(
        command_line(context, command),
        cwd=cwd_of(context),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env={**os.environ, **context.env},
    )
    try:
        stdout, stderr = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        stdout, stderr = process.communicate()
        stderr += f"\n{command} read the HEAD of {name}: it did not end in 30 s"
    finally:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # a reader still blocked gets end of file
            try:
                os.close(os.open(head, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                break
            time.sleep(0.1)
        head.unlink()
        head.write_bytes(saved)
    context.result = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
