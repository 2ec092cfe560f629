"""Programs planted in a folder of the working tree that PATH names: agents must never run
them on the host."""

from __future__ import annotations

import os
from typing import Any

from behave import given, then

PLANTED = '#!/bin/sh\necho "$0 $*" >> \'{log}\'\nexec /usr/bin/{name} "$@"\n'


@given('the working tree\'s folder "{folder}" comes first on PATH, holding a planted {names}')
def step_planted(context: Any, folder: str, names: str) -> None:
    place = context.repo / folder
    place.mkdir(parents=True, exist_ok=True)
    context.planted_log = context.tmp / "planted.log"
    for name in names.replace(" and ", ", ").split(", "):
        program = place / name.strip('"')
        program.write_text(PLANTED.format(log=context.planted_log, name=program.name))
        program.chmod(0o755)
    before = os.environ["PATH"]
    os.environ["PATH"] = f"{place}{os.pathsep}{before}"
    context.add_cleanup(os.environ.__setitem__, "PATH", before)


@given('a "bash" planted in the tree\'s folder "{folder}", first on PATH, writes "{marker}"')
def step_planted_bash(context: Any, folder: str, marker: str) -> None:
    """A `bash` that leaves a file in the tree (the one place both the sandbox and the host
    can write) before it runs the real one."""
    place = context.repo / folder
    place.mkdir(parents=True, exist_ok=True)
    bash = place / "bash"
    log = context.repo / marker
    bash.write_text(f'#!/bin/sh\necho "$0 $*" >> \'{log}\'\nexec /bin/bash "$@"\n')
    bash.chmod(0o755)
    before = os.environ["PATH"]
    os.environ["PATH"] = f"{place}{os.pathsep}{before}"
    context.add_cleanup(os.environ.__setitem__, "PATH", before)


@then("no planted program ran")
def step_none_ran(context: Any) -> None:
    log = context.planted_log
    assert not log.exists(), f"planted programs ran:\n{log.read_text()}"


@given('a file outside the repository "{name}" hard-linked into it as "{linked}" holding "{text}"')
def step_hard_linked(context: Any, name: str, linked: str, text: str) -> None:
    outside = context.tmp / name
    outside.write_text(text.encode().decode("unicode_escape"))
    os.link(outside, context.repo / linked)


@then('the file outside the repository "{name}" holds "{text}"')
def step_outside_holds(context: Any, name: str, text: str) -> None:
    held = (context.tmp / name).read_text()
    assert held == text.encode().decode("unicode_escape"), held


@given('a submodule "{name}" registered in the repository')
def step_submodule(context: Any, name: str) -> None:
    from features.steps.repo_steps import commit_all, git

    upstream = context.tmp / f"{name}-upstream"
    upstream.mkdir()
    git(context, "init", "--quiet", "--initial-branch=main", cwd=upstream)
    (upstream / "l.txt").write_text("library\n")
    git(context, "add", "l.txt", cwd=upstream)
    git(context, "commit", "--quiet", "--no-gpg-sign", "-m", "library", cwd=upstream)
    git(
        context,
        "-c",
        "protocol.file.allow=always",
        "submodule",
        "add",
        "--quiet",
        str(upstream),
        name,
    )
    commit_all(context, f"add {name}")
    context.submodule_git = (context.repo / name / ".git").read_bytes()


@then('the submodule "{name}" still names its own git directory')
def step_submodule_kept(context: Any, name: str) -> None:
    assert (context.repo / name / ".git").read_bytes() == context.submodule_git
