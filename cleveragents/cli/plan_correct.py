"""`agents plan correct|ops`: send a plan back to a decision; list the operations (undo is
`plan_undo.py`)."""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cleveragents.cli import output
from cleveragents.cli.options import (
    Allow,
    AllowNetwork,
    DryRun,
    Json,
    NoSandbox,
    PassEnvAgain,
    PlanOption,
    TrustPlan,
    Yes,
    approve_on_terminal,
    asking,
    command_line,
    confirm,
    services,
    trusting,
)
from cleveragents.domain.shown_text import visible
from cleveragents.errors import BadInput, Cancelled, ConflictingState

if TYPE_CHECKING:
    from cleveragents.application.correction_service import CorrectionPlan
    from cleveragents.application.file_restore import FilesPlan
    from cleveragents.domain.restore_scope import Resolution


class Mode(StrEnum):
    revert = "revert"
    append = "append"


class RestoreChoice(StrEnum):
    both = "both"
    files = "files"
    context = "context"


class ScopeChoice(StrEnum):
    agent = "agent"
    full = "full"


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


def correct(
    ctx: typer.Context,
    mode: Annotated[
        Mode,
        typer.Option(
            "--mode",
            help="revert: go back to --decision and redo "
            "what depends on it; append: add guidance at the head.",
        ),
    ],
    decision: Annotated[
        str | None,
        typer.Option(
            "--decision", "-d", show_default=False, help="The decision to go back to (revert)."
        ),
    ] = None,
    plan: PlanOption = None,
    guidance: Annotated[
        str | None,
        typer.Option(
            "--guidance", "-g", show_default=False, help="What the agent should do differently."
        ),
    ] = None,
    restore: Annotated[
        RestoreChoice,
        typer.Option("--restore", help="What goes back: the files, the agent's context, or both."),
    ] = RestoreChoice.both,
    scope: Annotated[
        ScopeChoice | None,
        typer.Option(
            "--restore-scope",
            help="agent: put back only the files the superseded decisions changed, keeping "
            "your other edits; full: the whole working tree as at the decision. Default: "
            "agent, or full for a plan pulled from another clone and not yet changed here "
            "(this working tree holds none of its work).",
            show_default=False,
        ),
    ] = None,
    theirs: Theirs = False,
    mine: Mine = False,
    merge: Merge = False,
    dry_run: DryRun = False,
    no_execute: Annotated[
        bool,
        typer.Option(
            "--no-execute",
            help="Record the correction; re-execute later with `agents plan resume`.",
        ),
    ] = False,
    yes: Yes = False,
    pass_env: PassEnvAgain = None,
    json: Json = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print only the final lines.")
    ] = False,
    allow: Allow = None,
    network: AllowNetwork = False,
    no_sandbox: NoSandbox = False,
    trust_plan: TrustPlan = False,
    print_resume: Annotated[
        bool,
        typer.Option(
            "--print-resume",
            help="Claude Code plans: print the `claude --resume SESSION` line that goes on "
            "with the corrected session in Claude Code itself.",
        ),
    ] = False,
) -> int:
    """Correct a plan: back to a decision with guidance, then re-execute only what depends on it.

    \b
    agents plan correct --mode=revert --decision 7 --guidance "use PostgreSQL, not SQLite"
    agents plan correct --mode=append --guidance "also update the README"

    A revert restores the files and the agent's context to what they were before the
    decision, marks it and everything after it superseded, records the guidance, re-enters
    Strategize and re-executes. Only the files the agent changed go back: your own edits
    stay (a file you both changed is a conflict: asked about on a terminal, refused with
    exit 3 without one unless --theirs, --mine or --merge). The plan file is never restored;
    edited since the run, it is the one re-executed. A safety checkpoint comes first:
    `agents plan undo` brings back the working tree as it was, your own edits included.
    What a superseded decision did outside the working tree (marked irreversible: a write
    elsewhere, the network, a process left running) stays; it is named before anything is
    restored, and without a terminal to ask on the correction then needs --yes.

    A Claude Code plan goes back to one of its tool calls: only that call and the later ones
    are superseded, and Claude Code goes on with the guidance in a fork of its session cut
    just before the call (the original session stays as it was); with --restore files, or
    --mode=append, it goes on in its latest session instead.
    """
    from cleveragents.adapters.render.tree_json import tree_document
    from cleveragents.cli.plan import finished
    from cleveragents.cli.progress import Progress
    from cleveragents.domain.correction import Restore
    from cleveragents.domain.restore_scope import Scope

    if mode is Mode.revert and decision is None:
        raise BadInput("--mode=revert needs --decision", hint="see `agents plan tree` for ids")
    if mode is Mode.append and (decision is not None or not guidance):
        raise BadInput(
            "--mode=append takes --guidance and no --decision",
            hint="to go back to a decision, use --mode=revert",
        )
    with (
        Progress(not (json or quiet)) as progress,
        services(ctx, progress, progress.pausing(approve_on_terminal)) as s,
    ):
        trusting(s, progress, allow, network, no_sandbox, trust_plan, pass_env)
        if print_resume:
            _resumable(s.store.plan(plan), no_execute)
        if mode is Mode.append:
            assert guidance is not None
            result = s.corrections.append(plan, guidance, not no_execute, command_line(), pass_env)
        else:
            assert decision is not None
            chosen = resolution(theirs, mine, merge)
            preview = s.corrections.preview(plan, decision, Scope(scope) if scope else None)
            if scope is None and preview.scope is Scope.FULL and not json:
                output.note(
                    f"plan {preview.plan.id} was pulled and not yet changed in this clone: the "
                    "whole working tree goes back as at the decision (--restore-scope full)"
                )
            if restore is RestoreChoice.context:
                preview = replace(preview, files=None)
            if dry_run:
                return _show_preview(preview, json)
            say_outside(preview, yes)
            if asking(yes) and not json:
                show_files(preview, done=False)  # before the question; else after it is done
            chosen = ask_resolution(preview, chosen, yes)
            if refused(preview, chosen) and not json:
                show_files(preview, done=False)  # it is refused: say which files and why
            _across_sent_data(preview.affected, yes)
            confirm(
                f"Restore the {_what(restore.value)} of plan {preview.plan.id} to decision "
                f"{decision}?",
                yes,
            )
            result = s.corrections.revert(
                plan,
                decision,
                guidance or "",
                Restore(restore.value),
                not no_execute,
                command_line(),
                preview=preview,
                scope=preview.scope,
                resolution=chosen,
                pass_env=pass_env,
            )
        for notice in result.notices:
            output.note(notice)
        files = result.preview.files

        resume = f"claude --resume {result.plan.actor.session}" if print_resume else None

        def doc() -> dict[str, Any]:
            return {
                "resume": resume,
                "correction": result.correction.model_dump(mode="json"),
                "files_changed": result.preview.changed_paths,
                "files": files.groups.as_json() if files else None,
                "conflicts_left": result.conflicts_left,
                "options_avoided": result.avoided,
                "actor_calls": result.actor_calls,
                **tree_document(*s.inspection.tree(result.plan.id)),
            }

        if not json:
            c = result.correction
            output.show(
                f"correction {c.id} of plan {c.plan_id}: {len(c.affected)} decisions "
                f"superseded, {result.actor_calls} actor calls to re-execute"
            )
            for step, options in result.avoided.items():
                if not quiet:
                    output.show(_avoided(step, options), soft_wrap=True)
            if not (quiet or asking(yes)):
                show_files(result.preview)
        if result.conflicts_left:
            if json:
                output.emit_json(doc())
            return conflicts_left(result.conflicts_left, f"agents plan resume {result.plan.id}")
        if no_execute:
            if json:
                output.emit_json(doc())
            else:
                output.show(f"re-execute it with `agents plan resume {result.plan.id}`")
            return 0
        code = finished(result.plan, json, doc)
        if resume and not json:
            output.show(resume)
        return code


