"""The decision tree as a Graphviz `digraph`: superseded decisions grey and dashed.

Labels are DOT quoted strings: a backslash is doubled (so `\\N` or `\\l` in a summary stays
text) and a double quote is escaped; a line break is Graphviz's own `\\n`.
A control character is written as its escape (`\\x1b`), as the text tree shows it.
"""

from __future__ import annotations

from collections.abc import Sequence

from cleveragents.adapters.render.picture import (
    headline,
    node_name,
    page_lines,
    plan_line,
    roles,
    state_line,
)
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import Plan
from cleveragents.domain.shown_text import visible

# A mark's look: its styles (joined, so a superseded correction is filled and dashed) and colours.
LOOKS = {
    "off": (["dashed"], {"color": "grey60", "fontcolor": "grey45"}),
    "correction": (["filled", "bold"], {"fillcolor": "#f3e8ff", "color": "#7c3aed"}),
    "failed": ([], {"color": "#dc2626", "penwidth": "2"}),
}


def escaped(text: str) -> str:
    """`text` on one line, for inside a DOT quoted string: a control character (an escape
    sequence a terminal or `less -R` acts on) written as its escape, as the text tree does."""
    shown = visible(" ".join(text.split()), one_line=True)
    return shown.replace("\\", "\\\\").replace('"', '\\"')


def looks(marks: list[str]) -> str:
    """A node's attributes after its label, for its marks (`picture.roles`)."""
    styles, colours = ["rounded"], {}
    for mark in marks:
        styles += LOOKS[mark][0]
        colours.update(LOOKS[mark][1])
    pairs = {"style": ",".join(styles), **colours}
    return "".join(f', {key}="{value}"' for key, value in pairs.items())


def render_dot(plan: Plan, decisions: Sequence[Decision]) -> str:
    """One `digraph`: the plan at the top, each decision below its parent, in the order taken."""
    lines = [
        "digraph plan {",
        '    graph [rankdir=TB, fontname="Helvetica"];',
        '    node [shape=box, style="rounded", fontname="Helvetica"];',
        '    edge [color="grey30"];',
        f'    plan [shape=folder, label="{escaped(plan_line(plan))}"];',
    ]
    taken = sorted(decisions, key=lambda d: d.seq)
    known = {d.id for d in taken}
    pages = page_lines(taken)
    for decision in taken:
        text = f"{escaped(headline(decision))}\\n{escaped(state_line(decision))}"
        if decision.id in pages:
            text += f"\\n{escaped(pages[decision.id])}"
        lines.append(f'    {node_name(decision.id)} [label="{text}"{looks(roles(decision))}];')
    for decision in taken:
        parent = decision.parent_id
        start = node_name(parent) if parent in known and parent is not None else "plan"
        edge = ' [style=dashed, color="grey60"]' if "off" in roles(decision) else ""
        lines.append(f"    {start} -> {node_name(decision.id)}{edge};")
    lines.append("}")
    return "\n".join(lines) + "\n"
