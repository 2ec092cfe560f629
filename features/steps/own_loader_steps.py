"""A library of the tree on the dynamic loader's path of the environment `agents` runs in:
compiled here with the system's C compiler, its constructor writing a canary outside the
tree when any process loads it."""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Any

from behave import given, then, when

from features.steps.claude_steps import claude_env
from features.steps.cli_steps import run_agents
from features.steps.repo_steps import commit_all

SOURCE = """
#include <stdio.h>
#include <unistd.h>
__attribute__((constructor)) static void loaded(void) {
    char exe[512] = {0};
    FILE *f = fopen("%s", "a");
    if (readlink("/proc/self/exe", exe, sizeof exe - 1) < 0) exe[0] = '?';
    if (f) { fprintf(f, "loaded by %%s\\n", exe); fclose(f); }
}
"""


@given('a library of the tree "{path}" that marks "{canary}" outside the tree when loaded')
def step_marking_library(context: Any, path: str, canary: str) -> None:
    compiler = shutil.which("cc") or shutil.which("gcc")
    assert compiler, "no C compiler: this scenario needs one (`apt-get install gcc`)"
    source = context.tmp / "marker.c"
    source.write_text(SOURCE % (context.tmp / canary))
    target = context.repo / path
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(target), str(source)], check=True)
    commit_all(context, f"add {path}")


@when('I run "{command}" with Claude, "{entry}" first on {name}')
def step_run_with_loader(context: Any, command: str, entry: str, name: str) -> None:
    """`entry`: `TOP` for the tree's top, `EMPTY` for an empty entry (the working folder,
    as `export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/x` leaves one when it was unset)."""
    first = {"TOP": str(context.repo), "EMPTY": ""}.get(entry, entry)
    value = f"{first}:{os.environ.get(name, '/nonexistent-lib')}"
    run_agents(context, command, {**claude_env(context), name: value})


@then('no process loaded the library: "{canary}" was never written')
def step_never_loaded(context: Any, canary: str) -> None:
    marked = context.tmp / canary
    assert not marked.exists(), f"a process loaded the tree's library: {marked.read_text()!r}"
