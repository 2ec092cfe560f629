"""`agents demo`: a throwaway repository, a bundled scripted plan, and its decision tree."""

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


def demo(
    keep: Annotated[
        bool, typer.Option("--keep", help="Keep the demo repository to explore it.")
    ] = False,
    json: Json = False,
) -> int:
    """Make a throwaway git repository, run a bundled plan on it, print the decision tree.

    No network and no key needed. The plan's first option fails its check, so the
    agent restores its checkpoint and tries the next one.
    """
    from cleveragents.adapters.git.repository import IDENTITY, GitRepository
    from cleveragents.adapters.render.tree import render_tree
    from cleveragents.bootstrap import bootstrap
    from cleveragents.cli.plan import _document

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
        if shutil.which("python3") is None:
            text = text.replace("python3 ", shlex.quote(sys.executable) + " ")
        script.write_text(text)
        services = bootstrap(root)
        try:
            plan, actor = services.start_scripted(script)
            plan = services.lifecycle.run(plan, actor)
            decisions = services.store.decisions(plan.id)
        finally:
            services.close()
        if json:
            output.emit_json(
                {**_document(plan, decisions), "repository": str(root) if keep else None}
            )
        else:
            output.show(render_tree(plan, decisions))
            if keep:
                output.show(
                    f"\nThe demo repository is kept at {root}; try `agents -C {root} plan show`."
                )
            else:
                output.show("\nRun `agents demo --keep` to keep the repository and explore it.")
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0 if plan.status.value == "completed" else 1
