"""How a Claude Code session's end reads for its plan: a service that failed (5xx,
overloaded, rate limited, unreachable) or a CLI that died without a result stops the plan
resumable, as a budget does; a request the service refused (4xx) fails it."""

from __future__ import annotations

import re
from typing import Any

from cleveragents.domain.budget import Usage

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


def hook_stop(result: dict[str, Any], reasons: list[str]) -> str | None:
    """Why a hook ended the session, when one did (Claude Code's result says
    `terminal_reason: hook_stopped`: a hook answered `continue: false`, ours among them when
    the run could not answer it in time), with the reason of the last call refused."""
    if result.get("terminal_reason") != "hook_stopped":
        return None
    said = " ".join(reasons[-1].split())[:200] if reasons else "no reason given"
    return f"a hook ended Claude Code's session: {said}"


def session_usage(result: dict[str, Any]) -> Usage:
    """What Claude Code's result message says the session spent."""
    counted = result.get("usage") or {}
    cost = result.get("total_cost_usd")
    return Usage(
        api_calls=int(result.get("num_turns") or 0),
        input_tokens=int(counted.get("input_tokens") or 0),
        output_tokens=int(counted.get("output_tokens") or 0),
        cache_write_tokens=int(counted.get("cache_creation_input_tokens") or 0),
        cache_read_tokens=int(counted.get("cache_read_input_tokens") or 0),
        cost_usd=float(cost) if cost is not None else 0.0,
    )


def failure_text(result: dict[str, Any] | None, stderr: str, returncode: int) -> str:
    """How a session that failed reads: its result's words, or the CLI's last line."""
    if result:
        said = result.get("result") or ", ".join(map(str, result.get("errors") or []))
        return f"Claude Code ended with {result.get('subtype')}: {said or 'no detail'}"
    lines = [line for line in stderr.splitlines() if line.strip()]
    last = lines[-1].strip() if lines else "no message"
    return f"Claude Code exited {returncode} without a result: {last}"
