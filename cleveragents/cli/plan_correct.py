"""`agents plan correct|ops`: send a plan back to a decision; list the operations (undo is
`plan_undo.py`)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cleveragents.cli import output
from cleveragents.cli.collector import uncollected
from cleveragents.cli.options import (
    Allow,
    AllowNetwork,
    DryRun,
    Headed,
    Json,
    NoSandbox,
    PassEnvAgain,
    PlanOption,
    TrustPlan,
    Yes,
    approve_on_terminal,
    asking,
    command_line,
    services,
    trusting,
)
from cleveragents.cli.plan_outcome import finished
from cleveragents.cli.restore_prompts import (
    CorrectionPrompts,
    Merge,
    Mine,
    Theirs,
    conflicts_left,
    resolution,
    show_files,
)
from cleveragents.domain.shown_text import visible
from cleveragents.errors import BadInput

if TYPE_CHECKING:
    from cleveragents.application.correction_plan import CorrectionPlan, CorrectionResult
    from cleveragents.bootstrap import Services
    from cleveragents.domain.plan import Plan


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
    headed: Headed = False,
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
    edited since the run, it is the one re-executed (a command or an action the edit adds,
    changes, moves or removes is asked about first, refused without a terminal unless
    --trust-plan). A safety checkpoint comes first:
    `agents plan undo` brings back the working tree as it was, your own edits included.
    What a superseded decision did outside the working tree (marked irreversible: a write
    elsewhere, the network, a process left running) stays; it is named before anything is
    restored, and without a terminal to ask on the correction then needs --yes.

    A Claude Code plan goes back to one of its tool calls: only that call and the later ones
    are superseded, and Claude Code goes on with the guidance in a fork of its session cut
    just before the call (the original session stays as it was); with --restore files, or
    --mode=append, it goes on in its latest session instead.
    """
    with uncollected():  # the correction's modules, left out of every later collection
        from cleveragents.application.correction_plan import CorrectionPlan, CorrectionRequest
        from cleveragents.cli.progress import Progress
        from cleveragents.domain.correction import CorrectionMode, Restore
        from cleveragents.domain.restore_scope import Resolution, Scope

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
        s.browser(headed, no_sandbox)
        if print_resume:
            _resumable(s.store.plan(plan), no_execute)
        request = CorrectionRequest(
            plan=plan,
            mode=CorrectionMode(mode.value),
            guidance=guidance or "",
            command=command_line(),
            decision=decision,
            restore=Restore(restore.value),
            scope=Scope(scope) if scope else None,
            resolution=resolution(theirs, mine, merge) if decision else Resolution.ASK,
            execute=not no_execute,
            dry_run=dry_run,
            pass_env=pass_env,
        )
        result = s.corrections.correct(request, CorrectionPrompts(json, yes))
        if isinstance(result, CorrectionPlan):
            return _show_preview(result, json)
        resume = f"claude --resume {result.plan.actor.session}" if print_resume else None
        return _rendered(s, result, json, quiet, yes, no_execute, resume)


def _resumable(plan: Plan, no_execute: bool) -> None:
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


def _rendered(
    s: Services,
    result: CorrectionResult,
    json: bool,
    quiet: bool,
    yes: bool,
    no_execute: bool,
    resume: str | None = None,
) -> int:
    """What a correction did, and its exit code: 3 while conflicts are left, 0 when it is
    recorded to re-execute later, else how the re-executed run ended."""
    from cleveragents.adapters.render.tree_json import tree_document

    for notice in result.notices:
        output.note(notice)
    files = result.preview.files

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


def _avoided(step: str, options: list[str]) -> str:
    taken = ", ".join(repr(o) for o in options)  # a name's control characters escaped
    return (
        f"step {step} is redone with another option than {taken} (the superseded branch's), "
        "unless the guidance names it or none is left; later steps choose as in a new run"
    )


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

    with services(ctx, reading=True) as s:
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
