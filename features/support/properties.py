"""What the hypothesis properties of the suite share: their settings and their seed."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import HealthCheck, Phase, settings
from hypothesis import seed as fixed_seed

CI_SEED = 20261122
F = TypeVar("F", bound=Callable[..., Any])


def property_seed() -> int:
    """CLEVERAGENTS_PROPERTY_SEED if set; in CI one known sequence of examples (hypothesis'
    advice: derandomize in CI), so a red build means a regression; elsewhere every run
    explores new ones."""
    default = CI_SEED if os.environ.get("CI") else time.time_ns() % 2**32
    return int(os.environ.get("CLEVERAGENTS_PROPERTY_SEED") or default)


def reproducible(examples: int, seed: int) -> Callable[[F], F]:
    """Up to `examples` examples from `seed`, no deadline and no example database: a failure
    is reported once, shrunk, with what replays it."""
    configured = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        print_blob=True,
        report_multiple_bugs=False,
        phases=(Phase.explicit, Phase.generate, Phase.shrink),
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
            HealthCheck.filter_too_much,
        ],
    )

    def apply(test: F) -> F:
        return configured(fixed_seed(seed)(test))

    return apply


def run_property(
    context: Any, name: str, check: Callable[[int, int, Path], int], default_examples: int
) -> int | None:
    """Run a property of `default_examples` examples (CLEVERAGENTS_PROPERTY_EXAMPLES says
    otherwise) from the seed `property_seed` gives, the seed printed first; its failure
    (hypothesis' report on the shrunk example, and how to replay it) is kept in
    `context.property_failure` for the step that says what must hold. Returns what `check`
    returned (None when it failed)."""
    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", default_examples))
    seed = property_seed()
    replay = (
        f"replay with CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}"
    )
    print(f"{name}: seed {seed}, {examples} examples; {replay}", file=sys.stderr, flush=True)
    context.property_failure = None
    started = time.monotonic()
    try:
        ran = check(examples, seed, context.tmp)
    except Exception as failure:
        notes = "\n".join(getattr(failure, "__notes__", []))
        context.property_failure = f"seed {seed}: {failure!r}\n{notes}\n{replay}"
        print(context.property_failure, file=sys.stderr, flush=True)
        return None
    seconds = time.monotonic() - started
    print(f"{name}: {ran} examples held in {seconds:.0f} s", file=sys.stderr, flush=True)
    return ran
