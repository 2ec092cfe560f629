"""Steps of claude_code.settings_env.property.feature (support: settings_env_property.py)."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("random Claude Code settings env values are read for the places they name")
def step_settings_env_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.settings_env_property import check_env

    run_property(context, "settings env property", check_env, 40)


@then(
    "each named place is kept, all the folder for a place it cannot tell, none for a harmless name"
)
def step_settings_env_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
