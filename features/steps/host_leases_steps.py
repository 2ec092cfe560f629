"""Steps of claude_code.host_leases.property.feature (support: host_leases_property.py)."""

from __future__ import annotations

from typing import Any

from behave import then, when


@when("boxed commands are asked while random hooks of the user's own run on the host")
def step_host_leases_property(context: Any) -> None:
    from features.support.host_leases_property import check_property
    from features.support.properties import run_property

    run_property(context, "host leases property", check_property, 6)


@then("none ran beside a hook, and one was refused only past a hook's timeout")
def step_host_leases_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
