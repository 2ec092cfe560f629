"""What the pictures of a plan (Mermaid, DOT, HTML) share: how a decision is named and marked.

Every picture is drawn from the same read model as `plan tree`: the plan, its decisions and
its corrections. User text in it (summaries, outcomes, guidance) is data; each renderer
escapes it for its own format.
"""

from __future__ import annotations

from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import Plan

KIND_NAMES = {
    DecisionKind.USER_INTERVENTION: "correction",
    DecisionKind.VERIFICATION: "check",
    DecisionKind.LOCAL_ACTION: "local action",
}
LABEL_LIMIT = 100  # characters of a summary in a graph's box; the HTML page shows it whole


def kind_name(kind: DecisionKind) -> str:
    return KIND_NAMES.get(kind, kind.value.replace("_", " "))


def shortened(text: str, limit: int = LABEL_LIMIT) -> str:
    """One line of at most `limit` characters: a graph's box is no place for a long text."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def headline(decision: Decision) -> str:
    """`#8 step · step 4: four`: the id `--decision` takes, the kind, the summary."""
    return f"#{decision.id} {kind_name(decision.kind)} · {shortened(decision.summary)}"


def state_line(decision: Decision) -> str:
    """`✓ done (red) · superseded by c1`: how it went, and whether it is still on the path."""
    mark = {True: "✓", False: "✗", None: "•"}[decision.ok]
    parts = [f"{mark} {shortened(decision.outcome or 'no outcome')}"]
    if decision.status is not DecisionStatus.ACTIVE:
        by = f" by {decision.superseded_by}" if decision.superseded_by else ""
        parts.append(f"{decision.status.value}{by}")
    return " · ".join(parts)


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
