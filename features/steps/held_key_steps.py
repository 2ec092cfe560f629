"""Steps of `trust.held_key.feature`: the git agents starts, seen from inside."""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path
from typing import Any

from behave import then, when

from features.steps.cli_steps import run_agents


@when('I run "{command}" with the secret {name}={value} and a git on PATH noting its environment')
def step_run_with_spying_git(context: Any, command: str, name: str, value: str) -> None:
    """A `git` in a folder beside the tree, first on PATH: agents finds it (it is no folder
    of the tree), and it notes whether it was given the secret, then runs the real git."""
    real = shutil.which("git")
    assert real is not None
    spy = Path(context.tmp) / "spy"
    spy.mkdir(exist_ok=True)
    notes = spy / "notes.txt"
    script = spy / "git"
    script.write_text(
        "#!/bin/sh\n"
        f'if [ -n "${{{name}+set}}" ]; then echo given >> {shlex.quote(str(notes))}; '
        f"else echo ran >> {shlex.quote(str(notes))}; fi\n"
        f'exec {shlex.quote(real)} "$@"\n'
    )
    script.chmod(0o755)
    context.spy_notes = notes
    path = f"{spy}{os.pathsep}{os.environ.get('PATH', os.defpath)}"
    run_agents(context, command, {name: value, "PATH": path})


@then("the git agents ran was never given it")
def step_git_never_given(context: Any) -> None:
    notes = context.spy_notes.read_text().split()
    assert notes, "agents ran no git through the spy"
    assert set(notes) == {"ran"}, f"{notes.count('given')} of {len(notes)} git runs had it"
