"""Steps of gc.property.feature: deleted plans' objects stay for the grace period."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.support.properties import run_property

EXAMPLES = 4


@when("random plans, deletes, borrows, ages and gcs are checked against the model")
def step_gc_grace_property(context: Any) -> None:
    from features.support.gc_grace_property import check_property

    ran = run_property(context, "gc grace property", check_property, EXAMPLES)
    assert ran is None or ran > 0, "no example ran"


@then("the borrower stays whole until the grace is over or --prune-now, and fsck is clean")
def step_gc_grace_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
