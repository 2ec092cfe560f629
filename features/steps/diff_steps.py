"""`agents plan diff`'s pure parts called directly: the pager's choice, git's colours, a
file's status, colour on or off, where an unfinished step's changes end."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from behave import given, then, when

from cleveragents.adapters.render.diff import (
    BOLD,
    CYAN,
    GREEN,
    RED,
    RESET,
    colored_patch,
    colored_stat,
)
from cleveragents.cli import output
from cleveragents.cli.pager import pager_command
from cleveragents.domain.checkpoint import TreeEntry
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.diff import file_status, last_finished_below
from cleveragents.domain.plan import Phase

STYLES = {"bold": BOLD, "cyan": CYAN, "green": GREEN, "red": RED}


def _value(text: str) -> str | None:
    return None if text == "-" else "" if text == "(empty)" else text.replace("\\|", "|")


@given('GIT_PAGER is "{git_pager}", core.pager is "{core_pager}" and PAGER is "{pager}"')
def step_pager_settings(context: Any, git_pager: str, core_pager: str, pager: str) -> None:
    context.environ = {
        name: value
        for name, value in (("GIT_PAGER", _value(git_pager)), ("PAGER", _value(pager)))
        if value is not None
    }
    context.core_pager = _value(core_pager)
    context.core_pager_read = False


@when("the pager is chosen")
def step_choose_pager(context: Any) -> None:
    def configured() -> str | None:
        context.core_pager_read = True
        return context.core_pager

    context.pager = pager_command(context.environ, configured)


@then('the pager is "{chosen}"')
def step_pager_is(context: Any, chosen: str) -> None:
    expected = None if chosen == "none" else chosen.replace("\\|", "|")
    assert context.pager == expected, f"{context.pager!r} != {expected!r}"


@then("core.pager was not read")
def step_core_pager_unread(context: Any) -> None:
    assert not context.core_pager_read


@given("the patch")
def step_patch(context: Any) -> None:
    context.source, context.paint = context.text, colored_patch


@given("the stat")
def step_stat(context: Any) -> None:
    context.source, context.paint = context.text, colored_stat


@when("it is painted for a terminal")
def step_paint(context: Any) -> None:
    context.painted = context.paint(context.source).split("\n")


def _line(context: Any, number: int) -> str:
    return str(context.painted[number - 1])


@then('the painted line {number:d} is {style:w} "{text}"')
def step_painted_whole(context: Any, number: int, style: str, text: str) -> None:
    expected = text if style == "plain" else f"{STYLES[style]}{text}{RESET}"
    assert _line(context, number) == expected, f"{_line(context, number)!r} != {expected!r}"


@then('the painted line {number:d} starts {style:w} "{head}", then "{rest}"')
def step_painted_head(context: Any, number: int, style: str, head: str, rest: str) -> None:
    expected = f"{STYLES[style]}{head}{RESET}{rest}"
    assert _line(context, number) == expected, f"{_line(context, number)!r} != {expected!r}"


@then('the painted line {number:d} is "{head}" with only the {style:w} graph "{graph}"')
def step_painted_graph(context: Any, number: int, head: str, style: str, graph: str) -> None:
    expected = f"{head}{STYLES[style]}{graph}{RESET}"
    assert _line(context, number) == expected, f"{_line(context, number)!r} != {expected!r}"


@then('the painted line {number:d} is "{head}" with the graph green "{added}", red "{removed}"')
def step_painted_both(context: Any, number: int, head: str, added: str, removed: str) -> None:
    expected = f"{head}{GREEN}{added}{RESET}{RED}{removed}{RESET}"
    assert _line(context, number) == expected, f"{_line(context, number)!r} != {expected!r}"


@when('a path goes from mode "{before}" to mode "{after}"')
def step_modes(context: Any, before: str, after: str) -> None:
    context.status = file_status(TreeEntry(before, "1" * 40), TreeEntry(after, "2" * 40))


@then('its status is "{status}"')
def step_status(context: Any, status: str) -> None:
    assert context.status == status, context.status


@given('colour is "{choice}" and NO_COLOR is "{no_color}"')
def step_colour_choice(context: Any, choice: str, no_color: str) -> None:
    import os

    previous_choice, previous_no_color = output.color, os.environ.get("NO_COLOR")

    def put_back() -> None:
        output.color = previous_choice
        os.environ.pop("NO_COLOR", None)
        if previous_no_color is not None:
            os.environ["NO_COLOR"] = previous_no_color

    context.cleanups.append(put_back)
    output.color = choice
    os.environ.pop("NO_COLOR", None)
    if no_color != "-":
        os.environ["NO_COLOR"] = no_color


@then("stdout gets colour: {answer}")
def step_colour_answer(context: Any, answer: str) -> None:
    assert output.use_color() is (answer == "yes")


@given('the decisions "{listing}"')
def step_decisions(context: Any, listing: str) -> None:
    """`2 action under 1 done`: id, kind, parent, and whether a checkpoint follows it."""
    context.decisions = []
    for seq, item in enumerate(listing.split(","), start=1):
        words = item.split()
        parent = words[words.index("under") + 1] if "under" in words else None
        context.decisions.append(
            Decision(
                plan_id="p",
                id=words[0],
                seq=seq,
                parent_id=parent,
                kind=DecisionKind(words[1]),
                phase=Phase.EXECUTE,
                summary=item.strip(),
                checkpoint_before=f"c{seq}",
                checkpoint_after=f"c{seq}+" if words[-1] == "done" else None,
                created_at=datetime.now(UTC),
            )
        )


@then('the last finished below "{decision_id}" is "{expected}"')
def step_last_finished(context: Any, decision_id: str, expected: str) -> None:
    found = last_finished_below(context.decisions, decision_id)
    assert (found.id if found else "none") == expected, found
