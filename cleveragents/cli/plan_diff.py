"""`agents plan diff`: what files decisions changed."""

from __future__ import annotations

import shutil
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from cleveragents.cli import output, pager
from cleveragents.cli.options import Json, PlanOption, services
from cleveragents.errors import BadInput, GitFailed

if TYPE_CHECKING:  # pydantic's models are imported when a command runs, not for `--help`
    from collections.abc import Callable

    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.domain.diff import FileDiff


def diff(
    ctx: typer.Context,
    first: Annotated[str, typer.Argument(metavar="D", help="The decision (an id, or PLAN:ID).")],
    second: Annotated[
        str | None,
        typer.Argument(
            metavar="D2",
            help="Compare the files before D with those before D2.",
            show_default=False,
        ),
    ] = None,
    worktree: Annotated[
        bool,
        typer.Option("--worktree", help="Compare the files before D with the working tree now."),
    ] = False,
    stat: Annotated[
        bool, typer.Option("--stat", help="A line per file changed with a graph, as git's.")
    ] = False,
    name_only: Annotated[
        bool, typer.Option("--name-only", help="Only the paths of the files changed.")
    ] = False,
    no_pager: Annotated[
        bool, typer.Option("--no-pager", help="Never page the output on a terminal.")
    ] = False,
    plan: PlanOption = None,
    json: Json = False,
) -> int:
    """Show the files a decision changed, or how they differ between two points.

    \b
      agents plan diff D             what D changed: the files before D to those after D
      agents plan diff D D2          the files before D to the files before D2
      agents plan diff D --worktree  the files before D to the working tree now

    A decision's "before" files are what a revert to it restores. On a terminal the diff
    is coloured and paged as git does (GIT_PAGER, core.pager, PAGER, then less), and the
    control characters of file contents are shown escaped (\\x1b, \\r), paged or not;
    piped, it is git's exact bytes, which `git apply` takes. --json gives the files
    changed, with their status, and the patch as git's text.
    """
    if stat and name_only:
        raise BadInput("choose --stat or --name-only, not both")
    parts = {"counts", "patch"} if json else {"stat"} if stat else set() if name_only else {"patch"}
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else 80
    with services(ctx) as s:
        found = s.inspection.diff(
            plan, first, second, worktree=worktree, parts=frozenset(parts), stat_width=width
        )
        repo = s.repo
    if json:
        output.emit_json(_document(found))
        return 0
    if found.note:
        output.note(found.note)
    if not found.files:
        output.note(f"no file differs from {found.start.describe()} to {found.end.describe()}")
        return 0
    text = _text(found, stat, name_only, sys.stdout.isatty(), lambda: _quote_path(repo))
    pager.page(text, not no_pager, lambda: repo.config("core.pager"), repo.root)
    return 0


def _text(
    found: FileDiff, stat: bool, name_only: bool, terminal: bool, quote_high: Callable[[], bool]
) -> str:
    """The diff as shown: on a `terminal` a file's control characters are written as their
    escapes (whatever pager shows it), and only our colours act on it; else git's bytes,
    names quoted as `git diff --name-only` quotes them (core.quotePath: `quote_high`)."""
    from cleveragents.adapters.render.diff import colored_patch, colored_stat
    from cleveragents.domain.diff import git_quoted
    from cleveragents.domain.shown_text import visible

    if name_only:
        if terminal:
            return visible("".join(f"{changed.path}\n" for changed in found.files))
        high = quote_high()
        return "".join(f"{git_quoted(changed.path, high)}\n" for changed in found.files)
    text = found.stat if stat else found.patch
    if terminal:
        text = visible(text)
    if output.colour():
        text = colored_stat(text) if stat else colored_patch(text)
    return text if text.endswith("\n") else text + "\n"


def _quote_path(repo: GitRepository) -> bool:
    """The repository's core.quotePath as git reads it (true where unset or not a bool)."""
    try:
        return repo.git("config", "--type=bool", "--get", "core.quotePath").strip() != "false"
    except GitFailed:
        return True


def _document(found: FileDiff) -> dict[str, object]:
    return {
        "plan": found.plan_id,
        "from": found.start.model_dump(mode="json"),
        "to": found.end.model_dump(mode="json"),
        "note": found.note,
        "files": [changed.model_dump(mode="json") for changed in found.files],
        "patch": found.patch,
    }
