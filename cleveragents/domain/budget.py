"""Budgets and what has been used of them (seed 002: 30 calls, 5 replans, 3 retries).

A model's spending can be limited too: requests to its service, tokens, and dollars. Those
limits are off unless set; any of them running out stops the plan, resumable (exit 4).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Budget(BaseModel):
    """Limits a run may not exceed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    actor_calls: int = Field(default=30, ge=1)
    replans: int = Field(default=5, ge=0)
    retries_per_step: int = Field(default=3, ge=0)
    requests: int | None = Field(default=None, ge=1)  # to a model's service
    tokens: int | None = Field(default=None, ge=1)  # every token billed, cache ones too
    usd: float | None = Field(default=None, gt=0)


class Usage(BaseModel):
    """Counters of what a plan has spent so far.

    `cost_usd` is None once a request was answered by a model whose price is not known:
    an unknown cost is said to be unknown, never guessed.
    """

    actor_calls: int = 0
    replans: int = 0
    api_calls: int = 0  # requests a model's service answered (a duty may take several)
    input_tokens: int = 0  # input billed at the full price
    output_tokens: int = 0
    cache_write_tokens: int = 0
    cache_read_tokens: int = 0
    cost_usd: float | None = 0.0

    @property
    def tokens(self) -> int:
        cached = self.cache_write_tokens + self.cache_read_tokens
        return self.input_tokens + self.output_tokens + cached

    def plus(self, other: Usage, minus: Usage | None = None) -> Usage:
        """These counters with `other`'s added (and `minus`'s taken away)."""
        less = minus or Usage()
        counts = {
            name: getattr(self, name) + getattr(other, name) - getattr(less, name)
            for name in _COUNTERS
        }
        cost = None
        if self.cost_usd is not None and other.cost_usd is not None:
            cost = round(self.cost_usd + other.cost_usd - (less.cost_usd or 0.0), 6)
        return self.model_copy(update={**counts, "cost_usd": cost})


_COUNTERS = (
    "actor_calls",
    "replans",
    "api_calls",
    "input_tokens",
    "output_tokens",
    "cache_write_tokens",
    "cache_read_tokens",
)


def calls_left(budget: Budget, usage: Usage) -> bool:
    return usage.actor_calls < budget.actor_calls


def replans_left(budget: Budget, usage: Usage) -> bool:
    return usage.replans < budget.replans


def retries_left(budget: Budget, failed_attempts: int) -> bool:
    """A step may try again after `failed_attempts` failures: the first try is not a retry."""
    return failed_attempts <= budget.retries_per_step


# The flag that raises each budget, by the words its stop reason starts with (the reasons
# are said where each budget is checked: the recorder, the run, the step runner, here).
RAISED_BY = {
    "the actor call": "--budget-calls",
    "the replan": "--budget-replans",
    "step": "--budget-retries",
    "the request": "--budget-requests",
    "the token": "--budget-tokens",
    "the dollar": "--budget-usd",
}


def raised_by(reason: str) -> str | None:
    """The command-line flag that gives more of the budget a stop `reason` names."""
    return next((flag for words, flag in RAISED_BY.items() if reason.startswith(words)), None)


def spending_over(budget: Budget, usage: Usage) -> str | None:
    """Which limit on a model's spending `usage` has reached, said as a stop reason; or None."""
    if budget.requests is not None and usage.api_calls >= budget.requests:
        return f"the request budget ({budget.requests}) is spent"
    if budget.tokens is not None and usage.tokens >= budget.tokens:
        return f"the token budget ({budget.tokens:,}) is spent ({usage.tokens:,} used)"
    if budget.usd is not None and usage.cost_usd is None:
        return f"the dollar budget (${budget.usd:g}) cannot be kept: the model's price is not known"
    if budget.usd is not None and usage.cost_usd is not None and usage.cost_usd >= budget.usd:
        return f"the dollar budget (${budget.usd:g}) is spent (${usage.cost_usd:.4f} used)"
    return None
