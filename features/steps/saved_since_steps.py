"""Steps of undo's saved files: what stands where an operation saved one."""

from __future__ import annotations

import os
import stat
from typing import Any

from behave import given, then, when


@then('"{path}" is a link to "{target}"')
def step_is_link(context: Any, path: str, target: str) -> None:
    full = context.repo / path
    assert full.is_symlink(), f"{path} is no link"
    assert os.readlink(full) == target, f"{path} links to {os.readlink(full)}"


@given('the folder "{path}" has mode {octal}')
@then('the folder "{path}" has mode {octal}')
@then('the file "{path}" has mode {octal}')
def step_has_mode(context: Any, path: str, octal: str) -> None:
    found = stat.S_IMODE((context.repo / path).lstat().st_mode)
    assert found == int(octal, 8), f"{path} has mode {found:o}"


@when("commands and hand changes to ignored files are undone with --mine in random sequences")
def step_undo_saved_property(context: Any) -> None:
    from features.steps.safety_steps import _check
    from features.support.undo_saved_property import check_property

    _check(context, "undo saved property", check_property, 5)


@then("every example kept the user's ignored files and brought back the others")
def step_undo_saved_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
