"""The workspace environment applied directly to a real working tree."""

from __future__ import annotations

from typing import Any

from behave import then, when

from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import DeleteAction, EditAction, RunAction, WriteAction
from cleveragents.domain.command_output import OUTPUT_CAP


def workspace(context: Any) -> WorkspaceEnvironment:
    return WorkspaceEnvironment(context.repo, context.repo / ".git")


@when('the workspace applies "{kind}" to "{path}"')
def step_apply(context: Any, kind: str, path: str) -> None:
    action = {
        "write": lambda: WriteAction(path=path, content="x"),
        "edit": lambda: EditAction(path=path, find="a", replace="b"),
        "delete": lambda: DeleteAction(path=path),
    }[kind]()
    context.outcome = workspace(context).apply(action)


@when('the workspace runs "{command}"')
def step_run(context: Any, command: str) -> None:
    context.outcome = workspace(context).apply(RunAction(command=command.replace('\\"', '"')))


@then('the action is refused with "{text}"')
def step_refused(context: Any, text: str) -> None:
    assert not context.outcome.ok and context.outcome.summary.startswith("refused: ")
    assert text in context.outcome.summary, context.outcome.summary


@then('the action fails with "{text}"')
def step_fails(context: Any, text: str) -> None:
    assert not context.outcome.ok and text in context.outcome.summary, context.outcome


@then("the action succeeds")
def step_succeeds(context: Any) -> None:
    assert context.outcome.ok, context.outcome


@then("the outside target still exists")
def step_outside_kept(context: Any) -> None:
    assert (context.outside / "kept.txt").read_text() == "outside\n"
    assert not (context.repo / "out").is_symlink()


@then("the captured output is cut with a note of how much more there was")
def step_capped(context: Any) -> None:
    output = context.outcome.output
    head, note, tail = output.splitlines()  # printed: 100,000 x and a line end
    assert head == "x" * (OUTPUT_CAP // 2) and tail == "x" * (OUTPUT_CAP // 2 - 1)
    assert note.startswith(f"[agents: {100001 - OUTPUT_CAP} bytes cut here, of 100001;"), note
