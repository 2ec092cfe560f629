"""The property behind "a pipe gets the tree rich would draw there, byte for byte".

`agents plan tree` to a pipe writes the outline's lines itself (`tree_outline.plain_lines`);
with colour, or through `--depth`, rich draws the same outline (`render/tree.py`). Each
example is a random plan: decisions of any kind, status and result, hung below random
earlier ones, with any text in their summaries, outcomes and task. Both drawings must be
the same bytes.
"""

from __future__ import annotations

import contextlib
import io
import os
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.render.tree import whole_lines
from cleveragents.adapters.render.tree_outline import outline, plain_lines
from cleveragents.cli import output
from cleveragents.domain.read_model import DecisionRow, PlanRow
from cleveragents.domain.states import DecisionKind, DecisionStatus, PlanStatus
from features.support.properties import reproducible

texts = st.text(max_size=30)
decision_parts = st.tuples(
    st.sampled_from(list(DecisionKind)),
    st.sampled_from(list(DecisionStatus)),
    st.sampled_from([True, False, None]),
    texts,  # summary
    st.one_of(st.none(), texts),  # outcome
    st.one_of(st.none(), st.just("c1")),  # superseded by
    st.one_of(st.none(), st.tuples(st.floats(0, 10), st.floats(0, 10))),  # distances
    st.sampled_from([None, "me@here", "you@there"]),  # made by
    st.integers(min_value=0),  # which earlier decision is its parent, if any
)
plans = st.tuples(st.sampled_from(list(PlanStatus)), texts, st.lists(decision_parts, max_size=12))


def _decisions(parts: list[tuple[Any, ...]]) -> list[DecisionRow]:
    rows: list[DecisionRow] = []
    for seq, (kind, status, ok, summary, outcome, by, distance, made_by, parent) in enumerate(
        parts, start=1
    ):
        before, after = distance or (None, None)
        rows.append(
            DecisionRow(
                id=str(seq),
                seq=seq,
                parent_id=str(parent % seq) if parent % seq else None,
                kind=kind,
                summary=summary,
                outcome=outcome,
                ok=ok,
                status=status,
                superseded_by=by,
                distance_before=before,
                distance_after=after,
                made_by=made_by,
            )
        )
    return rows


def _rich(plan: PlanRow, decisions: list[DecisionRow]) -> str:
    """What `plan tree --depth N` writes to a pipe: rich's drawing, through its console."""
    captured = io.StringIO()
    saved = output.__dict__.pop("stdout", None)  # a console made for this stream
    try:
        with contextlib.redirect_stdout(captured):
            output.show(whole_lines(plan, decisions, None), soft_wrap=True)
    finally:
        output.__dict__.pop("stdout", None)
        if saved is not None:
            output.__dict__["stdout"] = saved
    return captured.getvalue()


def check_property(examples: int, seed: int) -> int:
    """Check `examples` random plans; how many ran."""
    ran = 0
    os.environ.pop("FORCE_COLOR", None)

    @reproducible(examples, seed)
    @given(plans)
    def agrees(drawn: tuple[Any, ...]) -> None:
        nonlocal ran
        ran += 1
        status, task, parts = drawn
        plan = PlanRow(id="4fe0c1a2", status=status, task=task)
        decisions = _decisions(parts)
        plain = plain_lines(outline(plan, decisions))
        assert plain == _rich(plan, decisions), f"plain:\n{plain}"

    agrees()
    return ran
