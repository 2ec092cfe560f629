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

The command runs as the user on the host and can delete or rewrite the held look. So the id
of the look's bytes (and the time it was taken, and the own config it read) is recorded with
the call's decision before the command runs (`LOOK`), and a look is used only with that id.
A lost one never means "nothing to put back": what changed since the call began is put back
as judged from now (`CheckpointStore.after_lost_look`), and the outcome says the look was lost.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cleveragents.application.claude_code_run import NO_RESULT, ClaudeCodeRun
from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.domain.checkpoint import Keeping, SavedFiles
from cleveragents.domain.decision import Decision

LOOK = "held_look"  # in a Bash call's action: the id of its held look's bytes, and more
LOST = (
    "the look taken before the command was lost (deleted or changed while it ran): "
    "what changed since it began is put back"
)


@contextmanager
def held_across(run: ClaudeCodeRun, call: str) -> Iterator[None]:
    """While one hook event (of `call`, or of none) is recorded: the looks its plan holds
    are the run's, each with its decision open; every other call's is put back first (its
    call is over); afterwards, the looks still open are held again, the others dropped."""
    r, checkpoints = run.r, run.r.checkpoints
    waiting = _waiting(r)
    expected = {c: str(d.action[LOOK]["blob"]) for c, d in waiting.items() if d.action}
    held, lost = checkpoints.held_looks(r.plan.id, expected)
    run.looks.update(held)
    for found, decision in waiting.items():
        run.open[found] = decision
    for gone in lost:
        marker = (waiting[gone].action or {})[LOOK]
        lines = checkpoints.after_lost_look(r.plan.id, int(marker["at"]), marker["config"])
        run.put[gone] = ([LOST, *lines], None)
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
        for gone in set(expected) - set(run.looks):
            checkpoints.drop_look(r.plan.id, gone)
            _mark(r, gone, None)
        for kept, look in run.looks.items():
            if kept not in held:
                at, config = look.at, look.own_config or {}
                blob = checkpoints.hold_look(kept, look)
                _mark(r, kept, {"blob": blob, "at": at, "config": config})


def _not_kept(saved: SavedFiles) -> None:
    """What a recorded call's look saves before it: no operation records it."""


def _not_journaled(entry: str) -> None:
    """A recorded session is no correction: no journal names what it writes."""


# What a recorded session's run is given: no operation holds a recorded call (undo does not
# take its files back), so what the look saves before the command is not kept; what it
# changed is saved after, with the decision (its `replaced`).
UNKEPT = Keeping(_not_kept, _not_journaled)


def _waiting(r: PlanRecorder) -> dict[str, Decision]:
    """The open decisions whose call's look is held, by call, in the order taken."""
    return {
        str(d.action["tool_use_id"]): d
        for d in r.decisions
        if d.outcome is None and d.action and LOOK in d.action
    }


def _mark(r: PlanRecorder, call: str, marker: dict[str, object] | None) -> None:
    """Record (or, put back, forget) with the call's decision what its held look is."""
    for decision in r.decisions:
        action = decision.action or {}
        if action.get("tool_use_id") != call or (marker is None and LOOK not in action):
            continue
        changed = {k: v for k, v in action.items() if k != LOOK}
        if marker is not None:
            changed[LOOK] = marker
        r.replace(decision, action=changed)
