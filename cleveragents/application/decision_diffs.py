"""What each decision changed (its checkpoint before to its checkpoint after), sized for a page.

A picture of a plan of 10,000 decisions cannot hold every diff whole: each is cut at
`EACH` bytes (at a line end) and the page stops taking diffs after `TOTAL` bytes in all;
what was cut or left out says so, and `agents plan diff D` shows it whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from cleveragents.domain.decision import Decision
from cleveragents.domain.decision_diff import DecisionDiff, capped
from cleveragents.ports import CheckpointTrees

EACH = 32 * 1024
TOTAL = 2 * 1024 * 1024


def decision_diffs(
    trees: CheckpointTrees,
    decisions: Sequence[Decision],
    each: int = EACH,
    total: int = TOTAL,
) -> dict[str, DecisionDiff]:
    """The diff of every decision that changed files, by decision id, in the order taken."""
    recorded = sorted(
        (d for d in decisions if d.checkpoint_before and d.checkpoint_after),
        key=lambda d: d.seq,
    )
    pairs = [(d.checkpoint_before or "", d.checkpoint_after or "") for d in recorded]
    diffs: dict[str, DecisionDiff] = {}
    room = total
    found = trees.patches(pairs)  # git runs batch by batch: stopping early saves runs
    for index, (decision, patch) in enumerate(zip(recorded, found, strict=False)):
        if not patch:  # "" (the same files) or None (a checkpoint gone): nothing to show
            continue
        text, cut = capped(patch, min(each, room))
        if not text and room < each:  # not a line more fits: the rest are named, not shown
            for later in recorded[index:]:
                if later.checkpoint_before != later.checkpoint_after:
                    diffs[later.id] = DecisionDiff(None)
            break
        diffs[decision.id] = DecisionDiff(text, cut)
        room -= len(text.encode())
    return diffs
