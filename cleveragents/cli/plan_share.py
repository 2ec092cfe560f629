"""`agents plan push|pull REMOTE [PLAN...]` and `agents plan export|import`: plans that
travel between clones through git."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json, command_line, services
from cleveragents.cli.output_path import unlinked

if TYPE_CHECKING:
    from cleveragents.application.plan_sharing import Shared

Remote = Annotated[
    str,
    typer.Argument(
        metavar="REMOTE",
        help="A remote of `git remote -v`, a URL (ssh://, https://, file://, git://) or a path.",
    ),
]
Plans = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="[PLAN]...",
        help="Plan ids or unique prefixes; every plan by default.",
        show_default=False,
    ),
]

WHAT = """\b
What travels: the plan's checkpoints (refs/cleveragents/plans/ID) and its records
(refs/cleveragents/records/ID: decisions, corrections, operations, the conversation,
what the actor knew, usage), as git objects. Only those refs are fetched or pushed:
never your branches, tags, index, HEAD or stash, and no hook of yours runs. git uses
your remotes and credentials (a credential helper or ssh agent: it asks for nothing).
"""


WithReads = Annotated[
    bool,
    typer.Option(
        "--with-ignored-reads",
        help="Send a plan whose records or Claude Code session files hold what was read of "
        "your ignored files (a .env): refused without it (exit 3).",
    ),
]


def _force(what: str) -> Any:
    """`--force`, saying what it does to a plan that changed on both sides."""
    return typer.Option("--force", help=what)


def push(
    ctx: typer.Context,
    remote: Remote,
    plans: Plans = None,
    force: Annotated[
        bool,
        _force(
            "Push a plan that changed there too, ours on top: theirs stays in the records' history."
        ),
    ] = False,
    with_ignored_reads: WithReads = False,
    json: Json = False,
) -> int:
    """Send plans to a git remote, for another clone to pull (and correct) them.

    What travels: records, checkpoints of tracked and untracked files, a Claude Code
    plan's session files. What never travels: ignored files, nested repositories' .git,
    files saved for undo. A plan whose records or session hold what was read of an ignored
    file (`cat .env`'s output) is refused (exit 3), naming the files, unless
    --with-ignored-reads.

    A plan that changed on the remote since this clone last pushed or pulled it is
    refused (exit 3), naming the decisions that differ: pull it first, or --force.
    """
    with services(ctx) as s:
        done = s.sharing().push(remote, plans or [], force, command_line(), with_ignored_reads)
    return _report(done, json, f"to {remote}", remote)


def pull(
    ctx: typer.Context,
    remote: Remote,
    plans: Plans = None,
    force: Annotated[
        bool,
        _force(
            "Take a plan that changed here too, theirs replacing ours. "
            "`agents plan undo` brings ours back."
        ),
    ] = False,
    json: Json = False,
) -> int:
    """Take plans from a git remote: new ones appear in `agents plan list`, known ones are
    brought up to date. Then correct them here as any plan.

    Updating a plan is an operation `agents plan undo` reverses. A plan that changed both
    here and there since they last met is refused (exit 3), naming the decisions that
    differ, and nothing is changed: push it first from the other side, or --force to
    take theirs. Files of the working tree are not touched.
    """
    with services(ctx) as s:
        done = s.sharing().pull(remote, plans or [], force, command_line())
    return _report(done, json, f"from {remote}", remote)


def export(
    ctx: typer.Context,
    plan: Annotated[str, typer.Argument(metavar="PLAN", help="Plan id or a unique prefix.")],
    file: Annotated[Path, typer.Argument(metavar="FILE", help="The file to write (a git bundle).")],
    with_ignored_reads: WithReads = False,
    json: Json = False,
) -> int:
    """Write a plan into one file (a git bundle), for a CI artefact or a mail.

    Like a push, it holds no ignored file, nested repository's .git or file saved for undo,
    and a plan that read an ignored file is refused unless --with-ignored-reads.
    FILE is never written through a link (FILE itself, or a folder of it in the working tree).

    `agents plan import FILE` in any clone of the repository takes it, as a pull would.
    """
    unlinked(file, ctx.obj)
    with services(ctx) as s:
        done = s.sharing().export(plan, file, command_line(), with_ignored_reads)
    if json:
        output.emit_json({"plan": done.plan, "file": str(file), "decisions": done.decisions})
        return 0
    output.show(f"wrote plan {done.plan} ({done.decisions} decisions) to {file}")
    return 0


def import_(
    ctx: typer.Context,
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A file `agents plan export` wrote.")
    ],
    force: Annotated[
        bool,
        _force(
            "Take a plan that changed here too, replacing ours. `agents plan undo` brings "
            "ours back."
        ),
    ] = False,
    json: Json = False,
) -> int:
    """Take the plan of a file `agents plan export` wrote, as `agents plan pull` would."""
    with services(ctx) as s:
        done = s.sharing().import_(file, force, command_line())
    return _report(done, json, f"from {file}", str(file))


SAID = {
    "pushed": "pushed plan {plan} ({n} decisions) {where}",
    "up to date": "plan {plan} is up to date with {remote}",
    "new": "pulled plan {plan} ({n} decisions) {where}: new here",
    "updated": "updated plan {plan} ({n} decisions) {where}",
    "replaced": "replaced plan {plan} with its records {where} ({n} decisions)",
    "behind": "plan {plan} changed on {remote} since this clone last met it, and not here: "
    "nothing to push (`agents plan pull` takes theirs)",
    "ahead": "plan {plan} changed here since it last met {remote}, which has nothing newer "
    "(`agents plan push` sends it)",
}


def _report(done: list[Shared], json: bool, where: str, remote: str) -> int:
    if json:
        output.emit_json(
            {
                "plans": [
                    {
                        "plan": d.plan,
                        "result": d.result.replace(" ", "_"),
                        "decisions": d.decisions,
                        "operation": str(d.operation) if d.operation is not None else None,
                    }
                    for d in done
                ]
            }
        )
        return 0
    if not done:
        output.show(f"no plan {where}")
    for d in done:
        line = SAID[d.result].format(plan=d.plan, n=d.decisions, where=where, remote=remote)
        if d.operation is not None:
            line += f"; `agents plan undo {d.operation}` brings back what it had"
        output.show(line)
    if any(d.result == "new" for d in done):
        output.note(
            "a pulled plan's files are in its checkpoints, not in this working tree: "
            "`agents plan restore D` puts them here, and `agents plan correct` restores the "
            "whole tree as at the decision until the plan is changed here"
        )
    return 0
