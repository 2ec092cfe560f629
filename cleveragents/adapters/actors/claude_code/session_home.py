"""Where a recorded session's plan lives, whatever folder its event comes from.

Claude Code gives each hook event the session's current `cwd`, and a Bash call's `cd` moves
it: into a nested repository the command just made (`git init sub && cd sub`), or anywhere.
Were the events recorded where `cwd` says, the plan of the repository the session started in
would never see the end of that call (its look never put back) nor any later call. So the
plan is looked for by session id, in the repository of `cwd` and in the other places it may
be: the folder the session started in (the first `cwd` of its transcript) and each
repository around `cwd`. Only repositories that hold our state are opened.
"""

from __future__ import annotations

import json
from pathlib import Path

STARTS = 50  # the transcript lines read for the session's first `cwd`


def elsewhere(cwd: Path, transcript: str | None) -> list[Path]:
    """The folders, other than `cwd`, where the session's plan may be: where it started,
    then each folder above `cwd` holding a `.git`."""
    found: list[Path] = []
    started = started_in(transcript)
    if started is not None and started != cwd:
        found.append(started)
    found += [above for above in cwd.parents if (above / ".git").exists()]
    return found


def started_in(transcript: str | None) -> Path | None:
    """The first `cwd` the session's transcript names: the folder it started in."""
    if not transcript:
        return None
    try:
        with open(transcript, encoding="utf-8", errors="replace") as lines:
            for _, line in zip(range(STARTS), lines, strict=False):
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                cwd = entry.get("cwd") if isinstance(entry, dict) else None
                if isinstance(cwd, str) and cwd.startswith("/"):
                    return Path(cwd)
    except OSError:
        return None
    return None
