"""Steps for `house.suite_start.feature`: what a behave process imports before a step runs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from behave import given, then, when

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


# The same dry run, counting the matches behave tries while it registers the definitions
# (`matches`, its check for a definition an earlier one matches), and the definitions.
COUNTS = """
import runpy, sys
from behave.matchers import Matcher
from behave.step_registry import registry
tried = [0]
matches = Matcher.matches
def counted(self, text):
    tried[0] += 1
    return matches(self, text)
Matcher.matches = counted
sys.argv = ["behave", "--dry-run", "--format", "null", "features/house.module_sizes.feature"]
try:
    runpy.run_module("behave", run_name="__main__")
except SystemExit as done:
    assert not done.code, f"behave exited {done.code}"
print(tried[0], sum(len(kind) for kind in registry.steps.values()))
"""


@when("behave loads every step definition in a process of its own, counting the matches it tries")
def step_count_tries(context: Any) -> None:
    done = subprocess.run(
        [sys.executable, "-c", COUNTS], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    tried, definitions = done.stdout.split()[-2:]
    context.tried, context.definitions = int(tried), int(definitions)


@then("it tried fewer matches than there are step definitions, times two")
def step_few_tries(context: Any) -> None:
    # behave's own loop tries every earlier definition of the kind: 190,000 tries for 900.
    assert context.definitions > 800, context.definitions
    assert context.tried < 2 * context.definitions, (context.tried, context.definitions)


@given('a step library where "{later}" comes after "{earlier}"')
def step_clashing_library(context: Any, later: str, earlier: str) -> None:
    project = context.tmp / "project"
    (project / "features" / "steps").mkdir(parents=True)
    shutil.copy(ROOT / "features" / "environment.py", project / "features" / "environment.py")
    (project / "features" / "steps" / "pets.py").write_text(
        "from behave import given\n\n\n"
        f"@given({earlier!r})\ndef first(context, **_):\n    pass\n\n\n"
        "@given('a plain step')\ndef plain(context):\n    pass\n\n\n"
        f"@given({later!r})\ndef second(context):\n    pass\n"
    )
    (project / "features" / "pets.feature").write_text(
        f"Feature: pets\n  Scenario: one\n    Given {later}\n"
    )
    context.project = project


@when("behave runs a feature with that library and the suite's environment")
def step_run_clashing(context: Any) -> None:
    # The suite's environment imports `features.support`: this checkout's, first on the path.
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    context.behave = subprocess.run(
        [sys.executable, "-m", "behave", "--format", "null", "features/pets.feature"],
        cwd=context.project,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


@then('behave refuses the library: "{text}"')
def step_refused(context: Any, text: str) -> None:
    assert context.behave.returncode != 0, context.behave.stdout
    assert "AmbiguousStep" in context.behave.stderr, context.behave.stderr
    assert text in context.behave.stderr, context.behave.stderr


@then('behave names the earlier definition: "{text}"')
def step_names_earlier(context: Any, text: str) -> None:
    assert text in context.behave.stderr, context.behave.stderr
