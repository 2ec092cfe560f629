"""Steps for features/held_looks.property.feature."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.support.properties import run_property


@when("held looks are deleted or rewritten at random, with or without their copy")
def step_held_integrity(context: Any) -> None:
    from features.support.held_looks_property import check_integrity

    run_property(context, "held looks integrity property", check_integrity, 10)


@when("random commands change the .claude folders and the put-back has no look")
def step_lost_looks(context: Any) -> None:
    from features.support.held_looks_property import check_lost

    run_property(context, "lost looks property", check_lost, 10)


@then("each is read back exactly as held while a copy is intact, and named lost otherwise")
@then("no file Claude Code runs stands as the command left it, and what it wrote is kept")
def step_held_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
