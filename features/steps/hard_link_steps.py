"""Steps of `sandbox.hard_links.property.feature`."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.support.properties import run_property


@when("random sandboxed commands write, chmod, move and remove hard-linked files")
def step_hard_links_property(context: Any) -> None:
    from features.support.hard_links_property import check_property

    run_property(context, "hard links property", check_property, 8)


@then("no store file changed, a refused command never ran, and in-tree names stayed writable")
def step_hard_links_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