def _resumable(plan: Any, no_execute: bool) -> None:
    """`--print-resume` is for a Claude Code plan whose correction runs now: Claude Code
    cuts a session at a message only when it runs headless (`--resume-session-at` is a
    `--print` option), so a fork made for later has no session to print yet."""
    if plan.actor.kind != "claude-code":
        raise BadInput(f"--print-resume: plan {plan.id} is no Claude Code session")
    if no_execute:
        raise BadInput(
            "--print-resume needs the correction to run: Claude Code forks a session at a "
            "message only while it runs headless",
            hint="leave out --no-execute; then go on in the printed session",
        )


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


def resolution(theirs: bool, mine: bool, merge: bool) -> Resolution:
    """The conflict resolution the flags choose (at most one of them)."""
    from cleveragents.domain.restore_scope import Resolution

    chosen = [r for r, on in ((Resolution.THEIRS, theirs), (Resolution.MINE, mine)) if on]
    chosen += [Resolution.MERGE] if merge else []
    if len(chosen) > 1:
        raise BadInput("choose one of --theirs, --mine and --merge")
    return chosen[0] if chosen else Resolution.ASK


def _across_sent_data(affected: list[Any], yes: bool) -> None:
    """A correction across a page action that changed a server's data (a POST, ...) warns
    and asks on a terminal; without one it is refused unless --yes (issue 27)."""
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


