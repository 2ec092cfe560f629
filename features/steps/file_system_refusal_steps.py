"""Steps for a file system that refuses: a path made immutable (`chattr +i`, EPERM even for
root) and a repository on a small tmpfs that fills up (ENOSPC). Each is undone after the
scenario (the attribute cleared, the file system unmounted), before its folder is removed."""

from __future__ import annotations

import subprocess
from typing import Any

from behave import given, then, when

from features.steps.repo_steps import commit_all, git


@given("a git repository on a file system of {size} of its own, with files:")
def step_repository_on_tmpfs(context: Any, size: str) -> None:
    context.repo.mkdir(parents=True)
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(context.repo)], check=True
    )
    context.cleanups.append(
        lambda: subprocess.run(["umount", "--lazy", str(context.repo)], check=False)
    )
    git(context, "init", "--quiet", "--initial-branch=main")
    for row in context.table:
        (context.repo / row["path"]).write_text(row["content"].replace("\\n", "\n"))
    commit_all(context, "initial")


@given('the file "{path}" is made immutable')
@when('the file "{path}" is made immutable')
def step_immutable(context: Any, path: str) -> None:
    full = context.repo / path
    subprocess.run(["chattr", "+i", str(full)], check=True)
    # first among the cleanups: the folder is removed after them
    context.cleanups.insert(0, lambda: subprocess.run(["chattr", "-i", str(full)], check=False))


@when('the file "{path}" is made mutable again')
def step_mutable(context: Any, path: str) -> None:
    subprocess.run(["chattr", "-i", str(context.repo / path)], check=True)


@when("its file system is given {size}")
def step_room_made(context: Any, size: str) -> None:
    subprocess.run(["mount", "-o", f"remount,size={size}", str(context.repo)], check=True)


@when("a correction runs with random paths of the tree immutable")
def step_refusal_property(context: Any) -> None:
    from features.support.file_refusal_property import check_property
    from features.support.properties import run_property

    run_property(context, "file system refusal property", check_property, 4)


@then("it is done or refused in one line, the views read, and once writable it settles")
def step_refusal_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
