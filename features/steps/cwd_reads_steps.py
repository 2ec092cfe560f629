"""A program of the user's started, after the run, in a folder of the tree: what the home's
setup has it read from there (`domain/cwd_reads.py`) is what it would run."""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Any
from unittest import mock

from behave import given, then

# How each program is started, as the user would in a folder: it reads the home's config
# and, as that asks, the file of the folder it starts in. vim's `--not-a-term` only skips its
# warning that the output is no terminal and the 2 s it then waited (each start: 2.1 s, 0.1
# with it); what it reads and runs at its start is the same.
STARTED = {
    "vim": (["vim", "--not-a-term", "-N", "-T", "dumb", "-c", "qa!"], b""),
    "bash": (["bash", "-i"], b"true\n"),
    "zsh": (["zsh", "-i"], b"true\n"),
    "gdb": (["gdb", "-batch", "-ex", "quit"], b""),
    # Typed in the user's shell: its aliases and exports (VIMINIT) in play (attack 25 G13).
    "vim in bash": (["bash", "-i"], b"vim --not-a-term -N -T dumb -c qa!\n"),
    "gdb in bash": (["bash", "-i"], b"gdb -batch -ex quit\n"),
    # A vim that lives past startup: its VimEnter autocmds run (`-c qa!` quits before them,
    # attack 25 G16).
    "vim session": (
        [
            "vim",
            "--not-a-term",
            "-N",
            "-T",
            "dumb",
            "-c",
            'call timer_start(300, {{-> execute("qa!")}})',
        ],
        b"",
    ),
    "ssh": (["ssh", "-F", "{home}/.ssh/config", "-o", "BatchMode=yes", "work", "true"], b""),
    "nvim": (["nvim", "--headless", "+qa!"], b""),
    "ipython": (["ipython3", "-c", "pass"], b""),  # Debian's IPython (`.ci/run`)
    "hg": (["hg", "status"], b""),  # Mercurial (`.ci/run`): a repository's hooks run
}


@given('the file "{name}" that config sources holds "{content}"')
def step_sourced_file(context: Any, name: str, content: str) -> None:
    """A file of the home the config of the step before sources (`-`: none), beside it."""
    if name == "-":
        return
    home = context.tmp / "home"
    (home / name).parent.mkdir(parents=True, exist_ok=True)
    (home / name).write_text(content.replace("\\n", "\n"))


@then('{program} started in "{folder}" of the tree runs nothing the model wrote')
def step_started_in(context: Any, program: str, folder: str) -> None:
    """The real program, with the user's HOME, in `folder` (made when missing: the folder
    the user opens later); the model's `touch planted-ran` would land there."""
    if program not in STARTED:
        return  # (no program to start: the file's absence is the check)
    where = context.repo / folder
    where.mkdir(parents=True, exist_ok=True)
    home = context.env["HOME"]
    argv, given = STARTED[program]
    if shutil.which(argv[0], path=os.defpath) is None:
        return  # not installed (`.ci/run` installs it): the file's absence is the check
    subprocess.run(
        [word.format(home=home) for word in argv],
        cwd=where,
        env={"PATH": os.defpath, "HOME": home, "TERM": "dumb"},
        input=given,
        capture_output=True,
        timeout=60,
        check=False,
    )
    ran = sorted(os.listdir(where)) + sorted(os.listdir(home))
    assert "planted-ran" not in ran, f"{program} ran the model's bytes: {ran}"


@then('with my home, the model\'s write of "{path}" is refused: "{why}"')
def step_home_write_refused(context: Any, path: str, why: str) -> None:
    """Why agents refuses the model `path`, as it judges the user's home (`context.env`)."""
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.adapters.host_folders import host_folders
    from cleveragents.domain.host_files import host_run

    root = context.repo.resolve()
    with mock.patch.dict(os.environ, {"HOME": context.env["HOME"]}):
        found = host_run(path, host_folders(GitRepository(root=root, git_dir=root / ".git")))
    assert found == why, f"{path}: {found!r}, expected {why!r}"


@then('with my home, the model\'s write of "{path}" is not refused')
def step_home_write_allowed(context: Any, path: str) -> None:
    """agents lets the model write `path`, as it judges the user's home (`context.env`)."""
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.adapters.host_folders import host_folders
    from cleveragents.domain.host_files import host_run

    root = context.repo.resolve()
    with mock.patch.dict(os.environ, {"HOME": context.env["HOME"]}):
        found = host_run(path, host_folders(GitRepository(root=root, git_dir=root / ".git")))
    assert found is None, f"{path}: {found!r}"
