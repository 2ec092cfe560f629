"""Steps of checkpoints.own_git_dir.feature: where git finds config and hooks is put back."""

from __future__ import annotations

import os
import subprocess
from typing import Any

from behave import given, then


@given('the git dir names the folder "{folder}" of the working tree as its common dir')
def step_common_dir_in_tree(context: Any, folder: str) -> None:
    """A common dir git accepts: the objects and refs of `.git`, a config of its own."""
    common = context.repo / folder
    common.mkdir()
    (common / "objects").symlink_to("../.git/objects")
    (common / "refs").symlink_to("../.git/refs")
    (common / "config").write_text("[core]\n\trepositoryformatversion = 0\n\tbare = false\n")
    (context.repo / ".git" / "commondir").write_text(f"../{folder}\n")


@then("the user's git runs nothing the command planted")
def step_git_runs_nothing(context: Any) -> None:
    """The user's `git status`, an alias `st`, a commit, a checkout: each would run it;
    after a later write in place to each `.cfg` file of the tree (as a sandboxed command
    may do), which must reach no config git reads."""
    repo = context.repo
    for cfg in repo.glob("*.cfg"):
        with cfg.open("a") as later:
            later.write("[core]\n\tfsmonitor = touch ../canary\n")
    for args in (
        ["status"],
        ["st"],
        ["commit", "-q", "--allow-empty", "-m", "x"],
        ["checkout", "-q", "-b", "y"],
    ):
        subprocess.run(["git", *args], cwd=repo, capture_output=True, check=False)
    subprocess.run(["git", "-C", "sub", "status"], cwd=repo, capture_output=True, check=False)
    assert not (repo.parent / "canary").exists(), "the user's git ran a planted command"


@then('the git setting "{key}" is "{value}"')
def step_git_setting(context: Any, key: str, value: str) -> None:
    """`(unset)`: no value at all. A setting of several values is read as git reads it: the
    last one."""
    got = subprocess.run(
        ["git", "config", "--get", key], cwd=context.repo, capture_output=True, text=True
    )
    assert got.stdout.strip() == ("" if value == "(unset)" else value), (key, got.stdout)


@given('a linked worktree "{name}" of it, where agents runs')
def step_linked_worktree(context: Any, name: str) -> None:
    place = context.repo.parent / name
    subprocess.run(
        ["git", "worktree", "add", "-q", "-b", name, str(place)], cwd=context.repo, check=True
    )
    context.repo = place


@given('the repository\'s ".git/hooks" is a link to a folder outside the tree')
def step_hooks_link_outside(context: Any) -> None:
    outside = context.repo.parent / "my-hooks"
    (context.repo / ".git" / "hooks").rename(outside)
    (context.repo / ".git" / "hooks").symlink_to(outside)


@then('".git/hooks" is the user\'s link outside the tree again')
def step_hooks_link_back(context: Any) -> None:
    hooks = context.repo / ".git" / "hooks"
    assert hooks.is_symlink() and hooks.readlink() == context.repo.parent / "my-hooks", hooks


@given("the repository's config holds a comment of over a MiB")
def step_big_config(context: Any) -> None:
    with (context.repo / ".git" / "config").open("a") as config:
        config.write("# " + "x" * (1 << 20) + "\n")


@then('no checkpoint of the plan holds "{path}"')
def step_no_checkpoint_holds(context: Any, path: str) -> None:
    """Every commit under `refs/cleveragents/` but the saved files kept for undo (which
    never leave this clone): none names `path`."""

    def git_lines(*args: str) -> list[str]:
        done = subprocess.run(["git", *args], cwd=context.repo, capture_output=True, text=True)
        return done.stdout.split()

    refs = git_lines("for-each-ref", "--format=%(refname)", "refs/cleveragents/")
    kept = [r for r in refs if not r.startswith("refs/cleveragents/saved/")]
    assert kept, "no checkpoint at all"
    for commit in git_lines("rev-list", *kept):
        assert path not in git_lines("ls-tree", "-r", "--name-only", commit), commit


@given('a nested repository "{path}" whose git directory is "{store}" in the tree')
def step_separate_git_dir(context: Any, path: str, store: str) -> None:
    """`git init --separate-git-dir`, both folders ignored by the outer repository."""
    repo = context.repo
    (repo / path).mkdir(parents=True)
    (repo / store).parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["git", "init", "-q", f"--separate-git-dir={repo / store}", str(repo / path)], check=True
    )
    with (repo / ".gitignore").open("a") as ignore:
        ignore.write(f"/{store.split('/')[0]}/\n/{path.split('/')[0]}/\n")


@then("nothing the killed command planted where git or Claude Code runs is back")
def step_planted_not_back(context: Any) -> None:
    """The user's real `git -C sub status` runs no fsmonitor the command set (a canary), and
    none of its Claude Code settings or MCP servers stands in the tree (attack 26, F3)."""
    repo = context.repo
    subprocess.run(["git", "-C", "sub", "status"], cwd=repo, capture_output=True, check=False)
    assert not (repo.parent / "canary").exists(), "the user's git ran the planted fsmonitor"
    config = repo / "sub/.git/config"
    assert not config.exists() or "fsmonitor" not in config.read_text(), config.read_text()
    for path in (".mcp.json", "deep/er/.claude/settings.json", "pkg/.claude/settings.local.json"):
        assert not os.path.lexists(repo / path), f"{path} is back"
