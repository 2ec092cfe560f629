"""The local planning rules, called directly: histories are written "2>3, 3>3.5"."""

from __future__ import annotations

import math
from typing import Any

from behave import given, then, when
from pydantic import ValidationError

from cleveragents.domain.checkpoint import ABSENT
from cleveragents.domain.checkpoint import TreeEntry as CheckpointEntry
from cleveragents.domain.local_planning import (
    LocalStep,
    TreeEntry,
    decide,
    distance_from_checks,
    drifted,
    has_consistent_regression,
    is_stuck,
    jaccard,
    local_iterations_left,
    similarity_after,
    velocity_stalled,
)

ANSWERS = {"yes": True, "no": False}


def pair(text: str) -> tuple[str, str]:
    before, after = text.split(">")
    return before.strip(), after.strip()


def pairs(text: str) -> list[tuple[str, str]]:
    """Read `2>3, 3>3.5` as [("2", "3"), ("3", "3.5")]; `-` is none."""
    return [] if text.strip() == "-" else [pair(part) for part in text.split(",")]


def history(distances: str, states: str) -> list[LocalStep]:
    moves, visits = pairs(distances), pairs(states)
    assert len(moves) == len(visits), "one state pair per distance pair"
    return [
        LocalStep(state_before=a, state_after=b, distance_before=float(x), distance_after=float(y))
        for (x, y), (a, b) in zip(moves, visits, strict=True)
    ]


def fresh_states(count: int) -> str:
    return ", ".join(f"s{i}>s{i + 1}" for i in range(count)) or "-"


def tree(text: str) -> set[TreeEntry]:
    """Read `a:1 b:2` as {("a", "1"), ("b", "2")}; `-` is an empty tree."""
    if text.strip() == "-":
        return set()
    return {(path, blob) for path, blob in (entry.split(":") for entry in text.split())}


def near(value: float, expected: str) -> bool:
    return abs(value - float(expected)) < 0.005


@given('a local history with distances "{distances}" and states "{states}"')
def step_history(context: Any, distances: str, states: str) -> None:
    context.local_history = history(distances, states)


@given('a local history of fresh states with distances "{distances}"')
def step_history_fresh(context: Any, distances: str) -> None:
    states = fresh_states(len(pairs(distances)))
    context.local_history = history(distances, states)


@given("a local history of {count:d} fresh steps")
def step_history_count(context: Any, count: int) -> None:
    context.local_history = history(", ".join(["2>3"] * count) or "-", fresh_states(count))


@when("the local decision is taken with the goal {goal} and {options}")
def step_decide(context: Any, goal: str, options: str) -> None:
    goal_met = {"met": True, "not met": False}[goal]
    has_unexplored = {"an option left": True, "nothing left": False}[options]
    context.local_verdict, context.local_error = None, None
    try:
        context.local_verdict = decide(
            context.local_history, goal_met=goal_met, has_unexplored=has_unexplored
        )
    except ValueError as error:
        context.local_error = error


@then('the local decision is "{decision}" because "{reason}"')
def step_decision(context: Any, decision: str, reason: str) -> None:
    assert context.local_error is None, context.local_error
    verdict = context.local_verdict
    assert (verdict.decision, verdict.reason) == (decision, reason), verdict


@then('the local decision is refused because "{text}"')
def step_decision_refused(context: Any, text: str) -> None:
    assert context.local_verdict is None, context.local_verdict
    assert text in str(context.local_error), context.local_error


@when("a local step goes from distance {before} to distance {after}")
def step_local_step(context: Any, before: str, after: str) -> None:
    try:
        step = LocalStep(
            state_before="a",
            state_after="b",
            distance_before=float(before),
            distance_after=float(after),
        )
        context.local_outcome = f"progress {step.progress:+g}"
    except ValidationError:
        context.local_outcome = "refused"


@then('the local step gives "{outcome}"')
def step_local_outcome(context: Any, outcome: str) -> None:
    assert context.local_outcome == outcome, context.local_outcome


@given('the local states visited "{states}"')
def step_states(context: Any, states: str) -> None:
    context.local_states = [] if states == "-" else states.split()


@then("the local states count as stuck: {answer}")
def step_stuck(context: Any, answer: str) -> None:
    assert is_stuck(context.local_states) is ANSWERS[answer]


@then("the local history counts as a consistent regression: {answer}")
def step_regression(context: Any, answer: str) -> None:
    assert has_consistent_regression(context.local_history) is ANSWERS[answer]


@then("the local iterations left are {left:d}")
def step_iterations_left(context: Any, left: int) -> None:
    assert local_iterations_left(context.local_history) == left


@when("the local distance is scored from {passed:d} of {total:d} checks passing")
def step_score(context: Any, passed: int, total: int) -> None:
    try:
        context.local_distance = distance_from_checks(passed, total)
    except ValueError:
        context.local_distance = "refused"


@then('the local distance is "{expected}"')
def step_distance(context: Any, expected: str) -> None:
    distance = context.local_distance
    if expected == "refused":
        assert distance == "refused", distance
    else:
        assert distance != "refused" and near(distance, expected), distance


@given('the local tree planned on is "{entries}"')
def step_tree_planned(context: Any, entries: str) -> None:
    context.local_planned_on = tree(entries)


@given('the local tree now is "{entries}"')
def step_tree_now(context: Any, entries: str) -> None:
    context.local_now = tree(entries)


@then("the local trees are {similarity} similar both ways")
def step_similarity(context: Any, similarity: str) -> None:
    there = jaccard(context.local_planned_on, context.local_now)
    back = jaccard(context.local_now, context.local_planned_on)
    assert near(there, similarity) and there == back, (there, back)
    # The figure a run computes from the paths that differ, not from both listings.
    before, after = dict(context.local_planned_on), dict(context.local_now)
    differences = {
        path: (_entry(before.get(path)), _entry(after.get(path)))
        for path in before.keys() | after.keys()
        if before.get(path) != after.get(path)
    }
    from_changes = similarity_after(len(before), differences)
    assert math.isclose(from_changes, there), (from_changes, there)
    leave_out = set(list(before)[:1])
    left = {e for e in context.local_planned_on if e[0] not in leave_out}
    kept = {e for e in context.local_now if e[0] not in leave_out}
    partial = similarity_after(len(left), differences, leave_out)
    assert math.isclose(partial, jaccard(left, kept)), (partial, jaccard(left, kept))


def _entry(blob: str | None) -> CheckpointEntry:
    return CheckpointEntry(ABSENT, "0" * 40) if blob is None else CheckpointEntry("100644", blob)


@then("the local tree counts as drifted: {answer}")
def step_drifted(context: Any, answer: str) -> None:
    assert drifted(context.local_planned_on, context.local_now) is ANSWERS[answer]


@when("{successes:d} successful verifications in a row have not reached the goal")
def step_successes(context: Any, successes: int) -> None:
    context.local_successes = successes


@then("the local velocity counts as stalled: {answer}")
def step_stalled(context: Any, answer: str) -> None:
    assert velocity_stalled(context.local_successes) is ANSWERS[answer]
