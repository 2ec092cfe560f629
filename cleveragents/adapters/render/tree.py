"""The decision tree as a rich Tree: the live main line flat, superseded paths nested."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from rich.tree import Tree

from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import Plan, PlanStatus
from cleveragents.domain.tree import MAIN_LINE_KINDS, children_of

PLAN_STYLE = {PlanStatus.COMPLETED: "green", PlanStatus.FAILED: "red", PlanStatus.CANCELLED: "red"}


def decision_label(decision: Decision) -> Text:
    """`7 action write greet.py — wrote greet.py`, marked by outcome and status."""
    mark = {True: ("✓ ", "green"), False: ("✗ ", "red"), None: ("• ", "yellow")}[decision.ok]
    text = Text(mark[0], style=mark[1])
    text.append(f"{decision.id} ", style="bold")
    text.append(f"{decision.kind.value} ", style="cyan")
    text.append(decision.summary)
    if decision.distance_before is not None and decision.distance_after is not None:
        text.append(
            f" [distance {decision.distance_before:.2g} → {decision.distance_after:.2g}]",
            style="blue",
        )
    if decision.outcome:
        text.append(f" — {decision.outcome}", style="dim")
    if decision.status is not DecisionStatus.ACTIVE:
        by = f" by {decision.superseded_by}" if decision.superseded_by else ""
        text.append(f" [{decision.status.value}{by}]", style="magenta")
        text.stylize("strike", 0, len(text))
    return text


def branch_label(first: Decision) -> Text:
    """The head of one path where the tree forks: the live one or a superseded one."""
    corrected = first.kind is DecisionKind.USER_INTERVENTION
    if first.status is DecisionStatus.ACTIVE:
        return Text("⑂ corrected path" if corrected else "⑂ live path", style="bold green")
    by = (
        f" by correction {first.superseded_by}" if first.status is DecisionStatus.SUPERSEDED else ""
    )
    name = "corrected path" if corrected else "original path"
    return Text(f"⑂ {name} ({first.status.value}{by})", style="bold magenta")


def plan_label(plan: Plan) -> Text:
    text = Text(f"plan {plan.id} ", style="bold")
    text.append(plan.status.value, style=PLAN_STYLE.get(plan.status, "yellow"))
    text.append(f" — {plan.task}")
    return text


def render_tree(plan: Plan, decisions: Sequence[Decision]) -> Tree:
    """The main line at one level, each step's actions and checks below their step.

    Where a correction forked the line, the older path nests below its label and the newest
    (the correction's) goes on at the same level, so the live line never moves right. Lines
    still to draw wait on a stack, not in a recursion: a main line is as long as its plan.
    """
    tree = Tree(plan_label(plan))
    children = children_of(decisions)
    # (where to draw a line, the main-line decisions it goes on with): drawn in order.
    todo: list[tuple[Tree, list[Decision]]] = [(tree, children.get(None, []))]
    while todo:
        branch, ahead = todo.pop()
        found: list[tuple[Tree, list[Decision]]] = []
        while ahead:
            *older, node = ahead
            if older:
                found += [(branch.add(branch_label(path)), [path]) for path in older]
                branch.add(branch_label(node))
            shown = branch.add(decision_label(node))
            kids = children.get(node.id, [])
            found += [(shown, [kid]) for kid in kids if kid.kind not in MAIN_LINE_KINDS]
            ahead = [kid for kid in kids if kid.kind in MAIN_LINE_KINDS]
        todo += reversed(found)
    return tree
