"""How a Claude Code session's end reads for its plan: a service that failed (5xx,
overloaded, rate limited, unreachable) or a CLI that died without a result stops the plan
resumable, as a budget does; a request the service refused (4xx) fails it."""

from __future__ import annotations

import re
from typing import Any

# What Claude Code's result says when the Messages API failed rather than refused.
SERVICE_DOWN = re.compile(
    r"API Error: (?:5\d\d|429)\b|API Error: (?:Connection error|Request timed out)|"
    r"overloaded_error|rate_limit_error",
    re.IGNORECASE,
)


def service_failed(result: dict[str, Any] | None) -> bool:
    """Whether the session ended because the service (or the CLI itself) failed: no result
    at all (the CLI died), or an error result whose words name a failing service."""
    if not result:
        return True
    if not result.get("is_error") and result.get("subtype") == "success":
        return False
    said = " ".join([str(result.get("result") or ""), *map(str, result.get("errors") or [])])
    return SERVICE_DOWN.search(said) is not None
