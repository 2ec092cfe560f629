"""Steps of the safety features: the property on random file operations, the kill trials."""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from behave import then, when

EXAMPLES = 25


@when("run, correct and undo are checked on random plans of file operations")
def step_property(context: Any) -> None:
    from features.support.safety_property import check_property

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", EXAMPLES))
    seed = int(os.environ.get("CLEVERAGENTS_PROPERTY_SEED", time.time_ns() % 2**32))
    replay = (
        f"replay with CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}"
    )
    print(f"property: seed {seed}, {examples} examples; {replay}", file=sys.stderr, flush=True)
    context.property_failure = None
    started = time.monotonic()
    try:
        ran = check_property(examples, seed, context.tmp)
    except Exception as failure:
        notes = "\n".join(getattr(failure, "__notes__", []))
        context.property_failure = f"seed {seed}: {failure}\n{notes}\n{replay}"
        print(context.property_failure, file=sys.stderr, flush=True)
        return
    seconds = time.monotonic() - started
    print(f"property: {ran} examples held in {seconds:.0f} s", file=sys.stderr, flush=True)
    assert ran > 0, "no example ran"


@then("every example kept every byte, mode and symlink, and the user's git state")
def step_property_held(context: Any) -> None:
    # Hypothesis stops at the first failing example and shrinks it: the report names which
    # check broke, on the smallest example it found, with the seed to replay it.
    assert context.property_failure is None, context.property_failure
