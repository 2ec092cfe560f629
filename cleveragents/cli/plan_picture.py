"""`agents plan tree --format mermaid|dot|html`, `--output FILE`, `--open`: pictures of the tree.

`plan tree` asks `picked` which picture (if any) its flags want before it reads anything, and
hands the decisions it would show to `draw`.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import services
from cleveragents.cli.output_path import unlinked
from cleveragents.errors import BadInput

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cleveragents.domain.correction import Correction
    from cleveragents.domain.decision import Decision
    from cleveragents.domain.plan import Plan


class TreeFormat(StrEnum):
    TEXT = "text"
    JSON = "json"
    MERMAID = "mermaid"
    DOT = "dot"
    HTML = "html"


Format = Annotated[
    TreeFormat | None,
    typer.Option(
        "--format",
        show_default=False,
        help="text (the default), json (as --json), mermaid (a flowchart), dot (Graphviz) "
        "or html (one self-contained page: both paths, each decision's output and diff, "
        "a browser decision's URL, changes and screenshot).",
    ),
]
OutputFile = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        dir_okay=False,
        show_default=False,
        help="Write the picture (or the JSON) to this file instead of stdout.",
    ),
]
OpenPage = Annotated[
    bool,
    typer.Option(
        "--open",
        help="Write the HTML page (to --output, or inside the git directory) and open it "
        "in the browser (BROWSER chooses which).",
    ),
]


def picked(
    json: bool, chosen: TreeFormat | None, to_file: Path | None, open_page: bool
) -> TreeFormat | None:
    """The format `draw` writes, or None where `plan tree` prints as it always has (text, or
    JSON on stdout). Flags that contradict each other are refused before anything is read."""
    if json and chosen not in (None, TreeFormat.JSON):
        raise BadInput(f"--json and --format {chosen} ask for two formats", hint="give one")
    wanted = TreeFormat.JSON if json else chosen
    if open_page:
        if wanted not in (None, TreeFormat.HTML):
            raise BadInput(f"--open opens the HTML page, not {wanted}", hint="drop --format")
        return TreeFormat.HTML
    if to_file is not None and wanted in (None, TreeFormat.TEXT):
        raise BadInput(
            "--output writes a picture or JSON, not the text tree",
            hint="add --format html, mermaid, dot or json, or redirect stdout to a file",
        )
    if wanted in (None, TreeFormat.TEXT) or (wanted is TreeFormat.JSON and to_file is None):
        return None
    return wanted


def draw(
    ctx: typer.Context,
    plan: Plan,
    decisions: Sequence[Decision],
    corrections: Sequence[Correction],
    wanted: TreeFormat,
    to_file: Path | None,
    open_page: bool,
) -> int:
    """Render the picture; write it to stdout or `to_file`; open the page when asked."""
    if wanted is TreeFormat.HTML:
        from cleveragents.adapters.render.html import render_html
        from cleveragents.adapters.render.html_page import page_views

        with services(ctx) as s:
            diffs = s.inspection.changes(decisions)
            state_dir = s.repo.state_dir
            pages = page_views(s.repo.git_dir, decisions)
        text = render_html(plan, decisions, corrections, diffs, pages)
    elif wanted is TreeFormat.MERMAID:
        from cleveragents.adapters.render.mermaid import render_mermaid

        text = render_mermaid(plan, decisions)
    elif wanted is TreeFormat.DOT:
        from cleveragents.adapters.render.dot import render_dot

        text = render_dot(plan, decisions)
    else:
        from cleveragents.adapters.render.tree_json import tree_document
        from cleveragents.cli.json_text import json_text

        document = tree_document(plan, decisions, corrections)
        text = json_text(document) + "\n"
    if open_page and to_file is None:
        to_file = state_dir / "pictures" / f"plan-{plan.id}.html"
    if to_file is None:
        from cleveragents.domain.shown_text import visible, visible_json

        # The same document to a parser; on a terminal, nothing in it that the terminal acts on.
        text = visible_json(text) if wanted is TreeFormat.JSON else text
        sys.stdout.write(visible(text) if sys.stdout.isatty() else text)
        sys.stdout.flush()
        return 0
    unlinked(to_file, ctx.obj)
    written(to_file, text)
    if open_page:
        opened(to_file)
    return 0


def written(path: Path, text: str) -> None:
    """Write the file whole (bytes no encoding holds become `?`), or say why not (exit 2)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="replace")
    except OSError as error:
        raise BadInput(
            f"cannot write {path}: {error.strerror}", hint="choose another --output"
        ) from error
    output.note(f"wrote {path}")


def opened(path: Path) -> None:
    """Open the page in the browser; without one, say where the page is."""
    import webbrowser

    if not webbrowser.open(path.resolve().as_uri()):
        output.note(f"no browser could be started: open {path} yourself")
