"""One decision's diff as a picture of the plan shows it: cut to a size a page holds."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DecisionDiff:
    """One decision's patch, `cut` bytes of it left out; `patch` None: the page had no room."""

    patch: str | None
    cut: int = 0


def capped(patch: str, limit: int) -> tuple[str, int]:
    """`patch` cut to at most `limit` bytes at a line end, and how many bytes were left out.

    Bytes git gave that are not UTF-8 become U+FFFD: a page is text."""
    data = patch.encode("utf-8", "surrogateescape")
    if len(data) <= limit:
        return data.decode("utf-8", "replace"), 0
    kept = data[:limit]
    end = kept.rfind(b"\n")
    kept = kept[: end + 1] if end >= 0 else b""
    return kept.decode("utf-8", "replace"), len(data) - len(kept)
