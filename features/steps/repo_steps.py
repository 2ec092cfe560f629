"""Real git repositories in temporary directories, and the files in them."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

from behave import given, then

IDENTITY = {
    "GIT_AUTHOR_NAME": "Test User",
    "GIT_AUTHOR_EMAIL": "test@example.com",
    "GIT_COMMITTER_NAME": "Test User",
    "GIT_COMMITTER_EMAIL": "test@example.com",
}


def git(context: Any, *args: str, cwd: Path | None = None) -> str:
    result = subprocess.run(
        ["git", *args],
        cwd=cwd or context.repo,
        capture_output=True,
        text=True,
        env={**os.environ, **IDENTITY},
        check=True,
    )
    return result.stdout


def unescape(text: str) -> str:
    return text.replace("\\n", "\n")


def commit_all(context: Any, message: str) -> None:
    git(context, "add", "--all")
    git(context, "commit", "--quiet", "--no-gpg-sign", "-m", message)


@given("a git repository")
def step_repository(context: Any) -> None:
    context.repo.mkdir(parents=True)
    git(context, "init", "--quiet", "--initial-branch=main")
    (context.repo / "README.md").write_text("# demo\n")
    commit_all(context, "initial")


@given("a git repository with files:")
def step_repository_with_files(context: Any) -> None:
    context.repo.mkdir(parents=True)
    git(context, "init", "--quiet", "--initial-branch=main")
    for row in context.table:
        path = context.repo / row["path"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(unescape(row["content"]))
    commit_all(context, "initial")


@given("a bare git repository")
def step_bare(context: Any) -> None:
    context.repo.mkdir(parents=True)
    git(context, "init", "--quiet", "--bare")


@given("a directory that is not a git repository")
def step_not_a_repository(context: Any) -> None:
    context.repo.mkdir(parents=True)
    # Keep git from finding a repository above the temporary directory.
    context.env["GIT_CEILING_DIRECTORIES"] = str(context.tmp)


@given('the plan file "{name}":')
def step_plan_file(context: Any, name: str) -> None:
    (context.tmp / name).write_text(context.text + "\n")


@given('a plan file "{name}" with the text "{text}"')
def step_plan_file_text(context: Any, name: str, text: str) -> None:
    (context.tmp / name).write_text(unescape(text) + "\n")


@given('a plan file "{name}" with the text "{text}", where LONG is "{unit}" {times:d} times')
def step_plan_file_long(context: Any, name: str, text: str, unit: str, times: int) -> None:
    (context.tmp / name).write_text(unescape(text).replace("LONG", unit * times) + "\n")


@given('a plan file "{name}" that is not UTF-8')
def step_plan_file_latin1(context: Any, name: str) -> None:
    (context.tmp / name).write_bytes("task: café\n".encode("latin-1"))


@given('an executable file "{path}" containing "{content}" committed')
def step_executable(context: Any, path: str, content: str) -> None:
    target = context.repo / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(unescape(content))
    target.chmod(0o755)
    commit_all(context, f"add {path}")


@given('a symlink "{path}" pointing to "{target}" committed')
def step_symlink_committed(context: Any, path: str, target: str) -> None:
    step_symlink(context, path, target)
    commit_all(context, f"add {path}")


@given('a symlink "{path}" pointing to "{target}"')
def step_symlink(context: Any, path: str, target: str) -> None:
    (context.repo / path).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, context.repo / path)


@given('a symlink "{path}" pointing outside the repository')
def step_symlink_outside(context: Any, path: str) -> None:
    context.outside = context.tmp / "outside"
    context.outside.mkdir()
    (context.outside / "kept.txt").write_text("outside\n")
    os.symlink(context.outside, context.repo / path)


@given('a binary file "{path}" with every byte value committed')
def step_binary(context: Any, path: str) -> None:
    (context.repo / path).write_bytes(bytes(range(256)) * 4)
    commit_all(context, f"add {path}")


@given('an ignored file "{path}" containing "{content}"')
@given('an untracked file "{path}" containing "{content}"')
def step_untracked(context: Any, path: str, content: str) -> None:
    target = context.repo / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(content)


@given('a staged change to "{path}" of "{content}"')
def step_staged(context: Any, path: str, content: str) -> None:
    (context.repo / path).write_text(unescape(content))
    git(context, "add", path)


@given("a stash entry and a second branch")
def step_stash_and_branch(context: Any) -> None:
    git(context, "branch", "feature")
    staged = (context.repo / "README.md").read_bytes()
    (context.repo / "src" / "app.py").write_text("print('stashed')\n")
    git(context, "stash", "push", "--quiet", "--", "src/app.py")
    assert (context.repo / "README.md").read_bytes() == staged


@given("the plan store is a directory instead of a file")
def step_store_directory(context: Any) -> None:
    (context.repo / ".git" / "cleveragents" / "state.db").mkdir(parents=True)


@then('the file "{path}" contains "{text}"')
def step_file_contains(context: Any, path: str, text: str) -> None:
    content = (context.repo / path).read_text()
    assert text in content, f"{text!r} not in {path}: {content!r}"


@then('the file "{path}" does not contain "{text}"')
def step_file_lacks(context: Any, path: str, text: str) -> None:
    content = (context.repo / path).read_text()
    assert text not in content, f"{text!r} in {path}: {content!r}"


@then('the file "{path}" does not exist')
def step_file_missing(context: Any, path: str) -> None:
    assert not (context.repo / path).exists(), f"{path} exists"


@then('the file "{path}" exists outside the repository')
def step_file_outside(context: Any, path: str) -> None:
    assert Path(path.format(tmp=context.tmp)).is_file()


@then("the repository has no plan")
def step_no_plan(context: Any) -> None:
    from cleveragents.adapters.storage.sqlite import SqliteStore

    db = context.repo / ".git" / "cleveragents" / "state.db"
    if db.exists():
        store = SqliteStore(db)
        try:
            assert store.plans() == []
        finally:
            store.close()
    assert not git(context, "for-each-ref", "refs/cleveragents/")


@then("nothing was written outside the repository")
def step_nothing_outside(context: Any) -> None:
    assert sorted(p.name for p in context.outside.iterdir()) == ["kept.txt"]
