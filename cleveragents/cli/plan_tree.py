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
    depth: Annotated[
        int | None,
        typer.Option(
            "--depth",
            min=0,
            metavar="N",
            show_default=False,
            help="Levels shown below the main line (0: steps only, 1: their actions too).",
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            metavar="DECISION",
            show_default=False,
            help="Only decision DECISION (`8` or `#8`) and those taken after it.",
        ),
    ] = None,
    format: Format = None,
    to_file: OutputFile = None,
    open_page: OpenPage = False,
) -> int:
    """Show the decision tree: one `#id` a line, the paths forking where a correction went back.

    The `#8` of a line is what `agents plan correct --decision` and `agents plan decision`
    take: `agents plan tree | grep 'choose database' | grep -o '#[0-9.]*'` finds it.
    """
    import sys

    from cleveragents.domain.tree import active as live

    picture = picked(json, format, to_file, open_page)
    as_json = json or format is TreeFormat.JSON
    plain = depth is None and not (sys.stdout.isatty() or output.colour())
    if picture is None and not (active or since) and (as_json or plain):  # the whole tree
        from cleveragents.cli import plan_views

        return plan_views.tree(ctx.obj, plan, as_json)
    with services(ctx, reading=True) as s:
        found, decisions, corrections = s.inspection.tree(plan, since=since)
    shown = live(decisions) if active else decisions
    if picture is not None:
        return draw(ctx, found, shown, corrections, picture, to_file, open_page)
    if json or format is TreeFormat.JSON:
        from cleveragents.adapters.render.tree_json import tree_document

        output.emit_json(tree_document(found, shown, corrections))
        return 0
    from cleveragents.adapters.render.tree import render_tree, whole_lines
    from cleveragents.adapters.render.tree_outline import page_urls

    urls = page_urls(decisions)  # off the live path too: a URL is said when it changes
    if sys.stdout.isatty():  # a person: long lines wrap below their guides
        output.show(render_tree(found, shown, depth, urls))
    else:  # a script: every line whole, to grep
        output.show(whole_lines(found, shown, depth, urls), soft_wrap=True)
    return 0
