"""A repository's Claude Code settings reached through a link: where an install may write."""

from __future__ import annotations

import os
from typing import Any

from behave import given, then

OUTSIDE = "outside-the-repository"


@given('outside the repository the file "{name}" holds "{text}"')
def step_outside_file(context: Any, name: str, text: str) -> None:
    target = context.tmp / OUTSIDE / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)


@given('the repository\'s "{link}" is a link to "{target}" outside it')
def step_link_out(context: Any, link: str, target: str) -> None:
    place = context.repo / link
    place.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(context.tmp / OUTSIDE / target, place)


@then('outside the repository the file "{name}" still holds "{text}"')
def step_outside_kept(context: Any, name: str, text: str) -> None:
    assert (context.tmp / OUTSIDE / name).read_text() == text


@then('outside the repository there is no file "{name}"')
def step_outside_missing(context: Any, name: str) -> None:
    assert not (context.tmp / OUTSIDE / name).exists()
