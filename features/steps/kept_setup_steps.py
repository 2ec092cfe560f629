"""Backgrounds built once per behave process and copied for each scenario
(`features/support/kept_setup.py`)."""

from __future__ import annotations

from typing import Any

from behave import given

from features.steps.cli_steps import step_have_run
from features.steps.repo_steps import step_plan_file, step_repository
from features.support.kept_setup import set_up_once


@given('a git repository where the plan file "{name}" has run with "{command}":')
def step_plan_run_once(context: Any, name: str, command: str) -> None:
    """`a git repository`, `the plan file NAME:` and `I have run "COMMAND"` in one step,
    built once per process."""

    def build() -> None:
        step_repository(context)
        step_plan_file(context, name)
        step_have_run(context, command)

    set_up_once(context, f"{name}\n{command}\n{context.text}", build, ("plan_ids",))


@given('a git repository where the plan file "{name}" has run with "{command}", then "{then}" ran:')
def step_plan_run_twice_once(context: Any, name: str, command: str, then: str) -> None:
    """The same, and then `I have run "THEN"` (a correction of that run, say), built once per
    process."""

    def build() -> None:
        step_repository(context)
        step_plan_file(context, name)
        step_have_run(context, command)
        step_have_run(context, then)

    set_up_once(context, f"{name}\n{command}\n{then}\n{context.text}", build, ("plan_ids",))


@given("these steps, built once per process and copied for each scenario:")
def step_steps_once(context: Any) -> None:
    """The steps of the text (a Background's, its plan file quoted with `\"\"\"` inside the
    text's `'''`) run by the first scenario of the process; a copy of what they left for each
    later one, with every context attribute they set."""
    kept: list[str] = []  # the attributes the steps set, known once they have run

    def build() -> None:
        before = dict(context._stack[0])  # the scenario's own layer of the context
        context.execute_steps(context.text)
        after = context._stack[0]
        kept.extend(name for name in after if name not in before or after[name] is not before[name])

    set_up_once(context, f"steps\n{context.text}", build, kept)
