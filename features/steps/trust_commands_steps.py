"""Steps about which commands a plan can run: the list a person vouches for."""

from __future__ import annotations

from typing import Any

from behave import then

# A plan file that runs no command: what the question lists is the plan's own fields'.
SCRIPT = (
    "task: t\nsteps:\n  - name: s\n    options:\n"
    "      - actions:\n          - write: a\n            content: x\n"
)


@then("every field of a plan that holds a command is in the list a person vouches for")
def step_every_runnable_field(context: Any) -> None:
    """Each field of the plan's models (at any depth) typed as a check, set to one that
    runs a marked command, must put that command in the question's list: a field added
    later that runs something fails here until the list knows it."""
    from cleveragents.bootstrap import plan_file_commands
    from cleveragents.domain.plan import Check, Plan

    base = Plan.model_validate(
        {
            "id": "0badc0de",
            "task": "t",
            "actor": {"kind": "scripted", "script": SCRIPT},
            "created_at": "2026-01-01T00:00:00Z",
            "updated_at": "2026-01-01T00:00:00Z",
        }
    )
    found = []
    for name, field in Plan.model_fields.items():
        shown = str(field.annotation)
        if "Check" in shown:
            value: Any = [Check(run=f"marker-{name}")] if "list" in shown else Check(run=name)
            listed = plan_file_commands(base.model_copy(update={name: value}))
            assert f"marker-{name}" in listed, f"{name} runs, and is not listed: {listed}"
            found.append(name)
    assert found, "no field of a plan holds a check"
