"""`agents plan ...`: parse, call one service, render, return the exit code."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from cleveragents.cli import output
from cleveragents.cli.options import Json, PlanRef
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import Plan, PlanStatus

app = typer.Typer(
    help="Run plans and look at their decision trees.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)

EXAMPLE = """
Example plan file:

\b
    task: Make the greeting configurable
    goal:
      - run: python3 -c "import greet; assert greet.hello('x') == 'Hello, x!'"
    steps:
      - name: write the module
        options:              # alternatives, tried in order
          - name: lowercase
            actions:
              - write: greet.py
                content: "def hello(n):\\n    return 'hello, ' + n + '!'\\n"
          - name: titlecase
            actions:
              - write: greet.py
                content: "def hello(n):\\n    return 'Hello, ' + n + '!'\\n"
        check:
          - run: python3 -c "import greet"

Actions: write (path, content), edit (path, find, replace), delete (path), run (command, timeout).
"""


def _services(ctx: typer.Context, observer: Any = None) -> Any:
    from cleveragents.bootstrap import bootstrap

    return bootstrap(ctx.obj, observer)


@app.command("run", epilog=EXAMPLE)
def run(
    ctx: typer.Context,
    script: Annotated[
        Path,
        typer.Option(
            "--script",
            "-s",
            help="The YAML plan file the scripted actor follows.",
            show_default=False,
        ),
    ],
    json: Json = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print only the final line.")
    ] = False,
) -> int:
    """Run a plan on this working tree, with a checkpoint before every decision.

    Exit 0 when the plan completes, 1 when it fails, 2 on bad input.
    """

    def observe(decision: Decision) -> None:
        if not (json or quiet):
            from cleveragents.adapters.render.tree import decision_label

            output.show(decision_label(decision))

    services = _services(ctx, observe)
    try:
        plan, actor = services.start_scripted(script)
        if not (json or quiet):
            output.show(f"plan {plan.id}: {plan.task}")
        plan = services.lifecycle.run(plan, actor)
        if json:
            output.emit_json(_document(plan, services.store.decisions(plan.id)))
    finally:
        services.close()
    if plan.status is PlanStatus.COMPLETED:
        if not json:
            output.show(f"plan {plan.id} completed: {plan.outcome}")
        return 0
    output.error_line(
        f"plan {plan.id} {plan.status.value}: {plan.outcome} (see `agents plan tree {plan.id}`)"
    )
    return 1


@app.command("list")
def list_plans(ctx: typer.Context, json: Json = False) -> int:
    """List the plans of this repository, oldest first."""
    services = _services(ctx)
    try:
        plans = services.inspection.plans()
    finally:
        services.close()
    if json:
        output.emit_json({"plans": [_plan_row(p) for p in plans]})
        return 0
    if not plans:
        output.show("no plans yet: start one with `agents plan run --script FILE`")
        return 0
    table = Table("id", "status", "phase", "head", "task", box=None)
    for p in plans:
        table.add_row(p.id, p.status.value, p.phase.value, p.head_decision or "-", p.task)
    output.show(table)
    return 0


@app.command("show")
def show(ctx: typer.Context, plan: PlanRef = None, json: Json = False) -> int:
    """Show a plan: status, phase, head decision, and counts of its decisions."""
    services = _services(ctx)
    try:
        summary = services.inspection.summary(plan)
    finally:
        services.close()
    if json:
        output.emit_json(summary)
        return 0
    table = Table(show_header=False, box=None)
    for key in (
        "id",
        "task",
        "status",
        "phase",
        "head_decision",
        "outcome",
        "actor",
        "actor_source",
        "decisions",
        "created_at",
        "updated_at",
    ):
        table.add_row(key.replace("_", " "), str(summary[key]))
    table.add_row("by kind", ", ".join(f"{k} {v}" for k, v in summary["by_kind"].items()))
    table.add_row("actor calls", str(summary["usage"]["actor_calls"]))
    output.show(table)
    return 0


@app.command("tree")
def tree(ctx: typer.Context, plan: PlanRef = None, json: Json = False) -> int:
    """Show the decision tree: id, kind, summary, outcome and status of every decision."""
    services = _services(ctx)
    try:
        found, decisions = services.inspection.tree(plan)
    finally:
        services.close()
    if json:
        output.emit_json(_document(found, decisions))
        return 0
    from cleveragents.adapters.render.tree import render_tree

    output.show(render_tree(found, decisions))
    return 0


def _plan_row(plan: Plan) -> dict[str, Any]:
    return plan.model_dump(
        mode="json",
        include={
            "id",
            "task",
            "status",
            "phase",
            "head_decision",
            "outcome",
            "created_at",
            "updated_at",
        },
    )


def _document(plan: Plan, decisions: list[Decision]) -> dict[str, Any]:
    from cleveragents.domain.tree import nested

    return {
        "plan": {**plan.model_dump(mode="json", exclude={"actor"}), "actor": plan.actor.kind},
        "tree": nested(decisions),
    }
