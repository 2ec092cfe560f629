"""agents' own Python in the tree (`host_folders.own_python`), asked of a Python process
whose `sys.path` holds the entry: a real folder, zip archive or editable install's finder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

from behave import given, then, when

ROOT = Path(__file__).resolve().parents[2]
EDITABLE = "__editable__.myproj-1.0.finder.__path_hook__"
# Installs the finder the step wrote (as the `.pth` of `pip install -e` does), puts the
# other entries on `sys.path` and prints what `own_python` finds in the tree (the cwd).
ASK = """
import importlib.util, json, os, sys
from pathlib import Path
finder, entries = sys.argv[1], json.loads(sys.argv[2])
if finder:
    spec = importlib.util.spec_from_file_location("__editable___myproj_1_0_finder", finder)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.install()
    assert sys.argv[3] in sys.path, f"setuptools' finder put no {sys.argv[3]} on {sys.path}"
sys.path.extend(entries)
from cleveragents.adapters.host_folders import own_python
root = Path(os.path.realpath("."))
print(json.dumps([p.relative_to(root).as_posix() for p in own_python(root)]))
"""


def _editable_finder(context: Any) -> None:
    """The finder module setuptools writes for an editable install of a project with a
    namespace package (its `install()` puts the path-hook entry on `sys.path`)."""
    from setuptools.command.editable_wheel import _finder_template

    checkout = context.tmp / "myproj-checkout"
    (checkout / "myproj" / "data").mkdir(parents=True)
    (checkout / "myproj" / "__init__.py").write_text("")
    source = _finder_template(
        "__editable__.myproj-1.0.finder",
        {"myproj": str(checkout / "myproj")},
        {"myproj.data": [str(checkout / "myproj" / "data")]},
    )
    context.own_python_finder = context.tmp / "__editable___myproj_1_0_finder.py"
    context.own_python_finder.write_text(source)


@given("agents' sys.path holds an editable install's path-hook entry")
def step_editable_entry(context: Any) -> None:
    _editable_finder(context)


@given("agents' sys.path holds an editable install's path-hook entry, a file of its name")
def step_editable_entry_file(context: Any) -> None:
    """The empty file a killed command's sandbox left where it had stood on the entry."""
    _editable_finder(context)
    (context.repo / EDITABLE).write_text("")


@given("agents' sys.path holds an editable install's path-hook entry, a folder of its name")
def step_editable_entry_folder(context: Any) -> None:
    """Python's file finder takes a folder of that name before the editable hook does."""
    _editable_finder(context)
    (context.repo / EDITABLE).mkdir()


@given("agents' sys.path holds the tree's folder \"{folder}\"")
def step_sys_path_folder(context: Any, folder: str) -> None:
    (context.repo / folder).mkdir(parents=True)
    context.own_python_entries = [str(context.repo / folder)]


@given("agents' sys.path holds the tree's zip archive \"{archive}\"")
def step_sys_path_zip(context: Any, archive: str) -> None:
    (context.repo / archive).parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(context.repo / archive, "w") as made:
        made.writestr("myproj/__init__.py", "")
    context.own_python_entries = [str(context.repo / archive)]


@given("agents' sys.path holds the tree's folder \"{folder}\", not there yet")
def step_sys_path_missing(context: Any, folder: str) -> None:
    context.own_python_entries = [str(context.repo / folder)]


@when("agents looks for its own Python in the tree")
def step_look_for_own_python(context: Any) -> None:
    finder = getattr(context, "own_python_finder", "")
    entries = getattr(context, "own_python_entries", [])
    env = {**os.environ, **context.env, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", ASK, str(finder), json.dumps(entries), EDITABLE],
        cwd=context.repo,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    context.own_python_found = json.loads(done.stdout)


@then('agents\' own Python in the tree is "{found}"')
def step_own_python_is(context: Any, found: str) -> None:
    expected = [] if found == "nothing" else [found]
    assert context.own_python_found == expected, context.own_python_found
