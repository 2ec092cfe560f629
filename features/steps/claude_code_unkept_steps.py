"""Steps of claude_code.unkept.property.feature: what no checkpoint holds of a call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from behave import then, when

from features.support.properties import run_property

EXAMPLES = 200


def _check(examples: int, seed: int, tmp: Path) -> int:
    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.domain.command_saves import shown_path
    from cleveragents.domain.tool_effects import unkept
    from features.support.properties import reproducible

    names = st.text(st.sampled_from("ab/ \n\x1b"), min_size=1, max_size=12)
    outside = st.one_of(st.none(), st.sampled_from(["may reach the network (curl)", "writes /x"]))
    ran = 0

    @reproducible(examples, seed)
    @for_every(outside, st.lists(names, max_size=3), st.lists(names, max_size=3))
    def holds(effect: str | None, made: list[str], empty: list[str]) -> None:
        nonlocal ran
        ran += 1
        action: dict[str, Any] = {"type": "tool", "tool": "Bash", "input": {}}
        if effect is not None:
            action.update(irreversible=True, outside=effect)
        marked, said = unkept(action, made, empty)
        stays = effect is not None or bool(made or empty)
        assert bool(marked.get("irreversible")) == stays, (marked, effect, made, empty)
        assert bool(said) == stays, said
        for path in [*made, *empty]:
            assert f"{shown_path(path)}/" in marked["outside"], (path, marked)
            assert any(f"{shown_path(path)}/" in line for line in said), (path, said)
        for line in said:
            assert not any(c in line for c in "\n\x1b"), line  # control characters escaped
        if effect is not None:
            assert marked["outside"].startswith(effect), marked
        assert marked["input"] is action["input"]  # the call's own input stays as recorded

    holds()
    return ran


@when("random finished calls are judged for what no checkpoint holds")
def step_unkept_judged(context: Any) -> None:
    ran = run_property(context, "unkept property", _check, EXAMPLES)
    assert ran is None or ran > 0, "no example ran"


@then("each is marked irreversible exactly when something stays, each repository named")
def step_unkept_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
