"""Steps of `cli.papercuts.feature`: the slips a new user makes, and what they leave."""

from __future__ import annotations

from typing import Any

from behave import given


@given('an empty folder "{name}" in the repository')
def step_empty_folder(context: Any, name: str) -> None:
    (context.repo / name).mkdir()
