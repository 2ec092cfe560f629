"""Budgets and what has been used of them (seed 002: 30 calls, 5 replans, 3 retries)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Budget(BaseModel):
    """Limits a run may not exceed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    actor_calls: int = Field(default=30, ge=1)
    replans: int = Field(default=5, ge=0)
    retries_per_step: int = Field(default=3, ge=0)


class Usage(BaseModel):
    """Counters of what a plan has spent so far."""

    actor_calls: int = 0
    replans: int = 0
    api_calls: int = 0  # requests to a model's service (a duty may take several)
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0


def calls_left(budget: Budget, usage: Usage) -> bool:
    return usage.actor_calls < budget.actor_calls


def replans_left(budget: Budget, usage: Usage) -> bool:
    return usage.replans < budget.replans


def retries_left(budget: Budget, failed_attempts: int) -> bool:
    """A step may try again after `failed_attempts` failures: the first try is not a retry."""
    return failed_attempts <= budget.retries_per_step
