"""The decision tree as a Mermaid `flowchart TD`: superseded decisions grey, corrections distinct.

Each label is a quoted string in which every character that Mermaid could read as syntax
(quotes, brackets, `#`, backticks, `<`, `|`, `;`, `%` ...) is written as Mermaid's entity
code `#NN;`, so no summary or guidance can close a label, start a comment, call a function
(`click`) or become HTML.
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

SAFE = frozenset(" .,:-_/()!?'+=*@$~·✓✗•…")
CLASSES = (
    "    classDef off fill:#eeeeee,stroke:#999999,color:#777777,stroke-dasharray:4 3",
    "    classDef correction fill:#f3e8ff,stroke:#7c3aed,stroke-width:2px,color:#3b0764",
    "    classDef failed stroke:#dc2626,stroke-width:2px",
)


def label(text: str) -> str:
    """`text` as the inside of a Mermaid quoted label: letters, digits and a few safe marks
    as they are, everything else as `#code;`."""
    return "".join(
        ch if ch.isalnum() or ch in SAFE else f"#{ord(ch)};" for ch in " ".join(text.split())
    )


def render_mermaid(plan: Plan, decisions: Sequence[Decision]) -> str:
    """One `flowchart TD`: the plan at the top, each decision below its parent, in the order
    taken; edges into decisions off the live path dotted."""
    lines = ["flowchart TD", *CLASSES, f'    plan["{label(plan_line(plan))}"]']
    taken = sorted(decisions, key=lambda d: d.seq)
    known = {d.id for d in taken}
    marked: dict[str, list[str]] = {"off": [], "correction": [], "failed": []}
    pages = page_lines(taken)
    for decision in taken:
        name = node_name(decision.id)
        # The headline's own `#` before the id stays as it is: a digit and a space follow it,
        # never the `;` that would make it an entity code.
        text = f"#{label(headline(decision)[1:])}<br/>{label(state_line(decision))}"
        if decision.id in pages:
            text += f"<br/>{label(pages[decision.id])}"
        lines.append(f'    {name}["{text}"]')
        for role in roles(decision):
            marked[role].append(name)
    for decision in taken:
        parent = decision.parent_id
        start = node_name(parent) if parent in known and parent is not None else "plan"
        arrow = "-.->" if "off" in roles(decision) else "-->"
        lines.append(f"    {start} {arrow} {node_name(decision.id)}")
    lines += [f"    class {','.join(names)} {role}" for role, names in marked.items() if names]
    return "\n".join(lines) + "\n"
