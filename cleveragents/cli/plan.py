"""`agents plan run|resume`, and the `plan` command group that holds the others."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cleveragents.cli import (
    output,
    plan_correct,
    plan_delete,
    plan_inspect,
    plan_restore,
    plan_share,
)
from cleveragents.cli.app import PLAN_HELP
from cleveragents.cli.options import (
    Allow,
    AllowNetwork,
    BudgetCalls,
    BudgetReplans,
    BudgetRequests,
    BudgetRetries,
    BudgetTokens,
    BudgetUsd,
    Json,
    NoSandbox,
    PassEnv,
    PassEnvAgain,
    PlanRef,
    TrustPlan,
    approve_on_terminal,
    budget,
    command_line,
    services,
    trusting,
)
from cleveragents.cli.progress import Progress
from cleveragents.domain.shown_text import visible
from cleveragents.errors import BadInput

if TYPE_CHECKING:
    from collections.abc import Callable

    from cleveragents.domain.plan import Plan

app = typer.Typer(
    help=PLAN_HELP,
    no_args_is_help=True,
    rich_markup_mode=None,  # click's plain help: typer's rich help imports markdown_it
    add_completion=False,  # built on its own (`app.PlanGroup`): no completion options here
    context_settings={"help_option_names": ["-h", "--help"]},
)

EXAMPLE = """
Example plan file:

\b
    task: Make the greeting configurable
    goal:
      - run: python3 -c "import greet; assert greet.hello('x') == 'Hello, x!'"
    steps:
      - name: write the module
        options:              # alternatives, tried in order
          - name: lowercase
            actions:
              - write: greet.py
                content: "def hello(n):\\n    return 'hello, ' + n + '!'\\n"
          - name: titlecase
            when: [title, capital]    # preferred when a correction's guidance says so
            actions:
              - write: greet.py
                content: "def hello(n):\\n    return 'Hello, ' + n + '!'\\n"
        check:
          - run: python3 -c "import greet"

