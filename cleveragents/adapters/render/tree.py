"""The decision tree as a rich Tree: the main line flat, branches nested where it forks."""

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
    """The head of one path where the tree forks: the superseded one or the live one."""
    if first.status is DecisionStatus.ACTIVE:
        if first.kind is DecisionKind.USER_INTERVENTION:
            return Text("⑂ corrected path", style="bold green")
        return Text("⑂ live path", style="bold green")
    by = (
        f" by correction {first.superseded_by}" if first.status is DecisionStatus.SUPERSEDED else ""
    )
    return Text(f"⑂ original path ({first.status.value}{by})", style="bold magenta")


def plan_label(plan: Plan) -> Text:
    text = Text(f"plan {plan.id} ", style="bold")
    text.append(plan.status.value, style=PLAN_STYLE.get(plan.status, "yellow"))
    text.append(f" — {plan.task}")
    return text


def render_tree(plan: Plan, decisions: Sequence[Decision]) -> Tree:
    """A node's single main-line child continues at its level; a fork nests each branch."""
    tree = Tree(plan_label(plan))
    children = children_of(decisions)

    def add_line(branch: Tree, first: Decision) -> None:
        node: Decision | None = first
        while node is not None:
            shown = branch.add(decision_label(node))
            kids = children.get(node.id, [])
            for leaf in (k for k in kids if k.kind not in MAIN_LINE_KINDS):
                add_line(shown, leaf)
            main = [k for k in kids if k.kind in MAIN_LINE_KINDS]
            node = main[0] if len(main) == 1 else None
            if len(main) > 1:
                for fork in main:
                    add_line(shown.add(branch_label(fork)), fork)

    for root in children.get(None, []):
        add_line(tree, root)
    return tree
