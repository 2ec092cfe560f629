"""The decision tree as a rich Tree: one `#id` a line, forks where the paths part.

Every decision's line opens with its outcome mark and its id (`✓ #8  step 2 · choose
database`), the one number `plan correct --decision` and `plan decision` take, so
`grep 'choose database' | grep -o '#[0-9.]*'` finds it. Words, not colour, say what is off
the live path; colour (and `dim` for those paths) only helps on a terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rich.text import Text
from rich.tree import Tree

from cleveragents.adapters.render.labels import fate, headline
from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import Plan, PlanStatus
from cleveragents.domain.shown_text import visible
from cleveragents.domain.tree import MAIN_LINE_KINDS, children_of

PLAN_STYLE = {PlanStatus.COMPLETED: "green", PlanStatus.FAILED: "red", PlanStatus.CANCELLED: "red"}
# While a plan is in one of these, a decision with no outcome yet is work under way.
RUNNING = frozenset({PlanStatus.STRATEGIZING, PlanStatus.EXECUTING, PlanStatus.VERIFYING})
MARKS = {True: ("✓ ", "green"), False: ("✗ ", "red"), None: ("• ", "yellow")}


def decision_label(decision: Decision, running: bool = True, home: str | None = None) -> Text:
    """`✓ #7  action · write greet.py — wrote greet.py`, then what took it off the live path.
    What the actor wrote shows its control characters escaped (a Text drops some unseen).

    `running` False (the plan is not running): a decision with no outcome was cut short,
    and says `unfinished` rather than looking like work still to come. A decision made
    elsewhere than `home` (where the plan began, when it travelled) says where.
    """
    unfinished = decision.ok is None and not running
    mark, colour = ("○ ", "yellow") if unfinished else MARKS[decision.ok]
    text = Text()  # a style given here would colour the whole line, user text included
    text.append(mark, style=colour)
    text.append(f"#{decision.id}", style="bold")
    kind, rest = headline(decision)
    text.append(f"  {kind}", style="cyan")
    if rest:
        text.append(f" · {visible(rest, one_line=True)}")
    if decision.distance_before is not None and decision.distance_after is not None:
        text.append(
            f" [distance {decision.distance_before:.2g} → {decision.distance_after:.2g}]",
            style="blue",
        )
    if decision.outcome:
        text.append(f" — {visible(decision.outcome, one_line=True)}")
    gone = fate(decision)
    if gone is None and unfinished:
        gone = "unfinished"
    if gone:
        text.append(f" [{gone}]", style="magenta")
    if decision.made_by and home and decision.made_by != home:
        text.append(f" (made by {decision.made_by})", style="yellow")
    if decision.status is not DecisionStatus.ACTIVE:
        text.stylize("dim")
    return text


def branch_label(first: Decision) -> Text:
    """The head of one path where the tree forks, named by its first decision."""
    gone = fate(first)
    if first.kind is DecisionKind.USER_INTERVENTION:
        name = f"corrected path ({headline(first)[0]})"
    else:
        name = "original path" if gone else "path"
    text = Text(f"⑂ {name} — {gone or 'live'}", style="bold magenta" if gone else "bold green")
    if gone:
        text.stylize("dim")
    return text


def plan_label(plan: Plan) -> Text:
    text = Text(f"plan {plan.id} ", style="bold")
    text.append(plan.status.value, style=PLAN_STYLE.get(plan.status, "yellow"))
    text.append(f" — {visible(plan.task, one_line=True)}")
    return text


# A line to draw: where, which decision, how many levels below the main line, whether it
# heads one of the paths of a fork.
Work = tuple[Tree, Decision, int, bool]


def render_tree(plan: Plan, decisions: Sequence[Decision], depth: int | None = None) -> Tree:
    """The main line at one level, each step's actions and checks one level below it.

    Where the main line forks (a correction, sibling of the decision it replaces), each
    path hangs below a `⑂` label at that level, the oldest first. `depth` is how many
    levels below the main line show (None: all). Decisions whose parent is not shown (as
    after `--since`) start lines of their own. Lines still to draw wait on a stack, not in
    a recursion: a main line is as long as its plan.
    """
    tree = Tree(plan_label(plan))
    running = plan.status in RUNNING
    home = min(decisions, key=lambda d: d.seq).made_by if decisions else None
    shown_ids = {d.id for d in decisions}
    children = children_of(decisions)
    roots = [d for d in sorted(decisions, key=lambda d: d.seq) if d.parent_id not in shown_ids]
    todo = _next(tree, tree, roots, 0, depth)
    while todo:
        branch, node, level, heads_path = todo.pop()
        if heads_path:
            branch = branch.add(branch_label(node))
        shown = branch.add(decision_label(node, running, home))
        todo += _next(branch, shown, children.get(node.id, []), level, depth)
    return tree


def whole_lines(tree: Tree) -> Text:
    """The tree drawn as rich draws it, but as whole lines, for output never wrapped or cut.

    A rich Tree cuts a line at the console's width; scripts reading a pipe need each line
    whole, however long the guidance in it.
    """
    lines: list[Text] = []
    # (node, its line's guides, its children's guides): drawn in order, off a stack.
    todo: list[tuple[Tree, str, str]] = [(tree, "", "")]
    while todo:
        node, guides, below = todo.pop()
        label = cast(Text, node.label)  # every label drawn here is one
        lines.append(Text(guides, style="tree.line") + label)
        last = len(node.children) - 1
        todo += reversed(
            [
                (
                    kid,
                    below + ("└── " if i == last else "├── "),
                    below + ("    " if i == last else "│   "),
                )
                for i, kid in enumerate(node.children)
            ]
        )
    return Text("\n").join(lines)


def _next(
    branch: Tree, shown: Tree, kids: list[Decision], level: int, depth: int | None
) -> list[Work]:
    """What to draw after a decision drawn as `shown` on `branch`, in stack order.

    Its leaves (actions, checks) go below it, one level down; the main line goes on beside
    it on `branch`, or forks there into one labelled path per main-line child.
    """
    main = [kid for kid in kids if kid.kind in MAIN_LINE_KINDS]
    leaves = [kid for kid in kids if kid.kind not in MAIN_LINE_KINDS]
    if depth is not None and level + 1 > depth:
        leaves = []
    forked = len(main) > 1
    # Popped last first: the main line waits under the leaves, which come out in order.
    return [(branch, kid, level, forked) for kid in reversed(main)] + [
        (shown, kid, level + 1, False) for kid in reversed(leaves)
    ]
