"""How a run ends, as `plan run`, `resume` and `correct` say it: the exit code and its line."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cleveragents.cli import output

if TYPE_CHECKING:
    from cleveragents.domain.plan import Plan


def finished(plan: Plan, json: bool, document: Callable[[], dict[str, Any]]) -> int:
    """Render the end of a run: exit 0 when completed, 4 when it stopped before the end
    (a budget ran out, the model's service failed: resumable), else 1.

    `document` is built only for `--json`: it reads and writes out every decision.
    """
    if json:
        output.emit_json(document())
    if plan.status.value == "stopped":
        if plan.exhausted:
            from cleveragents.domain.budget import raised_by

            flag = raised_by(plan.exhausted)
            more = f" {flag} N" if flag else ""
            how = f"continue with a larger budget: `agents plan resume {plan.id}{more}`"
            output.error_line(f"plan {plan.id} stopped: {plan.exhausted} ({how}, see --help)")
        else:
            output.error_line(
                f"plan {plan.id} {plan.outcome} (continue with `agents plan resume {plan.id}`)"
            )
        return 4
    if plan.status.value == "completed":
        if not json:
            output.show(f"plan {plan.id} completed: {plan.outcome}")
        return 0
    output.error_line(
        f"plan {plan.id} {plan.status.value}: {plan.outcome} (see `agents plan tree {plan.id}`)"
    )
    return 1
