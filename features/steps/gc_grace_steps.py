"""Steps of gc.property.feature: deleted plans' objects stay for the grace period."""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from behave import then, when

from features.support.properties import property_seed

EXAMPLES = 4


@when("random plans, deletes, borrows, ages and gcs are checked against the model")
def step_gc_grace_property(context: Any) -> None:
    from features.support.gc_grace_property import check_property

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", EXAMPLES))
    seed = property_seed()
    replay = (
        f"replay with CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}"
    )
    print(f"gc grace property: seed {seed}, {examples} examples; {replay}", file=sys.stderr)
    context.property_failure = None
    started = time.monotonic()
    try:
        ran = check_property(examples, seed, context.tmp)
    except Exception as failure:
        notes = "\n".join(getattr(failure, "__notes__", []))
        context.property_failure = f"seed {seed}: {failure!r}\n{notes}\n{replay}"
        return
    seconds = time.monotonic() - started
    print(f"gc grace property: {ran} examples held in {seconds:.0f} s", file=sys.stderr)
    assert ran > 0, "no example ran"


@then("the borrower stays whole until the grace is over or --prune-now, and fsck is clean")
def step_gc_grace_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
