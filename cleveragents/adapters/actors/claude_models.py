"""What cleveragents knows of Claude's models: prices, and what each accepts.

Prices are USD per million tokens, by exact model id, as the model pages of
platform.claude.com gave them in November 2026 (Sonnet 5.5's cache reads since their cut
of 2026-10-07). A model not in the table has an unknown cost: said so, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MODEL = "claude-sonnet-5-5"


@dataclass(frozen=True)
class Price:
    """USD per million tokens: input, output, 5-minute cache writes, cache reads."""

    input: float
    output: float
    cache_write: float
    cache_read: float


@dataclass(frozen=True)
class Prices:
    """A model's prices; some have a dearer band for long prompts (all of the request)."""

    base: Price
    long: Price | None = None
    long_from: int = 0  # prompt tokens (input, cache writes and reads) above which `long` applies


_OPUS_4_5 = Prices(Price(5, 25, 6.25, 0.50))
_SONNET_4_5 = Prices(Price(3, 15, 3.75, 0.30))
_HAIKU_4_5 = Prices(Price(1, 5, 1.25, 0.10))

PRICES: dict[str, Prices] = {
    "claude-fable-5-1": Prices(Price(10, 50, 12.50, 0.25)),
    "claude-fable-5": Prices(Price(10, 50, 12.50, 1.00)),
    "claude-opus-5-5": Prices(Price(4, 20, 5.00, 0.20)),
    "claude-opus-5": _OPUS_4_5,
    "claude-opus-4-8": _OPUS_4_5,
    "claude-opus-4-7": _OPUS_4_5,
    "claude-opus-4-6": _OPUS_4_5,
    "claude-opus-4-5": _OPUS_4_5,
    "claude-opus-4-5-20251101": _OPUS_4_5,
    "claude-sonnet-5-5": Prices(Price(2, 10, 2.50, 0.10)),
    "claude-sonnet-5": Prices(Price(2, 10, 2.50, 0.20)),
    "claude-sonnet-4-6": _SONNET_4_5,
    "claude-sonnet-4-5": _SONNET_4_5,
    "claude-sonnet-4-5-20250929": _SONNET_4_5,
    "claude-haiku-5-5": Prices(
        Price(0.10, 0.50, 0.125, 0.01), long=Price(0.50, 2.50, 0.625, 0.05), long_from=100_000
    ),
    "claude-haiku-4-5": _HAIKU_4_5,
    "claude-haiku-4-5-20251001": _HAIKU_4_5,
}

# Models from before structured outputs: their one-shot answers come as a forced tool call,
# which they accept. Every other model gets structured outputs and is never forced to a
# tool (the newest answer a forced tool choice with 400).
_BEFORE_STRUCTURED_OUTPUTS = (
    "claude-3",
    "claude-2",
    "claude-instant",
    "claude-opus-4-0",
    "claude-opus-4-2025",
    "claude-sonnet-4-0",
    "claude-sonnet-4-2025",
)


def structured_outputs(model: str) -> bool:
    """Whether one-shot duties ask for a JSON reply (`output_config.format`) of this model."""
    return not model.startswith(_BEFORE_STRUCTURED_OUTPUTS)


def cost(
    model: str, input: int, output: int, cache_write: int = 0, cache_read: int = 0
) -> float | None:
    """What one request cost in USD, or None when the model's price is not known."""
    prices = PRICES.get(model)
    if prices is None:
        return None
    price = prices.base
    if prices.long is not None and input + cache_write + cache_read > prices.long_from:
        price = prices.long
    per_token = (
        input * price.input
        + output * price.output
        + cache_write * price.cache_write
        + cache_read * price.cache_read
    )
    return per_token / 1_000_000


def end_of_life(model: str) -> str | None:
    """The end-of-life date the installed SDK gives a deprecated model, or None."""
    from anthropic.resources.messages import messages

    # Not exported by name in every SDK version (mypy refuses the import in 2.x); an SDK
    # without the list warns of nothing.
    deprecated: dict[str, object] = getattr(messages, "DEPRECATED_MODELS", {})
    found = deprecated.get(model)
    return str(found) if found else None