Actions: write (path, content), edit (path, find, replace), delete (path), run (command, timeout).
"""

Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="Print only the final line.")]


def finished(plan: Plan, json: bool, document: Callable[[], dict[str, Any]]) -> int:
    """Render the end of a run: exit 0 when completed, 4 when it stopped before the end
    (a budget ran out, the model's service failed: resumable), else 1.

    `document` is built only for `--json`: it reads and writes out every decision.
    """
    if json:
        output.emit_json(document())
    if plan.status.value == "stopped":
        if plan.exhausted:
            from cleveragents.domain.budget import raised_by

            flag = raised_by(plan.exhausted)
            more = f" {flag} N" if flag else ""
            how = f"continue with a larger budget: `agents plan resume {plan.id}{more}`"
            output.error_line(f"plan {plan.id} stopped: {plan.exhausted} ({how}, see --help)")
        else:
            output.error_line(
                f"plan {plan.id} {plan.outcome} (continue with `agents plan resume {plan.id}`)"
            )
        return 4
    if plan.status.value == "completed":
        if not json:
            output.show(f"plan {plan.id} completed: {plan.outcome}")
        return 0
    output.error_line(
        f"plan {plan.id} {plan.status.value}: {plan.outcome} (see `agents plan tree {plan.id}`)"
    )
    return 1


def _plan_file(start: Path, task: str) -> bool:
    """Whether a TASK is rather a plan file: it names a file that exists, or it is one word
    that looks like a path to one (ends in .yaml or .yml, or holds a `/`). A task for Claude
    is a sentence; a mistyped plan file must be refused as one, not sent to the model."""
    if (start / task).is_file():
        return True
    if not task or any(c.isspace() for c in task):
        return False
    return task.endswith((".yaml", ".yml")) or "/" in task


class ActorChoice(StrEnum):
    scripted = "scripted"
    anthropic = "anthropic"
    replay = "replay"
    claude_code = "claude-code"


@app.command("run", epilog=EXAMPLE)
def run(
    ctx: typer.Context,
    task: Annotated[
        str | None,
        typer.Argument(
            help="What Claude should do (it makes the plan; needs ANTHROPIC_API_KEY); "
            "or a plan file for the scripted actor, as with --script: a file that exists, "
            "or one word ending in .yaml/.yml or holding a / (refused if it is missing).",
            show_default=False,
        ),
    ] = None,
    script: Annotated[
        Path | None,
        typer.Option(
            "--script",
            "-s",
            show_default=False,
            help="A YAML plan file for the scripted actor: no network, no key.",
        ),
    ] = None,
    actor: Annotated[
        ActorChoice | None,
        typer.Option(
            "--actor",
            show_default=False,
            help="Who decides: scripted (with --script), anthropic or claude-code "
            "(Claude Code headless; pip install 'cleveragents[claude-code]') with a TASK.",
        ),
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            show_default=False,
            help="Claude model (default: CLEVERAGENTS_MODEL, else claude-sonnet-5-5).",
        ),
    ] = None,
    allow: Allow = None,
    network: AllowNetwork = False,
    no_sandbox: NoSandbox = False,
    pass_env: PassEnv = None,
    cassette: Annotated[
        Path | None,
        typer.Option(
            "--cassette",
            show_default=False,
            help="With --actor replay: the folder of recorded exchanges to replay.",
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            show_default=False,
            help="Save every exchange with Claude into this folder, for --actor replay.",
        ),
    ] = None,
    json: Json = False,
    quiet: Quiet = False,
    calls: BudgetCalls = None,
    replans: BudgetReplans = None,
    retries: BudgetRetries = None,
    requests: BudgetRequests = None,
    tokens: BudgetTokens = None,
    usd: BudgetUsd = None,
    drift: Annotated[
        float | None,
        typer.Option(
            "--drift-threshold",
            min=0,
            max=1,
            show_default=False,
            help="Below this similarity to the tree it was planned on, the actor is "
            "asked whether the plan still holds (default 0.7).",
        ),
    ] = None,
) -> int:
    """Run a plan on this working tree, with a checkpoint before every decision.

    \b
    agents plan run plan.yaml                       # the scripted actor, offline
    agents plan run --script plan.yaml              # the same
    agents plan run "add a --verbose flag" --allow-command "pytest*"   # Claude
    agents plan run "add a --verbose flag" --actor claude-code        # Claude Code

    Exit 0 when the plan completes, 1 when it fails, 2 on bad input, 4 when it stops
    before the end: a budget ran out (`agents plan resume --budget-calls N` then
    continues it) or the model's service failed (`agents plan resume`).
    """
    from cleveragents.adapters.render.tree_json import tree_document

    if script is None and task is not None and actor is None and _plan_file(ctx.obj, task):
        script, task = Path(task), None  # `agents plan run plan.yaml`: the file is the plan
    chosen = actor or (ActorChoice.scripted if script else ActorChoice.anthropic)
    if script is not None and task is not None:
        raise BadInput("give either a TASK (for Claude) or --script FILE, not both")
    if chosen is ActorChoice.scripted and script is None:
        raise BadInput("the scripted actor needs --script FILE", hint="see `agents plan run -h`")
    if chosen is not ActorChoice.scripted and task is None:
        raise BadInput(
            f"the {chosen.value} actor needs a TASK",
            hint='agents plan run "what to do", or --script FILE for a plan file',
        )
    if (chosen is ActorChoice.replay) != (cassette is not None):
        raise BadInput("--cassette DIR goes with --actor replay, and replay needs it")
    if script is not None and (network or no_sandbox):
        raise BadInput(
            "--allow-network and --no-sandbox are for Claude's commands; "
            "a plan file's commands run as written"
        )
    if script is not None and pass_env:
        raise BadInput(
            "--pass-env is for Claude's commands; a plan file's commands see your environment"
        )
    if chosen is ActorChoice.claude_code:
        _claude_code_flags(
            cassette=cassette,
            record=record,
            allow_network=network,
            no_sandbox=no_sandbox,
            pass_env=pass_env,
            drift_threshold=drift,
            budget_replans=replans,
            budget_retries=retries,
            budget_requests=requests,
            budget_tokens=tokens,
        )
    limits = budget(calls, replans, retries, requests, tokens, usd)
    with (
        Progress(not (json or quiet)) as progress,
        services(ctx, progress, progress.pausing(approve_on_terminal)) as s,
    ):
        announce = (
            None
            if json or quiet
            else lambda p: output.show(f"plan {p.id}: {visible(p.task, one_line=True)}")
        )
        if chosen is ActorChoice.claude_code:
            assert task is not None
            claude_code = s.claude_code()
            plan = claude_code.new(task, model, allow or [], limits)
            plan = claude_code.start(plan, command_line(), announce)
            return finished(plan, json, lambda: tree_document(*s.inspection.tree(plan.id)))
        if script is not None:
            # A relative path is relative to -C DIR, as with git -C.
            plan = s.create_scripted(ctx.obj / script, limits, drift)
        else:
            assert task is not None
            plan = s.create_for_task(
                task,
                model,
                allow or [],
                limits,
                drift,
                cassette=ctx.obj / cassette if cassette else None,
                record=ctx.obj / record if record else None,
                sandbox=not no_sandbox,
                network=network,
                pass_env=pass_env or [],
            )
        plan = s.lifecycle.start(plan, command_line(), announce)
        return finished(plan, json, lambda: tree_document(*s.inspection.tree(plan.id)))


def _claude_code_flags(**given: object) -> None:
    """Refuse the flags Claude Code has no use for: it runs its commands itself, makes no
    plan segments, and counts its own requests and tokens."""
    used = [name for name, value in given.items() if value]
    if used:
        flags = ", ".join("--" + name.replace("_", "-") for name in used)
        raise BadInput(
            f"{flags}: not for --actor claude-code",
            hint="it takes --allow-command, --model, --budget-calls and --budget-usd",
        )


@app.command("resume")
def resume(
    ctx: typer.Context,
    plan: PlanRef = None,
    json: Json = False,
    quiet: Quiet = False,
    calls: BudgetCalls = None,
    replans: BudgetReplans = None,
    retries: BudgetRetries = None,
    requests: BudgetRequests = None,
    tokens: BudgetTokens = None,
    usd: BudgetUsd = None,
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            show_default=False,
            help="Go on with another Claude model (one the key can use, say).",
        ),
    ] = None,
    pass_env: PassEnvAgain = None,
    theirs: plan_correct.Theirs = False,
    mine: plan_correct.Mine = False,
    merge: plan_correct.Merge = False,
    allow: Allow = None,
    network: AllowNetwork = False,
    no_sandbox: NoSandbox = False,
    trust_plan: TrustPlan = False,
) -> int:
    """Continue a plan that did not complete: failed, stopped (a budget, the model's
    service), interrupted, or corrected with --no-execute.

    Steps already completed are not redone; a step left unfinished starts again from its
    checkpoint: only its own changes go back, your edits since stay (a file you both
    changed is a conflict: asked about on a terminal, refused with exit 3 without one
    unless --theirs, --mine or --merge). A plan pulled from another clone runs with the
    settings given here, not those it came with (see `agents plan show`).
    """
    from cleveragents.adapters.render.tree_json import tree_document
    from cleveragents.application.correction_service import CorrectionPlan

    chosen = plan_correct.resolution(theirs, mine, merge)
    with (
        Progress(not (json or quiet)) as progress,
        services(ctx, progress, progress.pausing(approve_on_terminal)) as s,
    ):
        trusting(s, progress, allow, network, no_sandbox, trust_plan, pass_env)
        limits = budget(calls, replans, retries, requests, tokens, usd)
        found, files = s.lifecycle.restart_files(plan)
        if files is not None and any(files.groups.as_json().values()):
            restart = CorrectionPlan(found, None, [], files)
            if not (json or quiet):
                output.show("the unfinished step starts again from its checkpoint:")
                plan_correct.show_files(restart)
            chosen = plan_correct.ask_resolution(restart, chosen, False)
        found = s.resume(found.id, command_line(), limits, model, pass_env, chosen)
        return finished(found, json, lambda: tree_document(*s.inspection.tree(found.id)))


plan_inspect.register(app)
plan_correct.register(app)
app.command("restore")(plan_restore.restore)
app.command("delete")(plan_delete.delete)
app.command("push", epilog=plan_share.WHAT)(plan_share.push)
app.command("pull", epilog=plan_share.WHAT)(plan_share.pull)
app.command("export", epilog=plan_share.WHAT)(plan_share.export)
app.command("import", epilog=plan_share.WHAT)(plan_share.import_)
