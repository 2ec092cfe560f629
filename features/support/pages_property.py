"""The property behind "a pulled plan opens no page nobody here vouched for".

Each example is a plan file whose `goto`s stand anywhere a page action may (a step's
options, its local actions and their explorations, a contingency, steps inside phases),
with or without a `browser:` URL and a command, pulled from another clone. Every URL it may
open must be in the list a person is shown, and without a terminal and without
--trust-plan, `PlanTrust.here` must refuse it whatever --allow-command patterns are given
here, naming --trust-plan and its first page; with --trust-plan it goes on, and is this
clone's from then on.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.application.plan_trust import PlanTrust
from cleveragents.bootstrap import plan_file_commands, plan_file_pages
from cleveragents.domain.plan import ActorSpec, Plan
from cleveragents.domain.trust import GivenHere
from cleveragents.errors import ConflictingState

PLACES = ("option", "local", "explore", "contingency")
urls = st.sampled_from(["http://127.0.0.1:9/", "https://example.org/a?b=c", "about", "/x#y"])
gotos = st.lists(st.tuples(st.sampled_from(PLACES), urls), max_size=5)


def plan_text(
    browser: str | None, placed: list[tuple[str, str]], phases: bool, runs: bool = False
) -> str:
    """A plan file with each (place, url) of `placed` as a `goto` at that place, and a
    command in its step's option when it `runs`."""
    at = {place: [u for p, u in placed if p == place] for place in PLACES}

    def actions(place: str, indent: str) -> str:
        found = at[place] or []
        lines = [f"{indent}- goto: {json.dumps(u)}\n" for u in found]
        return "".join(lines) or f"{indent}- press: Escape\n"

    step = (
        "  - name: s\n    options:\n      - actions:\n"
        + ("          - run: echo ran\n" if runs else "")
        + actions("option", "          ")
        + "    local:\n      - name: l\n        actions:\n"
        + actions("local", "          ")
        + "        explore:\n          - name: e\n            actions:\n"
        + actions("explore", "              ")
    )
    text = "task: t\n"
    if browser is not None:
        text += f"browser:\n  url: {json.dumps(browser)}\n"
    text += "contingencies:\n  - name: c\n    when_missing: m\n    actions:\n"
    text += actions("contingency", "      ")
    if phases:
        nested = "".join(f"    {line}\n" for line in step.splitlines())
        return text + "phases:\n  - name: p\n    steps:\n" + nested
    return text + "steps:\n" + step


def pulled(text: str, browser: str | None) -> Plan:
    now = datetime.now(UTC)
    spec = ActorSpec(kind="scripted", source="plan.yaml", script=text)
    return Plan(
        id="p1",
        task="t",
        actor=spec,
        browser_url=browser,
        settings_from="alice@laptop",
        allow_commands=["*"],
        sandbox=False,
        created_at=now,
        updated_at=now,
    )


class _Store:
    """Where `PlanTrust.here` saves the plan once settled: kept, to look at."""

    def __init__(self) -> None:
        self.saved: list[Plan] = []

    def transaction(self) -> _Store:
        return self

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None

    def save_plan(self, plan: Plan) -> None:
        self.saved.append(plan)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    from features.support.properties import reproducible

    ran = 0

    @reproducible(examples, seed)
    @given(
        st.one_of(st.none(), st.just("http://127.0.0.1:8/start")),
        gotos,
        st.booleans(),
        st.lists(st.sampled_from(["ls *", "*", "echo *"]), max_size=2),
        st.booleans(),
    )
    def listed_and_refused(
        browser: str | None,
        placed: list[tuple[str, str]],
        phases: bool,
        allow: list[str],
        runs: bool,
    ) -> None:
        nonlocal ran
        ran += 1
        text = plan_text(browser, placed, phases, runs)
        plan = pulled(text, browser)
        wanted = {u for _, u in placed} | ({browser} if browser else set())
        listed = plan_file_pages(plan)
        assert set(listed) == wanted, f"listed {listed}, the plan opens {wanted}: {text!r}"
        store = _Store()
        given_here = GivenHere(allow=tuple(allow))
        trust = PlanTrust(store, list, given_here, None, plan_file_commands, plan_file_pages)  # type: ignore[arg-type]
        try:
            trust.here(plan)
        except ConflictingState as refused:
            asked = wanted or (runs and not allow)  # --allow-command confines commands only
            assert asked, f"refused a plan that opens no page and runs nothing: {text!r}"
            assert "--trust-plan" in refused.line(), refused.line()
            assert not wanted or listed[0] in refused.line(), refused.line()
            assert not store.saved, "a refused plan was saved as trusted"
        else:
            assert not wanted, f"opened {sorted(wanted)} unasked, with {allow}: {text!r}"
            assert not runs or allow, f"ran a pulled plan's command unasked: {text!r}"
        trust.given = replace(given_here, plan_file=True)
        settled = trust.here(plan)
        assert settled.settings_from is None and store.saved[-1] == settled

    listed_and_refused()
    return ran
