"""The decision tree as one self-contained HTML page: no script, no link, nothing fetched.

The live line of the plan runs down the page. Where a correction forked it, the paths stand
side by side: the older (superseded, greyed) on the left, the corrected one on the right,
going on with the rest of the plan. Each decision is a `<details>`: a click shows its output
and what it changed. Every text of the user's or the agent's goes through `html.escape`.

Like `plan tree`, the page is walked with a stack, not a recursion (a main line is as long as
its plan), into boxes that are filled in any order and written out at the end, also without
recursion: a fork's older paths are reached after the newest one has been laid out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from html import escape

from cleveragents.adapters.render.html_page import PageView, page_part
from cleveragents.adapters.render.html_style import STYLE
from cleveragents.adapters.render.picture import kind_name, roles
from cleveragents.domain.correction import Correction
from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.decision_diff import DecisionDiff
from cleveragents.domain.plan import Plan
from cleveragents.domain.tree import MAIN_LINE_KINDS, children_of


class Box:
    """A piece of the page between `start` and `end`, whose parts are added later."""

    def __init__(self, start: str, end: str) -> None:
        self.start, self.end = start, end
        self.parts: list[str | Box] = []

    def add(self, part: Box) -> Box:
        self.parts.append(part)
        return part


def written(root: Box) -> str:
    """The page's text, box by box, with a stack of the boxes still open."""
    out: list[str] = [root.start]
    stack: list[tuple[Iterator[str | Box], str]] = [(iter(root.parts), root.end)]
    while stack:
        parts, end = stack[-1]
        part = next(parts, None)
        if part is None:
            stack.pop()
            out.append(end)
        elif isinstance(part, str):
            out.append(part)
        else:
            out.append(part.start)
            stack.append((iter(part.parts), part.end))
    return "".join(out)


def render_html(
    plan: Plan,
    decisions: Sequence[Decision],
    corrections: Sequence[Correction],
    diffs: Mapping[str, DecisionDiff],
    pages: Mapping[str, PageView] | None = None,
) -> str:
    """The page: the plan, its corrections, and its decisions with both paths of each fork;
    a browser decision's page (`pages`) in its body."""
    title = escape(f"plan {plan.id} · {plan.task}")
    page = Box(
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        "</body>\n</html>\n",
    )
    page.parts.append(_header(plan, corrections))
    line = page.add(Box('<main>\n<ol class="line">\n', "</ol>\n</main>\n"))
    _lay_out(line, decisions, diffs, pages or {})
    return written(page)


def _header(plan: Plan, corrections: Sequence[Correction]) -> str:
    rows = "".join(
        f"<li><b>{escape(c.id)}</b> {escape(c.mode.value)}"
        + (f" back to #{escape(c.target)}" if c.target else "")
        + ": "
        f'<q class="guidance">{escape(c.guidance)}</q></li>\n'
        for c in corrections
    )
    fixes = f'<ul class="corrections">\n{rows}</ul>\n' if rows else ""
    return (
        f"<header>\n<h1>plan <code>{escape(plan.id)}</code> "
        f'<span class="plan-status">{escape(plan.status.value)}</span></h1>\n'
        f'<p class="task">{escape(plan.task)}</p>\n{fixes}'
        '<p class="legend"><span class="key live">live path</span> '
        '<span class="key off">superseded</span> <span class="key correction">correction</span>'
        " · click a decision for its output and what it changed</p>\n</header>\n"
    )


def _lay_out(
    line: Box,
    decisions: Sequence[Decision],
    diffs: Mapping[str, DecisionDiff],
    pages: Mapping[str, PageView],
) -> None:
    """The main line in `line`; at a fork, each path in a lane of its own, the newest last."""
    children = children_of(decisions)
    todo: list[tuple[Box, list[Decision]]] = [(line, children.get(None, []))]
    while todo:
        box, ahead = todo.pop()
        found: list[tuple[Box, list[Decision]]] = []
        while ahead:
            *older, node = ahead
            if older:
                fork = box.add(Box(_fork_start(node), "</div>\n</li>\n"))
                found += [(fork.add(_lane(path)), [path]) for path in older]
                box = fork.add(_lane(node))
            entry = box.add(Box('<li class="entry">\n', "</li>\n"))
            entry.parts.append(_decision(node, diffs.get(node.id), pages.get(node.id)))
            kids = children.get(node.id, [])
            leaves = [kid for kid in kids if kid.kind not in MAIN_LINE_KINDS]
            if leaves:
                inside = entry.add(Box('<ol class="leaves">\n', "</ol>\n"))
                found += [(inside, [kid]) for kid in leaves]
            ahead = [kid for kid in kids if kid.kind in MAIN_LINE_KINDS]
        todo += reversed(found)


