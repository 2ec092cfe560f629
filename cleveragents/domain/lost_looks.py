"""What a look before a recorded session's Bash call must have seen, when that look is lost.

The look is held on disk between the hook processes of the call (`held_looks.py`), where the
command, which runs as the user on the host, can delete or rewrite it. Its id is recorded
with the call's decision before the command runs; a look that is missing, or whose bytes no
longer have that id, is lost. Then what Claude Code and git run is judged from now: a file
whose status changed since the call began (its ctime, which no command can set back), or
within the clock tick before, is taken as the command's and removed (a folder only when that
leaves it empty: its own status changes with what is put in it); every other, as the look
would have seen it.
"""

from __future__ import annotations

from cleveragents.domain.command_saves import ClaudeEntry, Seen

TICK_NS = 2_000_000_000  # as `command_saves.is_racy`: a change this close may not show


def seen_before(entries: dict[str, ClaudeEntry], at: int) -> dict[str, ClaudeEntry]:
    """`entries` (each `.claude`, `.mcp.json` and hooks folder now) as a look taken at `at`
    is taken to have seen them: without what changed since."""
    return {
        path: {name: seen for name, seen in entry.items() if not changed_since(seen, at)}
        for path, entry in entries.items()
    }


def changed_since(seen: Seen, at: int) -> bool:
    """Whether a file or folder changed at or after `at`, or so shortly before that it may
    have."""
    return seen[3] >= at - TICK_NS
