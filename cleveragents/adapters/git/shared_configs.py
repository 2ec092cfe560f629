"""Whether a command's change of a shared config a hook's tool reads (`pyproject.toml` under a
mypy hook) may stay: the sections the tool reads as they were (`domain/tool_sections.py`)."""

from __future__ import annotations

import stat
from collections.abc import Mapping
from pathlib import Path

from cleveragents.domain.command_saves import Seen
from cleveragents.domain.tool_sections import same_sections


def kept_beside(
    root: Path,
    full: str,
    known: tuple[Seen, bytes] | None,
    seen: tuple[Seen | None, Seen | None],
    guarded: Mapping[str, list[str]] | None,
) -> bool:
    """Whether `full`, a shared config of `guarded` (by the tools reading it), a file at the
    look (`known`: its stat and bytes then) and now (`seen`: its stat then and now), holds
    the same sections its tools read: its other edits stay."""
    kinds = (guarded or {}).get(full)
    was, now = seen
    if not kinds or was is None or now is None or known is None or known[0] != was:
        return False
    if not (stat.S_ISREG(was[0]) and stat.S_ISREG(now[0])):
        return False
    try:
        return same_sections(kinds, full, known[1], (root / full).read_bytes())
    except OSError:  # pragma: no cover - removed since its lstat
        return False
