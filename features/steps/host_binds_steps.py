"""Steps of trust.host_binds.property.feature: what the sandbox binds of what the host runs
takes no byte of the command's while it runs."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.support.properties import run_property


@when("a command in the sandbox writes every host-run place of random trees")
def step_host_binds_property(context: Any) -> None:
    from features.support.host_binds_property import check_property

    run_property(context, "host binds property", check_property, 10)


@then("every place bound held what it held before, during the command and after it")
def step_host_binds_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
