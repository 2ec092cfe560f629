"""`agents demo`: a throwaway repository, a bundled plan, a correction, and the decision tree."""

from __future__ import annotations

import shlex
import shutil
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Annotated

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json

FILES = {
    "README.md": "# greeter\n\nA tiny project for the cleveragents demo.\n",
    ".gitignore": "__pycache__/\n",
}
GUIDANCE = "use argparse with a --name flag"


def demo(
    keep: Annotated[
        bool, typer.Option("--keep", help="Keep the demo repository to explore it.")
    ] = False,
    json: Json = False,
) -> int:
    """Run a bundled plan in a throwaway git repository, correct it, print the decision tree.

    No network and no key needed. Step 1's first option fails its check, so the agent
    restores its checkpoint and tries the next; step 2 takes an option we do not want,
    so the demo corrects it: `agents plan correct --mode=revert` with a guidance, which
    re-executes step 2 and what follows it, and nothing before.
    """
    from cleveragents.adapters.git.repository import IDENTITY, GitRepository
    from cleveragents.adapters.render.tree import render_tree
    from cleveragents.bootstrap import bootstrap
    from cleveragents.cli.plan_inspect import document
    from cleveragents.domain.correction import Restore

    root = Path(tempfile.mkdtemp(prefix="cleveragents-demo-"))
    try:
        for name, text in FILES.items():
            (root / name).write_text(text)
        repo = GitRepository(root=root, git_dir=root / ".git")
        repo.git("init", "--quiet")
        repo.git("add", "--all")
        repo.git("commit", "--quiet", "--no-gpg-sign", "-m", "initial commit", env=IDENTITY)
        script = root / ".git" / "demo-plan.yaml"
        text = resources.files("cleveragents.data").joinpath("demo.yaml").read_text()
        if shutil.which("python3") is None:  # pragma: no cover - python3 is on PATH here
            text = text.replace("python3 ", shlex.quote(sys.executable) + " ")
        script.write_text(text)
        services = bootstrap(root)
        try:
            plan = services.lifecycle.start(services.create_scripted(script), "agents demo")
            _, decisions, _ = services.inspection.tree(plan.id)
            step2 = next(d for d in decisions if d.kind.value == "step" and d.step == 2)
            command = (
                f"agents plan correct --mode=revert --decision {step2.id} --guidance {GUIDANCE!r}"
            )
            result = services.corrections.revert(
                plan.id, step2.id, GUIDANCE, Restore.BOTH, True, command
            )
            plan, decisions, corrections = services.inspection.tree(plan.id)
        finally:
            services.close()
        if json:
            kept = str(root) if keep else None
            output.emit_json(
                {
                    **document(plan, decisions, corrections),
                    "repository": kept,
                    "correction_actor_calls": result.actor_calls,
                }
            )
        else:
            output.show(render_tree(plan, decisions))
            output.show(
                f"\nThe demo ran: {command}\nIt re-executed only the superseded subtree "
                f"({result.actor_calls} actor calls); steps before it kept their records."
            )
            if keep:
                output.show(f"The repository is kept at {root}: try `agents -C {root} plan tree`.")
            else:
                output.show("Run `agents demo --keep` to keep the repository and explore it.")
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0 if plan.status.value == "completed" else 1
