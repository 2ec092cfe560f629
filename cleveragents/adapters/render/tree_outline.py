"""The decision tree as an outline of labelled lines, without rich.

`tree.py` draws the outline with rich for a terminal (colour, lines wrapped below their
guides); `plain_lines` writes it for a pipe, every line whole, as rich would write it there.
Read commands on a pipe so never import rich, and both drawings come from one outline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cleveragents.adapters.render.labels import fate, headline
from cleveragents.domain.read_model import DecisionLine, PlanLine
from cleveragents.domain.shown_text import visible
from cleveragents.domain.states import DecisionKind, DecisionStatus, PlanStatus
from cleveragents.domain.tree import MAIN_LINE_KINDS, children_of

if TYPE_CHECKING:
    from cleveragents.domain.page_state import PageRecord

PLAN_STYLE = {PlanStatus.COMPLETED: "green", PlanStatus.FAILED: "red", PlanStatus.CANCELLED: "red"}
# While a plan is in one of these, a decision with no outcome yet is work under way.
RUNNING = frozenset({PlanStatus.STRATEGIZING, PlanStatus.EXECUTING, PlanStatus.VERIFYING})
MARKS = {True: ("✓ ", "green"), False: ("✗ ", "red"), None: ("• ", "yellow")}


@dataclass
class Label:
    """A line's text in pieces, each with the style it has on a terminal; `style` that of
    the whole line under them, and `dim` dims the whole."""

    parts: list[tuple[str, str | None]]
    dim: bool = False
    style: str = ""

    def plain(self) -> str:
        return "".join(text for text, _ in self.parts)


@dataclass
class Outline:
    """One line of the tree and the lines hanging below it."""

    label: Label
    children: list[Outline] = field(default_factory=list)

    def add(self, label: Label) -> Outline:
        child = Outline(label)
        self.children.append(child)
        return child


def decision_label(decision: DecisionLine, running: bool = True, home: str | None = None) -> Label:
    """`✓ #7  action · write greet.py — wrote greet.py`, then what took it off the live path.
    What the actor wrote shows its control characters escaped.

    `running` False (the plan is not running): a decision with no outcome was cut short,
    and says `unfinished` rather than looking like work still to come. A decision made
    elsewhere than `home` (where the plan began, when it travelled) says where.
    """
    unfinished = decision.ok is None and not running
    mark, colour = ("○ ", "yellow") if unfinished else MARKS[decision.ok]
    parts: list[tuple[str, str | None]] = [(mark, colour), (f"#{decision.id}", "bold")]
    kind, rest = headline(decision)
    parts.append((f"  {kind}", "cyan"))
    if rest:
        parts.append((f" · {visible(rest, one_line=True)}", None))
    if decision.distance_before is not None and decision.distance_after is not None:
        distance = f"{decision.distance_before:.2g} → {decision.distance_after:.2g}"
        parts.append((f" [distance {distance}]", "blue"))
    if decision.outcome:
        parts.append((f" — {visible(decision.outcome, one_line=True)}", None))
    gone = fate(decision)
    if gone is None and unfinished:
        gone = "unfinished"
    if gone:
        parts.append((f" [{gone}]", "magenta"))
    if decision.made_by and home and decision.made_by != home:
        parts.append((f" (made by {decision.made_by})", "yellow"))
    return Label(parts, dim=decision.status is not DecisionStatus.ACTIVE)


def branch_label(first: DecisionLine) -> Label:
    """The head of one path where the tree forks, named by its first decision."""
    gone = fate(first)
    if first.kind is DecisionKind.USER_INTERVENTION:
        name = f"corrected path ({headline(first)[0]})"
    else:
        name = "original path" if gone else "path"
    style = "bold magenta" if gone else "bold green"
    return Label([(f"⑂ {name} — {gone or 'live'}", None)], dim=bool(gone), style=style)


def plan_label(plan: PlanLine) -> Label:
    return Label(
        [
            (f"plan {plan.id} ", None),
            (plan.status.value, PLAN_STYLE.get(plan.status, "yellow")),
            (f" — {visible(plan.task, one_line=True)}", None),
        ],
        style="bold",
    )


def _readable(page: Mapping[str, object] | None) -> PageRecord | None:
    """`page_state.readable_page`, imported only for a decision that has a page: a pipe's
    read of a plan with none never imports pydantic (`plan.read_views.feature`)."""
    if page is None:
        return None
    from cleveragents.domain.page_state import readable_page

    return readable_page(page)


def page_urls(decisions: Sequence[DecisionLine]) -> dict[str, str]:
    """The URL each browser decision saw. A decision records the URL only when it changed
    since the look before it in time, so it is carried forward in the order taken."""
    urls: dict[str, str] = {}
    url: str | None = None
    for decision in sorted(decisions, key=lambda d: d.seq):
        page = _readable(decision.page)
        if page is None:
            continue  # none, or hand-edited out of shape: `page_label` says so
        url = page.changes.url or url
        if url is not None:
            urls[decision.id] = url
    return urls


def page_label(decision: DecisionLine, url: str | None) -> Label:
    """`page http://host/ · 2 elements changed`: where a browser decision was, and how
    much of the page its look found changed (added, removed or changed elements)."""
    dim = decision.status is not DecisionStatus.ACTIVE
    page = _readable(decision.page)
    if page is None:
        return Label([("page ", "blue"), ("not readable", None)], dim=dim)
    changes = page.changes
    count = len(changes.added) + len(changes.removed) + len(changes.changed)
    amount = f"{count} element{'s' * (count != 1)} changed" if count else "no element changed"
    where = visible(url, one_line=True) if url else "(its URL is on a decision not shown)"
    return Label([("page ", "blue"), (where, None), (f" · {amount}", None)], dim=dim)


# A line to draw: where, which decision, how many levels below the main line, whether it
# heads one of the paths of a fork.
Work = tuple[Outline, DecisionLine, int, bool]


def outline(
    plan: PlanLine,
    decisions: Sequence[DecisionLine],
    depth: int | None = None,
    urls: Mapping[str, str] | None = None,
) -> Outline:
    """The main line at one level, each step's actions and checks one level below it.

    Where the main line forks (a correction, sibling of the decision it replaces), each
    path hangs below a `⑂` label at that level, the oldest first. `depth` is how many
    levels below the main line show (None: all). Decisions whose parent is not shown (as
    after `--since`) start lines of their own. Lines still to draw wait on a stack, not in
    a recursion: a main line is as long as its plan. A browser decision's URL comes from
    `urls` (`page_urls` of every decision taken, where `decisions` shows only some).
    """
    tree = Outline(plan_label(plan))
    running = plan.status in RUNNING
    home = min(decisions, key=lambda d: d.seq).made_by if decisions else None
    shown_ids = {d.id for d in decisions}
    urls = page_urls(decisions) if urls is None else urls
    children = children_of(decisions)
    roots = [d for d in sorted(decisions, key=lambda d: d.seq) if d.parent_id not in shown_ids]
    todo = _next(tree, tree, roots, 0, depth)
    while todo:
        branch, node, level, heads_path = todo.pop()
        if heads_path:
            branch = branch.add(branch_label(node))
        shown = branch.add(decision_label(node, running, home))
        if node.page is not None:
            shown.add(page_label(node, urls.get(node.id)))
        todo += _next(branch, shown, children.get(node.id, []), level, depth)
    return tree


def _next(
    branch: Outline, shown: Outline, kids: Sequence[DecisionLine], level: int, depth: int | None
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


def guided(tree: Outline) -> list[tuple[str, Label]]:
    """Each line in order with the guides before it (`│   ├── `), as rich draws a tree."""
    lines: list[tuple[str, Label]] = []
    # (node, its line's guides, its children's guides): drawn in order, off a stack.
    todo: list[tuple[Outline, str, str]] = [(tree, "", "")]
    while todo:
        node, guides, below = todo.pop()
        lines.append((guides, node.label))
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
    return lines


def plain_lines(tree: Outline) -> str:
    """The tree as a pipe gets it: every line whole, no colour, ending in a newline."""
    return "".join(f"{visible(guides + label.plain())}\n" for guides, label in guided(tree))
