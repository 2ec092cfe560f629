"""Moments as a person reads them: `2026-11-22 14:03:12 UTC (5 minutes ago)`.

Without pydantic: `plan show` formats the times it reads straight from the store's rows.
"""

from __future__ import annotations

from datetime import UTC, datetime

# (seconds in the unit, its name), largest first
UNITS = ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "second"))


def said_when(moment: datetime | str, now: datetime) -> str:
    """The moment to the second in UTC, and how long before `now` it was.

    `moment` is a datetime or the ISO 8601 text the store keeps (`...T14:03:12.123456Z`).
    """
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    if moment.tzinfo is None:  # the store writes UTC; a naive time is read as UTC too
        moment = moment.replace(tzinfo=UTC)
    moment = moment.astimezone(UTC)
    return f"{moment:%Y-%m-%d %H:%M:%S} UTC ({ago((now - moment).total_seconds())})"


def ago(seconds: float) -> str:
    """`just now`, `5 minutes ago`, `1 day ago`: the largest whole unit, rounded down."""
    if seconds < 1:  # now, or a clock that moved back since
        return "just now"
    size, unit = next((size, unit) for size, unit in UNITS if seconds >= size)
    count = int(seconds // size)
    return f"{count} {unit}{'' if count == 1 else 's'} ago"
