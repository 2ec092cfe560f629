"""`agents demo`: a throwaway repository, a bundled plan, a correction, and the decision tree."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json

if TYPE_CHECKING:
    from cleveragents.bootstrap import Services
    from cleveragents.domain.plan import Plan

FILES = {
    "README.md": "# greeter\n\nA tiny project for the cleveragents demo.\n",
    ".gitignore": "__pycache__/\n",
}
GUIDANCE = "use argparse with a --name flag"


CLAUDE_TASK = "Write a greeting module, greet.hello(name), with a test"


class DemoActor(StrEnum):
    scripted = "scripted"
    replay = "replay"


def demo(
    keep: Annotated[
        bool, typer.Option("--keep", help="Keep the demo repository to explore it.")
    ] = False,
    actor: Annotated[
        DemoActor,
        typer.Option(
            "--actor",
            help="scripted: a plan file, corrected half-way; replay: Claude's recorded "
            "answers, replayed.",
        ),
    ] = DemoActor.scripted,
    json: Json = False,
) -> int:
    """Run a bundled plan in a throwaway git repository, correct it, print the decision tree.

    No network and no key needed. With the scripted actor, step 1's first option fails its
    check, so the agent restores its checkpoint and tries the next; step 2 takes an option
    we do not want, so the demo corrects it: `agents plan correct --mode=revert` with a
    guidance, which re-executes step 2 and what follows it, and nothing before. With
    `--actor replay`, Claude's recorded answers to a task are replayed.
    """
    import shutil
    import tempfile

    from cleveragents.adapters.render.tree import render_tree
    from cleveragents.adapters.render.tree_json import tree_document
    from cleveragents.bootstrap import bootstrap_new

    root = Path(tempfile.mkdtemp(prefix="cleveragents-demo-"))
    try:
        services = bootstrap_new(root, FILES)
        try:
            if actor is DemoActor.replay:
                plan, command, calls = _replayed(services)
            else:
                plan, command, calls = _corrected(services, root)
            plan, decisions, corrections = services.inspection.tree(plan.id)
        finally:
            services.close()
        if json:
            kept = str(root) if keep else None
            output.emit_json(
                {
                    **tree_document(plan, decisions, corrections),
                    "repository": kept,
                    "plan_file": _plan_file(root) if keep else None,
                    "correction_actor_calls": calls,
                }
            )
        else:
            output.show(render_tree(plan, decisions))
            output.show(f"\nThe demo ran: {command}")
            if calls is not None:
                output.show(
                    f"It re-executed only the superseded subtree ({calls} actor calls); "
                    "steps before it kept their records."
                )
            if keep:
                output.show(f"The repository is kept at {root}: try `agents -C {root} plan tree`.")
                if _plan_file(root):
                    output.show(f"The plan file it ran: {_plan_file(root)}")
            else:
                output.show("Run `agents demo --keep` to keep the repository and explore it.")
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
    return {"completed": 0, "stopped": 4}.get(plan.status.value, 1)


def _plan_file(root: Path) -> str | None:
    """Where the scripted demo's plan file is, in a kept repository (replay has none)."""
    script = root / ".git" / "demo-plan.yaml"
    return str(script) if script.is_file() else None


def _corrected(services: Services, root: Path) -> tuple[Plan, str, int | None]:
    """The scripted plan, then a revert of its second step with a guidance."""
    import shlex
    import shutil
    from importlib import resources

    from cleveragents.domain.correction import Restore

    script = root / ".git" / "demo-plan.yaml"
    text = resources.files("cleveragents.data").joinpath("demo.yaml").read_text()
    if shutil.which("python3") is None:  # pragma: no cover - python3 is on PATH here
        text = text.replace("python3 ", shlex.quote(sys.executable) + " ")
    script.write_text(text)
    plan = services.lifecycle.start(services.creation.scripted(script), "agents demo")
    _, decisions, _ = services.inspection.tree(plan.id)
    step2 = next(d for d in decisions if d.kind.value == "step" and d.step == 2)
    command = f"agents plan correct --mode=revert --decision {step2.id} --guidance {GUIDANCE!r}"
    result = services.corrections.revert(plan.id, step2.id, GUIDANCE, Restore.BOTH, True, command)
    return result.plan, command, result.actor_calls


def _replayed(services: Services) -> tuple[Plan, str, None]:
    """Claude's answers to the demo task, replayed from the bundled cassette."""
    from importlib import resources

    cassette = Path(str(resources.files("cleveragents.data").joinpath("demo-cassette")))
    plan = services.creation.for_task(
        CLAUDE_TASK, _recorded_model(cassette), ["python3 *"], cassette=cassette
    )
    command = f"agents plan run {CLAUDE_TASK!r} --actor replay --cassette <bundled>"
    return services.lifecycle.start(plan, command), command, None


def _recorded_model(cassette: Path) -> str:
    import json as _json

    first = sorted(cassette.glob("*.json"))[0]
    model: str = _json.loads(first.read_text())["request"]["model"]
    return model
