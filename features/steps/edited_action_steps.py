"""Steps of `plan.edited_actions.feature`: a plan file in the tree, edited since the run."""

from __future__ import annotations

from typing import Any

from behave import given


@given('the plan file "{name}" in the tree:')
def step_plan_file_in_tree(context: Any, name: str) -> None:
    (context.repo / name).write_text(context.text + "\n")


@given('the plan file "{name}" in the tree gets the lines:')
def step_plan_file_lines(context: Any, name: str) -> None:
    with (context.repo / name).open("a") as plan_file:
        plan_file.write(context.text + "\n")


@given('I replace "{old}" by "{new}" in the file "{path}"')
def step_replace_in_file(context: Any, old: str, new: str, path: str) -> None:
    target = context.repo / path
    text = target.read_text()
    assert old in text, text
    target.write_text(text.replace(old, new, 1))
