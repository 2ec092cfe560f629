"""`agents gc`: free the disk deleted plans (and the retention policy's) held."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json, command_line, services


def gc(
    ctx: typer.Context,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Say what would be freed; change nothing.")
    ] = False,
    json: Json = False,
) -> int:
    """Drop deleted plans for good: their checkpoint refs, rows and the loose objects
    nothing else reaches. It cannot be undone.

    \b
    Retention, in <git-dir>/cleveragents/config.toml (applied here, never elsewhere):
      keep_plans = 20    # the 20 newest plans are kept
      keep_days = 30     # so are plans changed in the last 30 days
    Only completed, failed or cancelled plans are subject to it, and one is dropped only
    when no rule keeps it; stopped or interrupted plans stay (they can be resumed).

    Never touches your branches, tags, stash, index, reflogs or git settings, and does not
    run `git gc`: only loose objects that nothing of yours, and no other plan, reaches are
    removed. Objects already in packs stay (`git gc` packs and prunes them by your rules).
    """
    with services(ctx) as s:
        done = s.garbage().collect(dry_run, command_line())
    if json:
        output.emit_json(asdict(done))
        return 0
    plans = [*done.deleted, *done.expired]
    verb = "would drop" if dry_run else "dropped"
    if not plans:
        output.show("nothing to free: no deleted plan, and the retention policy keeps every plan")
        return 0
    why = [f"{p} (deleted)" for p in done.deleted] + [f"{p} (retention)" for p in done.expired]
    noun = "plan" if len(plans) == 1 else "plans"
    output.show(f"{verb} {len(plans)} {noun}: {', '.join(why)}")
    size = output.disk_size
    output.show(
        f"{verb} {done.objects} loose objects ({size(done.object_bytes)}) and about "
        f"{size(done.row_bytes)} of records; {size(done.object_bytes + done.row_bytes)} in all"
    )
    if done.packed:
        output.show(f"{done.packed} objects only they reached are in packs and stay")
    if done.kept_recent:
        output.show(f"{done.kept_recent} objects written again while gc ran were kept")
    return 0
