"""Steps of the corrected-context rule: what the redone branch is told after a revert."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from behave import given, then, when

from cleveragents.domain.corrected_context import (
    branch_checkpoint,
    branch_message,
    corrected_context,
    told_differing,
)
from cleveragents.domain.correction import Restore
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.plan import Phase
from cleveragents.domain.strategy import ActorContext


def _listed(text: str) -> list[str]:
    return [] if text == "-" else [item.strip() for item in text.split(",")]


def _decision(id_: str, seq: int, kind: DecisionKind, option: str | None = None) -> Decision:
    return Decision(
        plan_id="p",
        id=id_,
        seq=seq,
        kind=kind,
        phase=Phase.EXECUTE,
        summary=f"decision {id_}",
        step=2,
        option=option,
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
    )


@given('the agent\'s context at the target holds the guidance "{before}" and the notes "{notes}"')
def step_context(context: Any, before: str, notes: str) -> None:
    context.at_target = ActorContext(task="t", guidance=_listed(before), notes=_listed(notes))


@given('the superseded branch took the options "{taken}" at the target\'s step 2')
def step_taken(context: Any, taken: str) -> None:
    context.target = _decision("5", 5, DecisionKind.STEP)
    actions = [
        _decision(str(6 + i), 6 + i, DecisionKind.ACTION, option)
        for i, option in enumerate(_listed(taken))
    ]
    context.affected = [context.target, *actions]


@when('it is corrected with the guidance "{guidance}", "{differ}" differing, "{kept}" kept')
def step_corrected(context: Any, guidance: str, differ: str, kept: str) -> None:
    context.corrected = corrected_context(
        context.at_target,
        guidance,
        context.affected,
        context.target,
        _listed(differ),
        _listed(kept),
    )


@then('its guidance is "{guidance}"')
def step_guidance(context: Any, guidance: str) -> None:
    assert context.corrected.context.guidance == _listed(guidance), context.corrected


@then('the options it avoids at step 2 are "{avoided}"')
def step_avoided(context: Any, avoided: str) -> None:
    expected = {"2": _listed(avoided)} if avoided != "-" else {}
    assert context.corrected.avoided == expected, context.corrected.avoided
    assert context.corrected.context.superseded_options == expected, context.corrected


@then('its notes are "{told}"')
def step_notes(context: Any, told: str) -> None:
    expected = [] if told == "-" else told.split("; ")
    assert context.corrected.context.notes == expected, context.corrected.context.notes


@then("with --restore {restore} the conversation goes on from message {message:d}")
def step_branch(context: Any, restore: str, message: int) -> None:
    assert branch_message(Restore(restore), latest=9, at_target=3) == message


@given(
    'the files restored are "{restored}" and those changed since the target\'s checkpoint "{since}"'
)
def step_files_differ(context: Any, restored: str, since: str) -> None:
    context.restored, context.since = _listed(restored), _listed(since)


@then('with --restore {restore} the agent is told that "{told}" differ')
def step_told(context: Any, restore: str, told: str) -> None:
    read: list[str] = []

    def since_target() -> list[str]:
        read.append("read")
        return context.since

    differ = told_differing(Restore(restore), context.restored, since_target)
    assert differ == _listed(told), differ
    # The tree is compared with the target's only when only the context goes back.
    assert bool(read) == (restore == "context"), read
    context.restore = Restore(restore)


@then("the redone branch starts from the {start} checkpoint")
def step_branch_start(context: Any, start: str) -> None:
    found = branch_checkpoint(context.restore, restored="restored", safety="safety")
    assert found == start, found
