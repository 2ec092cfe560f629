"""`agents plan tree`: the decision tree, as text or for scripts."""

from __future__ import annotations

from typing import Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json, PlanRef, services
from cleveragents.cli.plan_picture import Format, OpenPage, OutputFile, TreeFormat, draw, picked


def tree(
    ctx: typer.Context,
    plan: PlanRef = None,
    json: Json = False,
    active: Annotated[bool, typer.Option("--active", help="Only the live path.")] = False,
    format: Format = None,
    to_file: OutputFile = None,
    open_page: OpenPage = False,
) -> int:
    """Show the decision tree: the original path, marked superseded, beside the corrected one."""
    from cleveragents.domain.tree import active as live

    picture = picked(json, format, to_file, open_page)
    with services(ctx) as s:
        found, decisions, corrections = s.inspection.tree(plan)
    shown = live(decisions) if active else decisions
    if picture is not None:
        return draw(ctx, found, shown, corrections, picture, to_file, open_page)
    if json or format is TreeFormat.JSON:
        from cleveragents.adapters.render.tree_json import tree_document

        output.emit_json(tree_document(found, shown, corrections))
        return 0
    from cleveragents.adapters.render.tree import render_tree

    output.show(render_tree(found, shown))
    return 0
