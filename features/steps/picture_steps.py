"""The pictures' renderers and the decisions' diffs, called directly: on a plan that ran in a
real repository (real git checkpoints), or on decisions drawn by hand for states a scripted
run does not reach (a command's output, an interrupted path beside a superseded one)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from behave import given, then, when

from cleveragents.adapters.render.dot import render_dot
from cleveragents.adapters.render.html import render_html
from cleveragents.adapters.render.mermaid import render_mermaid
from cleveragents.application.decision_diffs import decision_diffs
from cleveragents.domain.correction import Correction, CorrectionMode, Restore
from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import ActorSpec, Phase, Plan, PlanStatus
from features.steps.checkpoint_steps import services
from features.steps.cli_steps import expand

NOW = datetime(2026, 1, 1, tzinfo=UTC)
HOSTILE_OUTCOME = "boom <b>&amp;</b> {{x}}"
LONG = "A" * 150


def literal(text: str) -> str:
    """A quoted step argument with `\\"` and `\\\\` read as in a string literal."""
    return re.sub(r"\\(.)", r"\1", text)


def hand_drawn() -> tuple[Plan, list[Decision], list[Correction]]:
    plan = Plan(
        id="abc123",
        task="drawn by hand",
        status=PlanStatus.FAILED,
        actor=ActorSpec(kind="scripted"),
        created_at=NOW,
        updated_at=NOW,
    )

    def decision(
        seq: int, parent: str | None, kind: DecisionKind, summary: str, **more: Any
    ) -> Decision:
        return Decision(
            plan_id=plan.id,
            id=str(seq),
            seq=seq,
            parent_id=parent,
            kind=kind,
            phase=Phase.EXECUTE,
            summary=summary,
            created_at=NOW,
            **more,
        )

    superseded = {"status": DecisionStatus.SUPERSEDED, "superseded_by": "c1"}
    decisions = [
        decision(1, None, DecisionKind.STRATEGY, "3 steps", ok=True, outcome="plan proposed"),
        decision(2, "1", DecisionKind.STEP, "step 1: first try", ok=False, **superseded),
        decision(
            3,
            "2",
            DecisionKind.VERIFICATION,
            'check: boom "q" \\N',
            ok=False,
            outcome=HOSTILE_OUTCOME,
            output=f"{HOSTILE_OUTCOME}\nline2",
            **superseded,
        ),
        decision(4, "1", DecisionKind.STEP, "step 1: cut short", status=DecisionStatus.INTERRUPTED),
        decision(5, "1", DecisionKind.STEP, LONG),
    ]
    corrections = [
        Correction(
            id="c1",
            plan_id=plan.id,
            mode=CorrectionMode.REVERT,
            target="2",
            guidance="again",
            restore=Restore.BOTH,
            created_at=NOW,
        ),
        Correction(
            id="c2",
            plan_id=plan.id,
            mode=CorrectionMode.APPEND,
            target=None,
            guidance='go on "now"',
            restore=Restore.BOTH,
            created_at=NOW,
        ),
    ]
    return plan, decisions, corrections


@when("the diffs of the plan's decisions are taken, {each:d} bytes each and {total:d} in all")
def step_take_diffs(context: Any, each: int, total: int) -> None:
    s = services(context)
    context.picture = s.inspection.tree(None)
    context.diffs = decision_diffs(s.checkpoints.trees, context.picture[1], each=each, total=total)
    context.each = each


def step_of(context: Any, number: int) -> Decision:
    return next(d for d in context.picture[1] if d.kind is DecisionKind.STEP and d.step == number)


@then("the diff of the first step is cut after a line, its cut bytes counted")
def step_cut(context: Any) -> None:
    step = step_of(context, 1)
    # `patch` gives git's output less its last newline; the page's diffs keep it.
    whole = services(context).checkpoints.trees.patch(step.checkpoint_before, step.checkpoint_after)
    whole += "\n"
    diff = context.diffs[step.id]
    assert diff.patch and diff.patch.endswith("\n"), diff
    assert len(diff.patch.encode()) <= context.each, diff
    assert whole.startswith(diff.patch), (whole, diff)
    assert diff.cut == len(whole.encode()) - len(diff.patch.encode()) > 0, diff


@then("the diff of the second step is left out")
def step_left_out(context: Any) -> None:
    assert context.diffs[step_of(context, 2).id].patch is None, context.diffs


@then("a decision whose checkpoint is gone has no diff")
def step_gone(context: Any) -> None:
    gone = step_of(context, 1).model_copy(update={"checkpoint_before": "0" * 40})
    assert decision_diffs(services(context).checkpoints.trees, [gone]) == {}


@then('the page of the plan says "{text}"')
def step_page_of_plan(context: Any, text: str) -> None:
    plan, decisions, corrections = context.picture
    page = render_html(plan, decisions, corrections, context.diffs)
    assert literal(text) in page, page


@given(
    "a plan drawn by hand: a failed check with output, forks with an interrupted and a live "
    "path, an appended correction"
)
def step_hand_drawn(context: Any) -> None:
    context.picture = hand_drawn()


@then('its page says "{text}"')
def step_its_page(context: Any, text: str) -> None:
    page = render_html(*context.picture, {})
    assert literal(text) in page, page


@then('its Mermaid says "{text}"')
def step_its_mermaid(context: Any, text: str) -> None:
    drawn = render_mermaid(*context.picture[:2])
    assert literal(text) in drawn, drawn


@then("its Mermaid shortens the long summary to 100 characters")
def step_its_mermaid_short(context: Any) -> None:
    drawn = render_mermaid(*context.picture[:2])
    assert "A" * 99 + "…" in drawn and "A" * 100 not in drawn, drawn


@then('its DOT says "{text}"')
def step_its_dot(context: Any, text: str) -> None:
    drawn = render_dot(*context.picture[:2])
    assert literal(text) in drawn, drawn


@then('the page "{path}" says "{text}"')
def step_page_file(context: Any, path: str, text: str) -> None:
    page = Path(expand(context, path)).read_text()
    assert literal(text) in page, page
