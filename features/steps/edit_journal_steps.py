"""Steps of safety.edit_journal.property.feature."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("random edits of random files are journalled, then run")
def step_edit_journal_property(context: Any) -> None:
    from features.support.edit_journal_property import check_property
    from features.support.properties import run_property

    run_property(context, "edit journal property", check_property, 60)


@then("each edit that wrote left what its journal entry named")
def step_edit_journal_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