def _fork_start(newest: Decision) -> str:
    after = f" after #{escape(newest.parent_id)}" if newest.parent_id else ""
    return (
        f'<li class="fork">\n<p class="fork-label">the paths part{after}</p>\n<div class="paths">\n'
    )


def _lane(first: Decision) -> Box:
    """One path of a fork, named as `plan tree` names it, greyed when off the live path."""
    corrected = first.kind is DecisionKind.USER_INTERVENTION
    name = "corrected" if corrected else "original"
    if first.status is DecisionStatus.ACTIVE:
        heading = "corrected path" if corrected else "live path"
        marks = f"{name} live"
    else:
        by = f" by correction {first.superseded_by}" if first.superseded_by else ""
        heading = f"{name} path ({first.status.value}{by})"
        marks = f"{name} off"
    return Box(
        f'<section class="path {marks}">\n<h2>{escape(heading)}</h2>\n<ol class="line">\n',
        "</ol>\n</section>\n",
    )


def _decision(decision: Decision, diff: DecisionDiff | None, page: PageView | None) -> str:
    marks = " ".join(["decision", f"kind-{decision.kind.value}", *roles(decision)])
    mark = {True: "✓", False: "✗", None: "•"}[decision.ok]
    state = ""
    if decision.status is not DecisionStatus.ACTIVE:
        by = f" by {decision.superseded_by}" if decision.superseded_by else ""
        state = f' <span class="state">{escape(decision.status.value + by)}</span>'
    outcome = (
        f' <span class="outcome">— {escape(decision.outcome)}</span>' if decision.outcome else ""
    )
    return (
        f'<details class="{marks}" id="d-{escape(decision.id)}">\n<summary>'
        f'<span class="mark">{mark}</span> <span class="id">#{escape(decision.id)}</span> '
        f'<span class="kind">{escape(kind_name(decision.kind))}</span> '
        f'<span class="summary">{escape(decision.summary)}</span>{outcome}{state}</summary>\n'
        f'<div class="body">\n{_body(decision, diff, page)}</div>\n</details>\n'
    )


def _body(decision: Decision, diff: DecisionDiff | None, page: PageView | None) -> str:
    parts = []
    if decision.rationale:
        parts.append(f'<p class="rationale">{escape(decision.rationale)}</p>\n')
    if decision.made_by:
        parts.append(f'<p class="made-by">made by {escape(decision.made_by)}</p>\n')
    if page is not None:
        parts.append(page_part(decision.id, page))
    if decision.output is not None:
        parts.append(f'<h3>output</h3>\n<pre class="output">{escape(decision.output)}</pre>\n')
    parts.append(_diff(decision.id, diff))
    return "".join(parts)


def _diff(decision_id: str, diff: DecisionDiff | None) -> str:
    whole = escape(f"agents plan diff {decision_id}")
    if diff is None:
        return '<p class="no-diff">no files changed</p>\n'
    if diff.patch is None:
        return (
            '<p class="cut">diff left out: the page holds no more diffs; '
            f"<code>{whole}</code> shows it</p>\n"
        )
    lines = "".join(_diff_line(line) for line in diff.patch.splitlines())
    cut = (
        f'<p class="cut">{diff.cut:,} more bytes cut; <code>{whole}</code> shows it whole</p>\n'
        if diff.cut
        else ""
    )
    return f'<h3>diff</h3>\n<pre class="diff">{lines}</pre>\n{cut}'


def _diff_line(line: str) -> str:
    if line.startswith(("+++", "---", "diff ", "index ", "new file", "deleted file")):
        look = "meta"
    elif line.startswith("@@"):
        look = "hunk"
    else:
        look = {"+": "add", "-": "del"}.get(line[:1], "same")
    return f'<span class="{look}">{escape(line)}</span>\n'
