"""Steps that make a file at the bottom of a folder many levels deep and look for it."""

from __future__ import annotations

import os
from typing import Any

from behave import step, then


def _deep(top: str, depth: int, name: str) -> str:
    return "/".join([top, *["a"] * depth, name])


@step('the user makes the file "{name}" holding "{text}" in "{top}", {depth:d} folders deep')
def step_deep_file(context: Any, name: str, text: str, top: str, depth: int) -> None:
    # One level at a time, from the folder above: os.makedirs recurses once per level.
    folder = os.open(context.repo, os.O_DIRECTORY)
    try:
        for part in [top, *["a"] * depth]:
            os.mkdir(part, dir_fd=folder)
            inner = os.open(part, os.O_DIRECTORY, dir_fd=folder)
            os.close(folder)
            folder = inner
        handle = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644, dir_fd=folder)
        os.write(handle, text.encode())
        os.close(handle)
    finally:
        os.close(folder)


@then('the file "{name}" in "{top}", {depth:d} folders deep, holds "{text}"')
def step_deep_file_holds(context: Any, name: str, top: str, depth: int, text: str) -> None:
    with open(os.path.join(context.repo, _deep(top, depth, name)), encoding="utf-8") as f:
        assert f.read() == text


@then('nothing stands at "{top}"')
def step_nothing_at(context: Any, top: str) -> None:
    assert not os.path.lexists(os.path.join(context.repo, top)), f"{top} still stands"


@step("random files at depths up to 1,100 folders are written as a restore writes them")
def step_deep_write_property(context: Any) -> None:
    from features.steps.safety_steps import _check
    from features.support.deep_write_property import check_property

    _check(context, "deep write property", check_property, 12)


@then("each stands as git's checkout makes it")
def step_deep_write_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
