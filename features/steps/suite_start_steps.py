"""Steps for `house.suite_start.feature`: what a behave process imports before a step runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from behave import then, when

ROOT = Path(__file__).resolve().parents[2]
# A dry run loads every step module as a real run does, then runs no step; the modules it
# imported are printed after behave returns.
LOADS = """
import runpy, sys
sys.argv = ["behave", "--dry-run", "--format", "null", "features/house.module_sizes.feature"]
try:
    runpy.run_module("behave", run_name="__main__")
except SystemExit as done:
    assert not done.code, f"behave exited {done.code}"
print("\\n".join(sorted(sys.modules)))
"""


@when("behave loads every step definition in a process of its own")
def step_load_steps(context: Any) -> None:
    done = subprocess.run(
        [sys.executable, "-c", LOADS], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    context.loaded_modules = set(done.stdout.split())


@then("that process has not imported the anthropic SDK")
def step_no_sdk(context: Any) -> None:
    assert "behave" in context.loaded_modules, sorted(context.loaded_modules)[:20]
    assert "anthropic" not in context.loaded_modules, "a step module imports anthropic at the top"
