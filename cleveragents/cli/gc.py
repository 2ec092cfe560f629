"""`agents gc`: free the disk deleted plans (and the retention policy's) held."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json, command_line, services

if TYPE_CHECKING:
    from cleveragents.application.garbage_collection import Collected


def gc(
    ctx: typer.Context,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Say what would be freed; change nothing.")
    ] = False,
    prune_now: Annotated[
        bool,
        typer.Option(
            "--prune-now",
            help="Free the objects now, however young (as `git gc --prune=now`): a "
            "repository borrowing them (`git clone --shared`) may lose them.",
        ),
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

    The browser's kept files (page states, screenshots, cookies and storage, under
    <git-dir>/cleveragents/browser) that no plan left names go too.
    Looks held for a recorded Claude Code session's Bash calls that never finished (killed)
    go too: those of deleted plans, and those older than the grace period below.

    Never touches your branches, tags, stash, index, reflogs or git settings, and does not
    run `git gc`: only loose objects that nothing of yours, and no other plan, reaches are
    removed. Objects already in packs stay (`git gc` packs and prunes them by your rules).

    The plans' refs go at once, their loose objects after a grace period, as git's own gc
    keeps them: the repository's gc.pruneExpire (two weeks unless set; `now`, `never`),
    counted from when gc dropped the plan, since a `git clone --shared` of this repository
    may use them. A later `agents gc` frees them; `--prune-now` frees them at once.
    """
    with services(ctx) as s:
        done = s.garbage().collect(dry_run, command_line(), prune_now)
    if json:
        output.emit_json(asdict(done))
        return 0
    plans = [*done.deleted, *done.expired]
    verb = "would drop" if dry_run else "dropped"
    if done.looks:
        noun = "look" if done.looks == 1 else "looks"
        output.show(
            f"{verb} {done.looks} held {noun} of Claude Code calls no session will finish "
            "(of deleted plans, or older than the grace period)"
        )
    if plans:
        why = [f"{p} (deleted)" for p in done.deleted] + [f"{p} (retention)" for p in done.expired]
        noun = "plan" if len(plans) == 1 else "plans"
        output.show(f"{verb} {len(plans)} {noun}: {', '.join(why)}")
    elif not done.objects and not done.kept_recent:
        if not done.looks and not done.page_files:
            output.show(
                "nothing to free: no deleted plan, and the retention policy keeps every plan"
            )
        _pages(done, verb)
        return 0
    size = output.disk_size
    if plans:
        output.show(
            f"{verb} {done.objects} loose objects ({size(done.object_bytes)}) and about "
            f"{size(done.row_bytes)} of records; {size(done.object_bytes + done.row_bytes)} in all"
        )
    else:
        output.show(
            f"{verb} {done.objects} loose objects ({size(done.object_bytes)}) of plans dropped "
            "earlier, past the grace period"
        )
    if done.packed:
        output.show(f"{done.packed} objects only they reached are in packs and stay")
    if done.kept_recent:
        output.printed(_kept(done))  # gc.pruneExpire is the user's text: never markup
    _pages(done, verb)
    return 0


def _pages(done: Collected, verb: str) -> None:
    """The line on the browser's kept files (pages, screenshots, cookies) no plan names."""
    if done.page_files:
        files = "file" if done.page_files == 1 else "files"
        output.show(
            f"{verb} {done.page_files} browser {files} ({output.disk_size(done.page_bytes)}: "
            "page states, screenshots, cookies and storage) no plan names"
        )


def _kept(done: Collected) -> str:
    """The line on the loose objects the grace keeps (or a git wrote while gc ran)."""
    if done.grace == "now":
        return f"{done.kept_recent} objects written again while gc ran were kept"
    stay = f"{done.kept_recent} loose objects deleted plans held stay"
    now = "`agents gc --prune-now` frees them now"
    if done.grace == "never" or done.free_after is None:
        return f"{stay}: gc.pruneExpire is never; {now}"
    when = done.free_after.replace("T", " ").replace("+00:00", " UTC")
    return (
        f"{stay} for the grace period (gc.pruneExpire {done.grace}): `agents gc` frees them "
        f"after {when}; {now}"
    )
