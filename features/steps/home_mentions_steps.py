"""The user's own programs run on the host with the home a scenario made: what their
configs name of the tree runs then (`adapters/home_mentions.py`)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.steps.path_folders_steps import step_home_file
from features.steps.repo_steps import commit_all


@given('the user\'s own python user site in their home holds "{name}" with "{content}"')
def step_user_site(context: Any, name: str, content: str) -> None:
    """`~/.local/lib/pythonX.Y/site-packages`, as the user's `python3` finds it: the first
    on PATH outside a venv (a venv's reads no user site), given as `$USER_PYTHON`."""
    home = context.tmp / "home"
    folders = os.environ["PATH"].split(os.pathsep)
    outside = [f for f in folders if f and not Path(f).parent.joinpath("pyvenv.cfg").exists()]
    python = shutil.which("python3", path=os.pathsep.join(outside)) or "python3"
    context.env["USER_PYTHON"] = python
    found = subprocess.run(
        [python, "-c", "import site; print(site.getusersitepackages())"],
        env={**os.environ, "HOME": str(home)},
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    site = os.path.relpath(found.stdout.strip(), home)
    step_home_file(context, f"{site}/{name}", content)


@given('the user\'s own "{name}" in their home holds "{content}", its $HOME spelled out')
def step_home_file_spelled(context: Any, name: str, content: str) -> None:
    """A file of the home whose `$HOME` is the home's path, written out: a dotenv file's
    value, which `xargs` or a `read` loop does not expand."""
    step_home_file(context, name, content.replace("$HOME", str(context.tmp / "home")))


@given("the user's own configs in their home name these files of the tree, each committed")
def step_configs_naming(context: Any) -> None:
    """Each row: a config of the home (`$HOME` in its text spelled out), and the file of the
    tree it names, committed executable (`true`); the files kept for the check after."""
    context.named = []
    for row in context.table:
        step_home_file_spelled(context, row["config"], row["text"])
        target = context.repo / row["file"]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("true\n")
        target.chmod(0o755)
        context.named.append(row["file"])
    commit_all(context, "add the files the home's configs name")


@then('no file those configs name contains "{text}"')
def step_named_unchanged(context: Any, text: str) -> None:
    changed = [f for f in context.named if text in (context.repo / f).read_text()]
    assert not changed, f"kept the model's bytes: {changed}"


@when("the user runs these on the host, each where installed")
def step_user_runs(context: Any) -> None:
    """Each line in a folder of the user's own, outside the tree, with the scenario's home;
    a line whose program is not installed is skipped (said on stdout). The programs after
    which `~/planted-ran` stood are kept (`context.planted`), the file removed."""
    place = context.tmp / "elsewhere"
    place.mkdir(exist_ok=True)
    planted = context.tmp / "home" / "planted-ran"
    context.ran, context.planted = [], []
    for row in context.table:
        if shutil.which(row["program"]) is None:
            print(f"skipped, not installed: {row['program']}")
            continue
        subprocess.run(
            ["bash", "-c", row["line"]],
            cwd=place,
            env={**os.environ, **context.env},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=60,
        )
        context.ran.append(row["program"])
        if planted.exists():
            context.planted.append(row["program"])
            planted.unlink()


@then('no program the user ran made "planted-ran", and "{program}" ran')
def step_none_planted(context: Any, program: str) -> None:
    assert program in context.ran, context.ran
    assert not context.planted, f"made by {context.planted}; ran {context.ran}"
