"""Where this process runs, as `user@host`: recorded with each decision, so a plan that
travelled between machines (`agents plan push` and `pull`) tells where each was made."""

from __future__ import annotations

import getpass
import os
import socket


def here() -> str | None:
    """`user@host` (CLEVERAGENTS_PLACE overrides it: a CI runner's host name is random), or
    None when neither can be told."""
    named = os.environ.get("CLEVERAGENTS_PLACE")
    if named:
        return named
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no name for this uid, and no LOGNAME or USER
        user = ""
    host = socket.gethostname()
    if not user and not host:  # pragma: no cover - a machine with neither
        return None
    return f"{user or '?'}@{host or '?'}"
