"""Which decision a correction can go back to when the one asked for has no checkpoint.

A Claude Code call that changes no file (a read, a call of its to-do list) is recorded
with no checkpoint: there is no state of the files to put back at it. The call just after
it started from the same files, so it is the one to correct instead; the last call of
the line has none after it, and the one before it is named.
"""

from __future__ import annotations

from collections.abc import Sequence

from cleveragents.domain.decision import Decision
from cleveragents.domain.tree import active
from cleveragents.errors import BadInput


def restorable_near(decisions: Sequence[Decision], target: Decision) -> Decision | None:
    """The live decision with a checkpoint nearest after `target`, else nearest before."""
    line = [d for d in active(decisions) if d.checkpoint_before is not None]
    after = [d for d in line if d.seq > target.seq]
    before = [d for d in line if d.seq < target.seq]
    return after[0] if after else before[-1] if before else None


def refuse_uncheckpointed(decisions: Sequence[Decision], target: Decision) -> None:
    """A restore to a call that changed no file: refused (exit 2), naming the one to pick."""
    if target.checkpoint_before is not None:
        return
    near = restorable_near(decisions, target)
    raise BadInput(
        f"decision {target.id} changed no file and has no checkpoint to go back to",
        hint=f"pick decision {near.id} instead" if near else "pick another decision",
    )
