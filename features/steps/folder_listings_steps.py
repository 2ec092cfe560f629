"""Steps of trust.folder_listings.property.feature."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("a tree is walked for per-file configs, changed at random, and walked again")
def step_folder_listings_property(context: Any) -> None:
    from features.support.folder_listings_property import check_property
    from features.support.properties import run_property

    run_property(context, "folder listings property", check_property, 20)


@then("every walk listed each folder as it is now")
def step_folder_listings_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
