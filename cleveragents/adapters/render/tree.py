"""The decision tree as a rich Tree: one `#id` a line, forks where the paths part.

Every decision's line opens with its outcome mark and its id (`✓ #8  step 2 · choose
database`), the one number `plan correct --decision` and `plan decision` take, so
`grep 'choose database' | grep -o '#[0-9.]*'` finds it. Words, not colour, say what is off
the live path; colour (and `dim` for those paths) only helps on a terminal. The lines
themselves come from `tree_outline.py`, which a pipe gets without rich.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from rich.tree import Tree

from cleveragents.adapters.render import tree_outline
from cleveragents.adapters.render.tree_outline import Label, Outline, guided
from cleveragents.domain.read_model import DecisionLine, PlanLine


def text_of(label: Label) -> Text:
    """A label as rich Text: a style given to the Text itself would colour user text too."""
    text = Text(style=label.style)
    for part, style in label.parts:
        text.append(part, style=style or "")
    if label.dim:
        text.stylize("dim")
    return text


def decision_label(decision: DecisionLine, running: bool = True, home: str | None = None) -> Text:
    """`✓ #7  action · write greet.py — wrote greet.py` (`tree_outline.decision_label`)."""
    return text_of(tree_outline.decision_label(decision, running, home))


def render_tree(
    plan: PlanLine,
    decisions: Sequence[DecisionLine],
    depth: int | None = None,
    urls: Mapping[str, str] | None = None,
) -> Tree:
    """The tree of `tree_outline.outline`, for rich to draw; built off a stack, not in a
    recursion: a main line is as long as its plan."""
    top = tree_outline.outline(plan, decisions, depth, urls)
    tree = Tree(text_of(top.label))
    todo: list[tuple[Outline, Tree]] = [(top, tree)]
    while todo:
        node, drawn = todo.pop()
        todo += [(kid, drawn.add(text_of(kid.label))) for kid in node.children]
    return tree


def whole_lines(
    plan: PlanLine,
    decisions: Sequence[DecisionLine],
    depth: int | None,
    urls: Mapping[str, str] | None = None,
) -> Text:
    """The tree drawn as rich draws it, but as whole lines, for output never wrapped or cut.

    A rich Tree cuts a line at the console's width; scripts reading a pipe need each line
    whole, however long the guidance in it.
    """
    lines = guided(tree_outline.outline(plan, decisions, depth, urls))
    return Text("\n").join(Text(guides, style="tree.line") + text_of(one) for guides, one in lines)
