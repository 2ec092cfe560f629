"""The restore-scope rules called directly (paths "a, b"; "-" is none), and a terminal that
answers each question of a command in turn."""

from __future__ import annotations

from typing import Any

from behave import given, then, when

from cleveragents.domain.checkpoint import ABSENT, TreeEntry
from cleveragents.domain.restore_scope import (
    agent_runs,
    agent_work,
    classify,
    touched_by_user,
    within,
)
from features.steps.checkpoint_steps import services
from features.steps.cli_steps import on_terminal
from features.steps.correction_steps import fresh, intervention
from features.steps.repo_steps import unescape


def paths(text: str) -> list[str]:
    return [] if text.strip() == "-" else [part.strip() for part in text.split(",")]


@given(
    'a restore asked for "{candidates}", with "{differ}" differing from the target '
    'and "{mine}" changed since the agent'
)
def step_restore(context: Any, candidates: str, differ: str, mine: str) -> None:
    context.restore = (paths(candidates), paths(differ), paths(mine))


@when('its paths are grouped with the {scope} scope, never restoring "{never}"')
def step_group(context: Any, scope: str, never: str) -> None:
    assert scope in ("agent", "full"), scope
    candidates, differ, mine = context.restore
    context.groups = classify(candidates, differ, mine, full=scope == "full", never=paths(never))


@then('restored is "{restored}", kept is "{kept}" and conflicts are "{conflicts}"')
def step_groups(context: Any, restored: str, kept: str, conflicts: str) -> None:
    expected = {"restored": paths(restored), "kept": paths(kept), "conflicts": paths(conflicts)}
    assert context.groups.as_json() == expected, f"{context.groups.as_json()} != {expected}"


@then('the path "{path}" is {verdict} "{pathspecs}"')
def step_within(context: Any, path: str, verdict: str, pathspecs: str) -> None:
    assert verdict in ("within", "not within"), verdict
    assert within(path, paths(pathspecs)) is (verdict == "within")


@when('on a terminal I run "{command}" answering "{answers}" in turn')
def step_run_tty_answers(context: Any, command: str, answers: str) -> None:
    on_terminal(context, command, [a.strip() for a in answers.split(",")])


@given('I change "{path}" to "{content}"')
def step_change(context: Any, path: str, content: str) -> None:
    (context.repo / path).write_bytes(unescape(content).encode())


@then('the file "{path}" holds exactly "{content}"')
def step_holds(context: Any, path: str, content: str) -> None:
    actual = (context.repo / path).read_bytes()
    assert actual == unescape(content).encode(), f"{path} holds {actual!r}"


@then('the terminal shows the group "{title}" with "{listed}"')
def step_group_shown(context: Any, title: str, listed: str) -> None:
    """The group's title, its count, then each path on a line of its own (a terminal's CRLF)."""
    names = paths(listed)
    block = f"{title}: {len(names)}\r\n" + "".join(f"  {name}\r\n" for name in names)
    assert block in context.result.stdout, f"{block!r} not in:\n{context.result.stdout}"


@then('no line of stdout starts with "{text}"')
def step_no_line_starts(context: Any, text: str) -> None:
    found = [line for line in context.result.stdout.splitlines() if line.startswith(text)]
    assert not found, found


@then('the first strategy after the correction was told "{note}"')
def step_told(context: Any, note: str) -> None:
    _, decisions = fresh(context)
    cut = intervention(decisions)
    strategy = next(d for d in decisions if d.parent_id == cut.id and d.kind.value == "strategy")
    data = services(context).store.actor_state(strategy.actor_state_before).data
    assert note in data["notes"], data["notes"]


def _entry(text: str) -> TreeEntry:
    return TreeEntry(ABSENT, "") if text == "-" else TreeEntry("100644", text)


@given('the agent\'s decisions changed a.txt as "{changes}"')
def step_agent_changes(context: Any, changes: str) -> None:
    steps = [] if changes == "-" else [c.strip().split(">") for c in changes.split(",")]
    changes = [{"a.txt": (_entry(a), _entry(b))} for a, b in steps]
    context.work, context.runs = agent_work(changes), agent_runs(changes)


@when('a.txt is "{target}" at the target and "{now}" in the working tree')
def step_target_now(context: Any, target: str, now: str) -> None:
    # A path of the agent's goes back to what the agent found there, not to the target's.
    found = context.work["a.txt"][0] if "a.txt" in context.work else _entry(target)
    context.to_target = {"a.txt": (found, _entry(now))} if found != _entry(now) else {}


@then("a.txt is {verdict}")
def step_work_verdict(context: Any, verdict: str) -> None:
    mine = touched_by_user(context.work, context.to_target, context.runs)
    found = (
        "none of the agent's"
        if "a.txt" not in context.work
        else "the agent's, conflict"
        if "a.txt" in mine
        else "the agent's, as it found it already"
        if "a.txt" not in context.to_target
        else "the agent's, undone"
    )
    if verdict.startswith("the agent's, undone to "):  # what it goes back to, too
        found += f" to {context.to_target['a.txt'][0].blob}"
    assert found == verdict, f"{found}: {context.work}, {context.to_target}"
