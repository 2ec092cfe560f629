"""What a restore asks and tells: the conflict flags (`--theirs|--mine|--merge`), the question
on a terminal, and the groups of files a correction, resume or restore puts back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import asking, confirm
from cleveragents.domain.shown_text import visible
from cleveragents.errors import BadInput, Cancelled, ConflictingState

if TYPE_CHECKING:
    from cleveragents.application.correction_plan import CorrectionPlan, CorrectionRequest
    from cleveragents.application.file_restore import FilesPlan
    from cleveragents.domain.decision import Decision
    from cleveragents.domain.restore_scope import Resolution

Theirs = Annotated[
    bool,
    typer.Option("--theirs", help="On a conflict, take the checkpoint's version of the file."),
]
Mine = Annotated[bool, typer.Option("--mine", help="On a conflict, keep your version.")]
Merge = Annotated[
    bool,
    typer.Option(
        "--merge",
        help="On a conflict, merge your edits with the restore (text files; conflict "
        "markers are left in place, listed, and the exit code is 3 while any remain).",
    ),
]


def resolution(theirs: bool, mine: bool, merge: bool) -> Resolution:
    """The conflict resolution the flags choose (at most one of them)."""
    from cleveragents.domain.restore_scope import Resolution

    chosen = [r for r, on in ((Resolution.THEIRS, theirs), (Resolution.MINE, mine)) if on]
    chosen += [Resolution.MERGE] if merge else []
    if len(chosen) > 1:
        raise BadInput("choose one of --theirs, --mine and --merge")
    return chosen[0] if chosen else Resolution.ASK


def ask_resolution(preview: CorrectionPlan, chosen: Resolution, yes: bool) -> Resolution:
    """On a terminal, ask how to settle the conflicts no flag settled; else leave it to the
    service, which refuses them (exit 3)."""
    return chosen if preview.files is None else ask_for(preview.files, chosen, yes)


def ask_for(files: FilesPlan, chosen: Resolution, yes: bool) -> Resolution:
    """`ask_resolution` of a restore's files (a correction's, a resume's or an undo's)."""
    from cleveragents.domain.restore_scope import Resolution

    if not files.groups.conflicts or chosen is not Resolution.ASK or not asking(yes):
        return chosen
    answer = ""
    while answer not in ("theirs", "mine", "merge", "abort"):
        answer = typer.prompt(
            "You changed the conflicting files too: take the checkpoint's (theirs), keep "
            "yours (mine), merge, or abort?",
            default="abort",
        ).strip()
    if answer == "abort":
        raise Cancelled("nothing changed: the restore was declined")
    return Resolution(answer)


def refused(preview: CorrectionPlan, chosen: Resolution) -> bool:
    """Whether the restore will be refused: conflicts, and nobody chose what to do."""
    from cleveragents.domain.restore_scope import Resolution

    files = preview.files
    return files is not None and bool(files.groups.conflicts) and chosen is Resolution.ASK


def conflicts_left(paths: list[str], then: str | None) -> int:
    """Exit 3 naming the files a merge left with markers (or could not merge)."""
    next_step = f"resolve them, then run `{then}`" if then else "resolve them"
    files = "1 file still has" if len(paths) == 1 else f"{len(paths)} files still have"
    output.error_line(
        f"{files} conflicts: {', '.join(paths)} "
        f"({next_step}; `agents plan undo` puts everything back)"
    )
    return 3


def show_files(preview: CorrectionPlan, done: bool = True) -> None:
    """The three groups of a restore's files, each path on a line of its own.

    `done` False (a dry run, the question, a refusal): the restored group is worded as what
    would be restored, since nothing was.
    """
    files = preview.files
    if files is None:
        return
    from cleveragents.domain.restore_scope import Scope

    groups = files.groups
    held = groups.withheld
    undone = "the agent's changes undone" if preview.scope is Scope.AGENT else "as at the decision"
    output.path_groups(
        (
            (f"{'' if done else 'would be '}restored ({undone})", groups.restored),
            ("kept (your edits, not touched)", [p for p in groups.kept if p not in held]),
            ("conflicts (changed by you and by the agent)", groups.conflicts),
        )
    )
    if groups.not_written:
        output.path_groups([("not written (never in this clone)", groups.not_written)])
    for path, why in sorted(held.items()):  # a pulled plan's: never written here
        output.show(f"kept: {visible(path, one_line=True)} ({why})")
    if files.plan_file:
        shown = visible(files.plan_file, one_line=True)
        output.show(f"the plan file {shown} is yours: never restored")


class CorrectionPrompts:
    """What `agents plan correct` tells and asks between its preview and its changes: on a
    terminal the files and a question; without one (or with --yes) nothing is asked, and
    conflicts no flag settles are refused (exit 3)."""

    def __init__(self, json: bool, yes: bool) -> None:
        self.json = json
        self.yes = yes

    def previewed(self, preview: CorrectionPlan, request: CorrectionRequest) -> None:
        from cleveragents.domain.restore_scope import Scope

        if request.scope is None and preview.scope is Scope.FULL and not self.json:
            output.note(
                f"plan {preview.plan.id} was pulled and not yet changed in this clone: the "
                "whole working tree goes back as at the decision (--restore-scope full)"
            )

    def settle(
        self, preview: CorrectionPlan, request: CorrectionRequest, chosen: Resolution
    ) -> Resolution:
        say_outside(preview, self.yes)
        if asking(self.yes) and not self.json:
            show_files(preview, done=False)  # before the question; else after it is done
        chosen = ask_resolution(preview, chosen, self.yes)
        if refused(preview, chosen) and not self.json:
            show_files(preview, done=False)  # it is refused: say which files and why
        across_sent_data(preview.affected, self.yes)
        what = {"both": "files and context", "files": "files", "context": "context"}
        confirm(
            f"Restore the {what[request.restore.value]} of plan {preview.plan.id} to decision "
            f"{request.decision}?",
            self.yes,
        )
        return chosen


def say_outside(preview: CorrectionPlan, yes: bool) -> None:
    """Before anything is restored: what the superseded decisions did outside the working
    tree, which stays. Asked about on a terminal; without one, only --yes goes on."""
    found = preview.outside_tree
    for d, effect in found:
        shown = visible(d.summary, one_line=True)
        output.note(f"decision {d.id} ({shown}) {effect}: no restore undoes that")
    if found and not yes and not asking(yes):
        raise Cancelled(
            f"nothing changed: {len(found)} of the decisions this correction supersedes had "
            "effects outside the working tree, which stay",
            hint="pass --yes to correct anyway",
        )


def across_sent_data(affected: list[Decision], yes: bool) -> None:
    """A correction across a page action that changed a server's data (a POST, ...) warns
    and asks on a terminal; without one it is refused unless --yes (issue 27)."""
    if not any(d.page for d in affected):
        return  # no page was open: nothing sent (and the page's rules stay unimported)
    from cleveragents.domain.action_reverter import sent_data

    sent = sent_data([(d.id, d.page) for d in affected])
    if not sent:
        return
    said = f"decision {', '.join(sent)} sent data to a server; no correction undoes that"
    if asking(yes):
        output.note(said)
        confirm("Correct it anyway?", yes, "the correction across sent data was declined")
    elif not yes:
        raise ConflictingState(f"{said}: nothing changed", hint="pass --yes to correct anyway")
