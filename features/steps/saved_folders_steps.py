"""Steps that save folders inside folders and count the folders a save lists."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("random nested paths are saved at once and each alone")
def step_saved_folders_property(context: Any) -> None:
    from features.steps.safety_steps import _check
    from features.support.saved_folders_property import check_property

    _check(context, "saved folders property", check_property, 60)


@then("the saves hold the same files and absent paths, and no folder was listed twice")
def step_saved_folders_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("each folder of one {depth:d} levels deep with a file at the bottom is saved")
def step_deep_save(context: Any, depth: int) -> None:
    from features.support.saved_folders_property import deep_listings

    context.listings, context.folders = deep_listings(context.tmp, depth)


@then("the save listed {count:d} folders, one per folder")
def step_deep_listings(context: Any, count: int) -> None:
    assert (context.listings, context.folders) == (count, count), (
        f"{context.listings} listings of {context.folders} folders"
    )
