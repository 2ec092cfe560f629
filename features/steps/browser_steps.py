"""Steps for the page reverter's rules and page-state changes (pure: no browser)."""

from __future__ import annotations

import os
import sys
from typing import Any

from behave import given, then, when

from features.support.page_model import THEMES, SettingsPage, page


@given('the page before is "{text}"')
def step_page_before(context: Any, text: str) -> None:
    context.page_before = page(text)


@given('the page after is "{text}"')
def step_page_after(context: Any, text: str) -> None:
    context.page_after = page(text)


@when('the reverter is asked for the inverse of "{action}" with requests "{requests}"')
def step_inverse(context: Any, action: str, requests: str) -> None:
    from cleveragents.adapters.actors.plan_file import parse_plan_file
    from cleveragents.domain.action_reverter import inverse

    plan = parse_plan_file(
        f"task: t\nsteps:\n  - name: s\n    options:\n      - actions:\n          - {action}\n",
        "plan.yaml",
    )
    taken = plan.step(0).options[0].actions[0].action()
    methods = [] if requests == "none" else requests.split()
    context.inverse = inverse(taken, context.page_before, context.page_after, methods)


@then('the inverse is "{expected}"')
def step_inverse_is(context: Any, expected: str) -> None:
    assert context.inverse.describe() == expected, context.inverse.describe()


@then('what changed is "{expected}"')
def step_changes(context: Any, expected: str) -> None:
    from cleveragents.domain.page_state import changes

    said = changes(context.page_before, context.page_after).describe()
    assert said == expected, said


@then("the page before with what changed is the page after")
def step_changes_back(context: Any) -> None:
    from cleveragents.domain.action_reverter import same_page
    from cleveragents.domain.page_state import apply_changes, changes

    delta = changes(context.page_before, context.page_after)
    assert same_page(apply_changes(context.page_before, delta), context.page_after)
    assert same_page(apply_changes(None, changes(None, context.page_after)), context.page_after)


@then("the two pages are {expected:f} alike")
def step_alike(context: Any, expected: float) -> None:
    from cleveragents.domain.page_state import similarity

    found = similarity(context.page_before, context.page_after)
    assert round(found, 2) == expected, found


@when("random reversible actions on a model of the settings page are each undone by the reverter")
def step_reverter_property(context: Any) -> None:
    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.domain.action_reverter import inverse, same_page
    from cleveragents.domain.browser import BrowserAction, ElementRef
    from features.support.properties import property_seed, reproducible

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", 100))
    seed = property_seed()
    print(
        f"page reverter property: seed {seed}, {examples} examples; replay with "
        f"CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}",
        file=sys.stderr,
    )
    dark = ElementRef(role="checkbox", name="Dark mode")

    def choices(model: SettingsPage) -> Any:
        if model.dialog is None:
            return st.sampled_from(["Settings", "Export"]).map(
                lambda n: BrowserAction(op="click", element=ElementRef(role="button", name=n))
            )
        if model.dialog == "Export":
            return st.just(BrowserAction(op="press", key="Escape"))
        return st.one_of(
            st.sampled_from(["check", "uncheck", "click"]).map(
                lambda op: BrowserAction(op=op, element=dark)
            ),
            st.text(max_size=8).map(
                lambda t: BrowserAction(
                    op="fill", element=ElementRef(role="textbox", name="Display name"), text=t
                )
            ),
            st.sampled_from(THEMES).map(
                lambda o: BrowserAction(
                    op="select", element=ElementRef(role="combobox", name="Theme"), option=o
                )
            ),
        )

    context.property_failure = None

    @reproducible(examples, seed)
    @for_every(st.data(), st.integers(min_value=1, max_value=12))
    def check(data: Any, length: int) -> None:
        model = SettingsPage()
        start = model.state()
        journal = []
        for _ in range(length):
            action = data.draw(choices(model))
            if action.op == "press":  # closing a dialog is no reversible action: stop here
                break
            before = model.state()
            model.take(action)
            journal.append((action, before, model.state()))
        for action, before, after in reversed(journal):
            how = inverse(action, before, after)
            assert how.irreversible is None, f"{action.describe()}: {how.describe()}"
            for step in how.steps:
                model.take(step)
            assert same_page(model.state(), before), f"{action.describe()} not undone"
        assert same_page(model.state(), start)

    try:
        check()
    except AssertionError as failure:
        context.property_failure = f"seed {seed}: {failure}"


@then("every example ended in the page it started from")
def step_reverter_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
