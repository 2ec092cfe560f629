"""Budgets and what has been used of them (seed 002: 30 calls, 5 replans, 3 retries)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Budget(BaseModel):
    """Limits a run may not exceed."""

    model_config = ConfigDict(frozen=True)

    actor_calls: int = 30
    replans: int = 5
    retries_per_step: int = 3


class Usage(BaseModel):
    """Counters of what a plan has spent so far."""

    actor_calls: int = 0
    replans: int = 0
