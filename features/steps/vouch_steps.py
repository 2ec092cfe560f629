"""Steps of `agents hooks vouch`: where the user's agents config lies for a scenario."""

from __future__ import annotations

import json
from typing import Any

from behave import given, then


@given("my agents config is kept in a folder of this scenario")
def step_config_home(context: Any) -> None:
    """`$XDG_CONFIG_HOME` in the scenario's folder: a vouch never reaches the real home."""
    context.env["XDG_CONFIG_HOME"] = str(context.tmp / "config")


@then('my vouch file lists only "{programs}"')
def step_vouch_file(context: Any, programs: str) -> None:
    path = context.tmp / "config" / "cleveragents" / "vouched.json"
    found = json.loads(path.read_text())["vouched"]
    assert found == [p for p in programs.split(", ") if p], found


@then("my vouch file lists nothing")
def step_vouch_file_empty(context: Any) -> None:
    step_vouch_file(context, "")


@given("my home's .config is the git repository")
def step_config_is_tree(context: Any) -> None:
    """`HOME` in the scenario's folder, its `.config` the repository the plan works on,
    `$XDG_CONFIG_HOME` unset: agents keeps the vouches in `~/.config`, in the tree."""
    context.repo = context.tmp / "home" / ".config"
    context.env["HOME"] = str(context.tmp / "home")
    context.env["XDG_CONFIG_HOME"] = ""
