"""Steps of checkpoints.claude_dirs.feature and claude_dirs.property.feature: what a
command does where Claude Code reads its settings is undone right after it."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.support.properties import run_property


@when("random commands change the .claude folders of a working tree")
def step_claude_dirs_property(context: Any) -> None:
    from features.support.claude_dirs_property import check_property

    run_property(context, "claude dirs property", check_property, 10)


@then("every file Claude Code runs is the user's, and what the command wrote is kept")
def step_claude_dirs_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@given("a working tree whose sub folder has the user's own .claude")
def step_claude_tree(context: Any) -> None:
    work = Path(tempfile.mkdtemp(prefix="claude-", dir=context.tmp))
    context.claude_root = work / "repo"
    shutil.copytree(_claude_tree_once(), context.claude_root, symlinks=True)


_BUILT: list[Path] = []


def _claude_tree_once() -> Path:
    """The user's repository, built (three git commands) once per behave process: each
    scenario gets its own copy of it, bytes and modes as built, no path inside absolute."""
    from features.support.claude_dirs_property import claude_repository

    if not _BUILT:
        home = Path(tempfile.mkdtemp(prefix="ca-behave-claude-tree-"))
        atexit.register(shutil.rmtree, home, True)
        _BUILT.append(claude_repository(home / "repo"))
    return _BUILT[0]


@given('the user\'s tree also has the file "{path}" holding "{content}"')
def step_claude_tree_file(context: Any, path: str, content: str) -> None:
    target = context.claude_root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(content.replace("\\n", "\n"))


@given('the user\'s tree also has the file "{path}" of {size:d} bytes')
def step_claude_tree_big_file(context: Any, path: str, size: int) -> None:
    target = context.claude_root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"x" * size)


@given('the user\'s tree also has the link "{path}" to "{target}"')
def step_claude_tree_link(context: Any, path: str, target: str) -> None:
    (context.claude_root / path).symlink_to(target)


@when("a command there runs `{command}`")
def step_claude_command(context: Any, command: str) -> None:
    from features.support.claude_dirs_property import around

    context.claude_seen = around(context.claude_root, command.replace("\\n", "\n"))


@then('the put-back says "{said}"')
def step_claude_said(context: Any, said: str) -> None:
    done = "; ".join(context.claude_seen.said) or "nothing"
    done = re.sub(r"\b[0-9a-f]{12}\b", "C", done)
    assert done == said, f"said {done!r}, expected {said!r}"


@then("every file Claude Code runs there before is as it was, and no new one stands")
def step_claude_as_before(context: Any) -> None:
    seen = context.claude_seen
    assert seen.after == seen.before, (seen.before, seen.after, seen.said)


@then("what Claude Code runs is as it was where its folder stands, and no new one stands")
def step_claude_as_before_where_standing(context: Any) -> None:
    seen = context.claude_seen
    root = context.claude_root
    assert set(seen.after) <= set(seen.before), (seen.after, seen.said)
    for path, was in seen.before.items():
        holder = root / path.partition(".claude")[0]
        if holder.is_dir():
            assert seen.after.get(path) == was, (path, seen.said)


@then("what the command wrote there is in the commit named, and CLAUDE.md as it left it")
def step_claude_kept(context: Any) -> None:
    from features.support.claude_dirs_property import _instructions, assert_kept

    assert_kept(context.claude_root, context.claude_seen)
    assert _instructions(context.claude_root) == context.claude_seen.instructions


@then("the user's own .claude files were not written at all")
def step_claude_untouched(context: Any) -> None:
    from features.support.claude_dirs_property import file_marks

    seen = context.claude_seen
    now = file_marks(context.claude_root, seen.before)
    assert now == seen.marks, (seen.marks, now, seen.said)


@then('"{path}" is what the command left, and the commit named holds it')
def step_claude_left(context: Any, path: str) -> None:
    from features.support.claude_dirs_property import _git_show, kept_commit

    seen = context.claude_seen
    assert path not in seen.after, (seen.after.get(path), seen.said)
    commit = kept_commit(seen.said)
    assert (
        commit is not None
        and _git_show(context.claude_root, commit, path) == (seen.middle[path][1])
    ), seen.said


def _named(text: str) -> str:
    """`<U+200C>` in a feature table stands for that code point."""
    return re.sub(r"<U\+([0-9A-F]{4})>", lambda m: chr(int(m.group(1), 16)), text)


@then('the folder name "{name}" is Claude Code\'s folder: {answer}')
def step_claude_folder_name(context: Any, name: str, answer: str) -> None:
    from cleveragents.domain.rules import claude_folder

    assert claude_folder(_named(name)) == (answer == "yes"), name


@then('the file name "{name}" is Claude Code\'s .mcp.json: {answer}')
def step_mcp_file_name(context: Any, name: str, answer: str) -> None:
    from cleveragents.domain.rules import mcp_file

    assert mcp_file(_named(name)) == (answer == "yes"), name


@then('the path "{path}" in a .claude runs or permits something: {answer}')
def step_claude_runs_path(context: Any, path: str, answer: str) -> None:
    from cleveragents.domain.rules import claude_runs

    assert claude_runs(path) == (answer == "yes"), path


@then('the file "{path}" holds "{content}", and "{other}" is still there')
def step_claude_file_holds(context: Any, path: str, content: str, other: str) -> None:
    root = context.claude_root
    assert (root / path).read_text() == content.replace("\\n", "\n"), (root / path).read_text()
    assert (root / other).exists(), other
    assert os.readlink(root / ".claude") == "shared", os.readlink(root / ".claude")


@then('outside the tree "{path}" holds "{content}", and "{other}" is still there')
def step_claude_outside_holds(context: Any, path: str, content: str, other: str) -> None:
    beside = context.claude_root.parent  # the folder the repository is in
    assert (beside / path).read_text() == content, (beside / path).read_text()
    assert (beside / other).exists(), other


@when('the {who}\'s action "{kind}" is applied to "{path}"')
def step_claude_file_action(context: Any, who: str, kind: str, path: str) -> None:
    from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
    from cleveragents.domain.action import DeleteAction, EditAction, WriteAction
    from cleveragents.domain.command_policy import Confinement
    from features.support.claude_dirs_property import snapshot

    root = context.claude_root
    action = {
        "write": lambda: WriteAction(path=path, content='{"hooks": {}}\n'),
        "edit": lambda: EditAction(path=path, find="e", replace="E"),
        "delete": lambda: DeleteAction(path=path),
    }[kind]()
    context.claude_before = snapshot(root)
    environment = WorkspaceEnvironment(root, root / ".git")
    confinement = Confinement() if who == "model" else None
    context.outcome = environment.apply(action, confinement)


@then('the action is refused, naming "{path}", and every file Claude Code runs is as it was')
def step_claude_action_refused(context: Any, path: str) -> None:
    from features.support.claude_dirs_property import snapshot

    summary = context.outcome.summary
    assert not context.outcome.ok and summary.startswith(f"refused: path {path!r}"), summary
    assert "Claude Code runs or takes permissions from" in summary, summary
    assert snapshot(context.claude_root) == context.claude_before


@then("the action is done")
def step_claude_action_done(context: Any) -> None:
    assert context.outcome.ok, context.outcome.summary


@then('the file "{path}" holds "{content}" again, and no "{made}" stands')
def step_claude_file_again(context: Any, path: str, content: str, made: str) -> None:
    root = context.claude_root
    assert (root / path).read_text() == content.replace("\\n", "\n"), (root / path).read_text()
    assert not os.path.lexists(root / made), made


@then('the commit named holds "{path}" as "{data}"')
def step_claude_commit_holds(context: Any, path: str, data: str) -> None:
    from features.support.claude_dirs_property import _git_show, kept_commit

    commit = kept_commit(context.claude_seen.said)
    if path == "-":
        assert commit is None, context.claude_seen.said
    else:
        assert commit is not None, context.claude_seen.said
        assert _git_show(context.claude_root, commit, path) == data.encode(), path


@then('the file "{path}" holds "{content}", and "{other}" is gone')
def step_claude_file_holds_other_gone(context: Any, path: str, content: str, other: str) -> None:
    root = context.claude_root
    assert (root / path).read_text() == content.replace("\\n", "\n"), (root / path).read_text()
    assert not os.path.lexists(root / other), other
