"""A decision the agent took, with the checkpoints and actor state taken before it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from cleveragents.domain.checkpoint import SavedFiles
from cleveragents.domain.states import DecisionKind, DecisionStatus, Phase

__all__ = ["Decision", "DecisionKind", "DecisionStatus"]


class Decision(BaseModel):
    """One node of the decision tree. `id` is unique within its plan (`7`, `8.1`)."""

    plan_id: str
    id: str
    seq: int
    parent_id: str | None = None
    kind: DecisionKind
    phase: Phase
    summary: str
    rationale: str = ""
    action: dict[str, Any] | None = None
    step: int | None = None  # the plan step (1-based) this decision belongs to
    option: str | None = None  # the option of that step it belongs to, or that succeeded
    outcome: str | None = None
    ok: bool | None = None
    checkpoint_before: str | None = None
    checkpoint_after: str | None = None
    actor_state_before: str | None = None
    status: DecisionStatus = DecisionStatus.ACTIVE
    superseded_by: str | None = None
    distance_before: float | None = None
    distance_after: float | None = None
    # What its actions replaced that no checkpoint holds (ignored files, nested repositories).
    replaced: list[SavedFiles] = []
    # The full output (stdout and stderr, as printed) of its `run` action or check, capped;
    # None where it ran no command.
    output: str | None = None
    # The tree's paths its sandboxed `run` action wrote, from its overlay (`ActionOutcome.
    # wrote`); None where no overlay said (no command, no sandbox, no overlay here).
    wrote: list[str] | None = None
    # On a web page: what changed on it since the previous decision (`changes`), and the
    # ids of the whole state and of the screenshot, files under <git-dir>/cleveragents/browser.
    page: dict[str, Any] | None = None
    # Who made it where (`user@host`), when known: a plan pulled from another clone keeps
    # the place of every decision made there.
    made_by: str | None = None
    created_at: datetime
