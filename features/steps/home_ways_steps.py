"""`$XDG_CONFIG_HOME` in the working tree: git reads its `git/config` as the user's
global config (`adapters/home_ways.py`)."""

from __future__ import annotations

from typing import Any

from behave import given


@given("the user's XDG_CONFIG_HOME is the tree's \"{folder}\"")
def step_config_home_in_tree(context: Any, folder: str) -> None:
    """A dotfiles repository used in place (`XDG_CONFIG_HOME=~/dotfiles/config`), or a
    folder of a home that is the tree; the folder not there yet."""
    if context.env.get("HOME") != str(context.repo):  # a home of the scenario's own
        (context.tmp / "home").mkdir(exist_ok=True)
        context.env["HOME"] = str(context.tmp / "home")
    context.env["XDG_CONFIG_HOME"] = str(context.repo / folder)
