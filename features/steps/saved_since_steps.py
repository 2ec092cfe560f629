"""Steps of undo's saved files: what stands where an operation saved one."""

from __future__ import annotations

import os
import stat
from typing import Any

from behave import then


@then('"{path}" is a link to "{target}"')
def step_is_link(context: Any, path: str, target: str) -> None:
    full = context.repo / path
    assert full.is_symlink(), f"{path} is no link"
    assert os.readlink(full) == target, f"{path} links to {os.readlink(full)}"


@then('the file "{path}" has mode {octal}')
def step_has_mode(context: Any, path: str, octal: str) -> None:
    found = stat.S_IMODE((context.repo / path).lstat().st_mode)
    assert found == int(octal, 8), f"{path} has mode {found:o}"
