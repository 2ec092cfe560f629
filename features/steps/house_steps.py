"""Steps for `house.module_sizes.feature`: the size of every module of the package."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from behave import given, then

TOP = Path(__file__).resolve().parents[2]
MOST_LINES = 400


@given('the modules of the package directory "{folder}"')
def step_package_modules(context: Any, folder: str) -> None:
    context.package_modules = sorted((TOP / folder).rglob("*.py"))
    assert context.package_modules, f"no module under {TOP / folder}"


@then("none of them is over 400 lines")
def step_none_over(context: Any) -> None:
    long = {
        str(path.relative_to(TOP)): lines
        for path in context.package_modules
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert not long, f"over {MOST_LINES} lines, split by responsibility: {long}"
