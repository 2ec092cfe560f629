"""Steps of trust.node_loads.feature: a workspace package's link in `node_modules`."""

from __future__ import annotations

from typing import Any

from behave import given, when


@given('the tree\'s "{path}" is a link to "{target}", as npm workspaces link it')
def step_workspace_link(context: Any, path: str, target: str) -> None:
    """A link of an ignored `node_modules` (not committed), its folders made."""
    link = context.repo / path
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target)


@when("my git config's node script loads random tree files by random module paths, and git runs it")
def step_node_loads_property(context: Any) -> None:
    from features.support.node_loads_property import check_property
    from features.support.properties import run_property

    run_property(context, "node loads property", check_property, 6)
