"""The look before and the put-back after a recorded session's Bash calls, across the
processes of its hook events.

A headless run (`ClaudeCodeRun`) keeps the look it takes before an allowed Bash call in
memory until the put-back after it. A session the user runs with our hooks installed calls
one process per event, so the look is held on disk (`CheckpointStore.hold_look`) by the
PreToolUse process and put back by the PostToolUse one, with the same code: what the
command did to a `.git`, a `.claude` setting or a `.mcp.json` is put back or removed, and
the call's outcome names it. A call whose PostToolUse never comes (Claude Code's
permissions refused it, the user interrupted it) is put back at the next event of another
call, or of the next prompt or the session's end.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cleveragents.application.claude_code_run import NO_RESULT, ClaudeCodeRun
from cleveragents.domain.checkpoint import SavedFiles


@contextmanager
def held_across(run: ClaudeCodeRun, call: str) -> Iterator[None]:
    """While one hook event (of `call`, or of none) is recorded: the looks its plan holds
    are the run's, each with its decision open; every other call's is put back first (its
    call is over); afterwards, the looks still open are held again, the others dropped."""
    r, checkpoints = run.r, run.r.checkpoints
    held = checkpoints.held_looks(r.plan.id)
    run.looks.update(held)
    for decision in r.decisions:
        found = (decision.action or {}).get("tool_use_id")
        if found in held and decision.outcome is None:
            run.open[str(found)] = decision
    # No operation holds a recorded call (undo does not take its files back): what the look
    # saves before the command is not kept; what it changed is saved after, with the decision.
    previous, checkpoints.keep = checkpoints.keep, _not_kept
    try:
        run.settle(call)
        for other in [c for c in run.put if c != call]:
            lines, saved = run.put[other]
            over = run.open.pop(other, None)
            if over is None:  # pragma: no cover - a held look's decision is open
                run.put.pop(other)
                continue
            if lines or saved is not None:
                run._done(over, other, None, False, NO_RESULT)
            else:  # nothing to put back: its PostToolUse may still come (a read-only one)
                run.put.pop(other)
        yield
    finally:
        checkpoints.keep = previous
        for gone in set(held) - set(run.looks):
            checkpoints.drop_look(r.plan.id, gone)
        for kept, look in run.looks.items():
            if kept not in held:
                checkpoints.hold_look(kept, look)


def _not_kept(saved: SavedFiles) -> None:
    """What a recorded call's look saves before it: no operation records it."""
