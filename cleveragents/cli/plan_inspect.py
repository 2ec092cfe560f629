"""`agents plan list|show|tree|decision|diff`: read-only views."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json, PlanOption, PlanRef, services


def list_plans(ctx: typer.Context, json: Json = False) -> int:
    """List the plans of this repository, oldest first."""
    from cleveragents.cli import plan_views

    return plan_views.list_plans(ctx.obj, json)


def show(ctx: typer.Context, plan: PlanRef = None, json: Json = False) -> int:
    """Show a plan: status, phase, head decision, counts of its decisions, corrections."""
    from cleveragents.cli import plan_views

    return plan_views.show(ctx.obj, plan, json)


def tree(
    ctx: typer.Context,
    plan: PlanRef = None,
    json: Json = False,
    active: Annotated[bool, typer.Option("--active", help="Only the live path.")] = False,
) -> int:
    """Show the decision tree: the original path, marked superseded, beside the corrected one."""
    from cleveragents.domain.tree import active as live

    with services(ctx) as s:
        found, decisions, corrections = s.inspection.tree(plan)
    shown = live(decisions) if active else decisions
    if json:
        from cleveragents.adapters.render.tree_json import tree_document

        output.emit_json(tree_document(found, shown, corrections))
        return 0
    from cleveragents.adapters.render.tree import render_tree

    output.show(render_tree(found, shown))
    return 0


def decision(
    ctx: typer.Context,
    decision_id: Annotated[
        str, typer.Argument(metavar="DECISION", help="A decision id, or PLAN:ID.")
    ],
    plan: PlanOption = None,
    json: Json = False,
) -> int:
    """Show one decision: kind, summary, rationale, action, outcome, checkpoints, changed files."""
    with services(ctx) as s:
        found, d, changed = s.inspection.decision(plan, decision_id)
    if json:
        output.emit_json({"plan": found.id, **d.model_dump(mode="json"), "files_changed": changed})
        return 0
    keys = (
        "id",
        "kind",
        "phase",
        "status",
        "superseded_by",
        "summary",
        "rationale",
        "outcome",
        "step",
        "option",
        "parent_id",
        "checkpoint_before",
        "checkpoint_after",
        "actor_state_before",
        "created_at",
    )
    data = d.model_dump(mode="json")
    rows = [(k.replace("_", " "), str(data[k])) for k in keys if data[k] not in (None, "")]
    if d.action:
        rows.append(("action", ", ".join(f"{k}={v!r}" for k, v in d.action.items())))
    rows.append(("files changed", ", ".join(changed) or "none"))
    output.key_values(rows)
    return 0


def diff(
    ctx: typer.Context,
    first: Annotated[
        str, typer.Argument(metavar="D1", help="The decision whose files to start from.")
    ],
    second: Annotated[
        str | None,
        typer.Argument(
            metavar="D2",
            help="The decision to compare with; the working tree if left out.",
            show_default=False,
        ),
    ] = None,
    plan: PlanOption = None,
    json: Json = False,
) -> int:
    """The file diff between two decisions' checkpoints, or a decision and the working tree.

    A decision's files are those of its checkpoint before it: what a revert to it restores.
    """
    with services(ctx) as s:
        patch = s.inspection.diff(plan, first, second)
    if json:
        output.emit_json({"patch": patch})
        return 0
    sys.stdout.write(patch + ("\n" if patch and not patch.endswith("\n") else ""))
    return 0


def register(app: typer.Typer) -> None:
    app.command("list")(list_plans)
    app.command("show")(show)
    app.command("tree")(tree)
    app.command("decision")(decision)
    app.command("diff")(diff)
