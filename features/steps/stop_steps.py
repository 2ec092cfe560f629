"""Plans a failing model service stops, with Claude through the stand-in server."""

from __future__ import annotations

from typing import Any

from behave import given

from features.steps.claude_steps import answer


@given("Claude will propose a plan of {count:d} steps")
def step_plan_of(context: Any, count: int) -> None:
    steps = [{"name": f"write part {n}", "checks": []} for n in range(1, count + 1)]
    answer(context, {"steps": steps, "rationale": "plain"})
