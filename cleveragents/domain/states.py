"""Where a plan stands and what a decision is, as words: the enumerations of `plan.py` and
`decision.py`, here without pydantic so that read commands can use them (`read_model.py`)."""

from __future__ import annotations

from enum import StrEnum


class PlanStatus(StrEnum):
    STRATEGIZING = "strategizing"
    EXECUTING = "executing"
    VERIFYING = "verifying"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"
    STOPPED = "stopped"  # before the end, resumable: a budget ran out, the model's service failed
    INTERRUPTED = "interrupted"  # by a signal or a closed terminal, resumable


class Phase(StrEnum):
    STRATEGIZE = "strategize"
    EXECUTE = "execute"
    VERIFY = "verify"
    DONE = "done"


class DecisionKind(StrEnum):
    STRATEGY = "strategy"
    STEP = "step"
    ACTION = "action"
    LOCAL_ACTION = "local_action"
    REPLAN = "replan"
    REVERT = "revert"
    VERIFICATION = "verification"
    USER_INTERVENTION = "user_intervention"
    SUBTASK = "subtask"


class DecisionStatus(StrEnum):
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    REVERTED = "reverted"
    # Cut short by a stop (Ctrl-C, a signal, a closed terminal); `plan resume` takes its step
    # again from its checkpoint, so it is off the live path, as a superseded one is.
    INTERRUPTED = "interrupted"
