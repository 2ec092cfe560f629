"""What the pictures of a plan (Mermaid, DOT, HTML) share: how a decision is named and marked.

Every picture is drawn from the same read model as `plan tree`: the plan, its decisions and
its corrections. User text in it (summaries, outcomes, guidance) is data; each renderer
escapes it for its own format.
"""

from __future__ import annotations

from collections.abc import Sequence

from cleveragents.adapters.render import labels
from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import Plan

LABEL_LIMIT = 100  # characters of a summary in a graph's box; the HTML page shows it whole


def kind_name(kind: DecisionKind) -> str:
    return labels.KIND_NAMES[kind]


def shortened(text: str, limit: int = LABEL_LIMIT) -> str:
    """One line of at most `limit` characters: a graph's box is no place for a long text."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def headline(decision: Decision) -> str:
    """`#8  step 4 · four`: the id `--decision` takes, the kind, the summary, as `plan tree`
    prints them."""
    kind, rest = labels.headline(decision)
    return f"#{decision.id}  {kind} · {shortened(rest)}"


def state_line(decision: Decision) -> str:
    """`✓ done (red) · superseded by c1`: how it went, and whether it is still on the path."""
    mark = {True: "✓", False: "✗", None: "•"}[decision.ok]
    parts = [f"{mark} {shortened(decision.outcome or 'no outcome')}"]
    fate = labels.fate(decision)
    if fate:
        parts.append(fate)
    return " · ".join(parts)


def page_lines(decisions: Sequence[Decision]) -> dict[str, str]:
    """`page http://host/ · 2 elements changed` for each browser decision, as the text tree
    says it below the decision (`tree_outline.page_label`)."""
    if all(d.page is None for d in decisions):
        return {}  # a plan on files: the page model is never imported
    from cleveragents.adapters.render.tree_outline import page_label, page_urls

    urls = page_urls(decisions)
    return {
        d.id: shortened(page_label(d, urls.get(d.id)).plain())
        for d in decisions
        if d.page is not None
    }


def plan_line(plan: Plan) -> str:
    return f"plan {plan.id} {plan.status.value} · {shortened(plan.task)}"


def roles(decision: Decision) -> list[str]:
    """The marks a picture styles: `off` (not on the live path), `correction`, `failed`."""
    marks = []
    if decision.status is not DecisionStatus.ACTIVE:
        marks.append("off")
    if decision.kind is DecisionKind.USER_INTERVENTION:
        marks.append("correction")
    if decision.ok is False:
        marks.append("failed")
    return marks


def node_name(decision_id: str) -> str:
    """A name every format takes as a node id: `8.1` becomes `d8_1`."""
    return "d" + "".join(ch if ch.isalnum() else "_" for ch in decision_id)