def _avoided(step: str, options: list[str]) -> str:
    taken = ", ".join(repr(o) for o in options)  # a name's control characters escaped
    return (
        f"step {step} is redone with another option than {taken} (the superseded branch's), "
        "unless the guidance names it or none is left; later steps choose as in a new run"
    )


def _what(restore: str) -> str:
    return {"both": "files and context", "files": "files", "context": "context"}[restore]


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
    undone = "the agent's changes undone" if preview.scope is Scope.AGENT else "as at the decision"
    output.path_groups(
        (
            (f"{'' if done else 'would be '}restored ({undone})", groups.restored),
            ("kept (your edits, not touched)", groups.kept),
            ("conflicts (changed by you and by the agent)", groups.conflicts),
        )
    )
    if files.plan_file:
        shown = visible(files.plan_file, one_line=True)
        output.show(f"the plan file {shown} is yours: never restored")


def _show_preview(preview: CorrectionPlan, json: bool) -> int:
    from cleveragents.adapters.render.labels import headline

    affected = [
        d.model_dump(mode="json", include={"id", "kind", "summary"}) for d in preview.affected
    ]
    if json:
        output.emit_json(
            {
                "dry_run": True,
                "plan": preview.plan.id,
                "affected": affected,
                "files_changed": preview.changed_paths,
                "files": preview.files.groups.as_json() if preview.files else None,
                "outside_tree": [
                    {"id": d.id, "summary": d.summary, "effect": effect}
                    for d, effect in preview.outside_tree
                ],
            }
        )
        return 0
    assert preview.target is not None
    output.show(
        f"dry run: a revert of plan {preview.plan.id} to decision {preview.target.id} "
        f"would supersede {len(affected)} decisions:"
    )
    for d in preview.affected:
        kind, rest = headline(d)
        output.show(f"  #{d.id}  {kind} · {visible(rest, one_line=True)}", soft_wrap=True)
    output.show(f"and change {len(preview.changed_paths)} files:")
    show_files(preview, done=False)
    for d, effect in preview.outside_tree:
        output.show(f"  #{d.id} {effect}: no restore undoes that", soft_wrap=True)
    return 0


def ops(ctx: typer.Context, plan: PlanOption = None, json: Json = False) -> int:
    """List the operations: every command that changed files or plan state, oldest first."""
    from rich.table import Table

    from cleveragents.domain.undo import undone_by

    with services(ctx) as s:
        found = s.inspection.operations(plan)
        elsewhere = {op.id for op in found if not s.operations.made_here(op)}
    undone = undone_by(found)  # an undo is an operation of its target's plan
    if json:
        from cleveragents.domain.documents import operation_shown

        output.emit_json({"operations": [operation_shown(op, undone.get(op.id)) for op in found]})
        return 0
    table = Table("op", "plan", "kind", "status", "when", "what", box=None)
    for op in found:
        by = undone.get(op.id)
        what = visible(op.summary or op.command, one_line=True)  # a row an operation
        if op.id in elsewhere:
            what = f"{what} [made in another clone: undone there]"
        table.add_row(
            str(op.id),
            op.plan_id,
            op.kind,
            f"undone by {by}" if by else op.status.value,
            op.created_at.strftime("%Y-%m-%d %H:%M:%S"),
            what,
        )
    output.show(table)
    return 0


def register(app: typer.Typer) -> None:
    from cleveragents.cli.plan_undo import undo

    app.command("correct")(correct)
    app.command("undo")(undo)
    app.command("ops")(ops)
