"""`agents plan run|resume` (the `plan` group is built in `plan_app.py`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cleveragents.cli import output, restore_prompts, run_arguments
from cleveragents.cli.options import (
    Allow,
    AllowNetwork,
    BudgetCalls,
    BudgetReplans,
    BudgetRequests,
    BudgetRetries,
    BudgetTokens,
    BudgetUsd,
    Headed,
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
from cleveragents.cli.plan_outcome import finished
from cleveragents.cli.progress import Progress
from cleveragents.cli.restore_prompts import Merge, Mine, Theirs
from cleveragents.cli.run_arguments import ActorChoice
from cleveragents.domain.shown_text import visible
from cleveragents.errors import BadInput

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
            help="A YAML plan file for the scripted actor: no network, no key. One with "
            "a `browser:` section, a task and no steps is Claude's, on the page.",
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
            help="Below this similarity to the tree (or page) it was planned on, the actor is "
            "asked whether the plan still holds (default 0.7).",
        ),
    ] = None,
    headed: Headed = False,
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

    chosen, script, task = run_arguments.chosen(
        ctx.obj, task, script, actor, cassette is not None, network, bool(pass_env)
    )
    if chosen is ActorChoice.claude_code:
        _claude_code_flags(
            cassette=cassette,
            record=record,
            drift_threshold=drift,
            budget_replans=replans,
            budget_retries=retries,
            budget_requests=requests,
            budget_tokens=tokens,
        )
    limits = budget(calls, replans, retries, requests, tokens, usd)
    if script is not None:
        run_arguments.readable(ctx.obj / script)  # a typo is refused before the repository opens
    with (
        Progress(not (json or quiet)) as progress,
        services(ctx, progress, progress.pausing(approve_on_terminal)) as s,
    ):
        s.browser(headed, no_sandbox)
        announce = (
            None
            if json or quiet
            else lambda p: output.show(f"plan {p.id}: {visible(p.task, one_line=True)}")
        )
        if chosen is ActorChoice.claude_code:
            assert task is not None
            claude_code = s.claude_code()
            plan = claude_code.new(
                task, model, allow or [], limits, not no_sandbox, network, pass_env or []
            )
            plan = claude_code.start(plan, command_line(), announce)
            return finished(plan, json, lambda: tree_document(*s.inspection.tree(plan.id)))
        if script is not None:
            # A relative path is relative to -C DIR, as with git -C.
            plan = s.creation.scripted(ctx.obj / script, limits, drift, model)
        else:
            assert task is not None
            plan = s.creation.for_task(
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
    """Refuse the flags Claude Code has no use for: it makes no plan segments, and counts
    its own requests and tokens."""
    used = [name for name, value in given.items() if value]
    if used:
        flags = ", ".join("--" + name.replace("_", "-") for name in used)
        raise BadInput(
            f"{flags}: not for --actor claude-code",
            hint="it takes --allow-command, --allow-network, --no-sandbox, --pass-env, "
            "--model, --budget-calls and --budget-usd",
        )


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
    theirs: Theirs = False,
    mine: Mine = False,
    merge: Merge = False,
    allow: Allow = None,
    network: AllowNetwork = False,
    no_sandbox: NoSandbox = False,
    trust_plan: TrustPlan = False,
    headed: Headed = False,
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
    from cleveragents.application.correction_plan import CorrectionPlan

    chosen = restore_prompts.resolution(theirs, mine, merge)
    with (
        Progress(not (json or quiet)) as progress,
        services(ctx, progress, progress.pausing(approve_on_terminal)) as s,
    ):
        trusting(s, progress, allow, network, no_sandbox, trust_plan, pass_env)
        s.browser(headed, no_sandbox)
        limits = budget(calls, replans, retries, requests, tokens, usd)
        found, files = s.lifecycle.restart_files(plan)
        if files is not None and any(files.groups.as_json().values()):
            restart = CorrectionPlan(found, None, [], files)
            if not (json or quiet):
                output.show("the unfinished step starts again from its checkpoint:")
                restore_prompts.show_files(restart)
            chosen = restore_prompts.ask_resolution(restart, chosen, False)
        found = s.creation.resume(found.id, command_line(), limits, model, pass_env, chosen)
        return finished(found, json, lambda: tree_document(*s.inspection.tree(found.id)))
