"""What the agent knows after a revert: the rule that turns its context at the target
decision into the context the redone branch starts from. Pure: no store, no files."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cleveragents.domain.correction import Restore
from cleveragents.domain.decision import Decision
from cleveragents.domain.strategy import ActorContext
from cleveragents.domain.tree import avoid_note, options_to_avoid

LISTED = 50  # paths named in one note: the actor reads the rest from the files


@dataclass(frozen=True)
class CorrectedContext:
    """The context the redone branch starts from, and the options it takes only when no
    other is left, by step number (the person is told the same)."""

    context: ActorContext
    avoided: dict[str, list[str]]


def corrected_context(
    at_target: ActorContext,
    guidance: str,
    affected: Sequence[Decision],
    target: Decision,
    differ: Sequence[str],
    kept: Sequence[str],
) -> CorrectedContext:
    """The context at `target` with the guidance added, the options the superseded branch
    took at the target's step to be avoided, and notes naming the files that `differ` from
    what the actor last saw and the user's own edits that were `kept`."""
    used: dict[str, list[str]] = defaultdict(list, at_target.superseded_options)
    avoided = options_to_avoid(affected, target)
    notes = list(at_target.notes)
    for step, options in avoided.items():
        used[step] += [o for o in options if o not in used[step]]
        notes.append(avoid_note(step, options))
    if differ:
        notes.append("files that differ from what you last saw: " + ", ".join(differ[:LISTED]))
    if kept:
        notes.append(
            "the user's own edits, kept as they are (build on them): " + ", ".join(kept[:LISTED])
        )
    context = at_target.model_copy(
        update={
            "guidance": [*at_target.guidance, guidance],
            "superseded_options": dict(used),
            "notes": notes,
        }
    )
    return CorrectedContext(context, avoided)


def branch_message(restore: Restore, latest: int | None, at_target: int | None) -> int | None:
    """Where the conversation goes on: it branches at the target unless only the files go
    back (then the agent keeps what it was told since)."""
    return latest if restore is Restore.FILES else at_target


def told_differing(
    restore: Restore, restored: Sequence[str], since_target: Callable[[], Sequence[str]]
) -> list[str]:
    """The files that differ from what the actor saw at the target once the correction is
    made: none when both go back; those `restored` when only the files do; when only the
    context does, every file that differs from the target's checkpoint, the user's edits
    too (`since_target`, read only then)."""
    if restore is Restore.FILES:
        return list(restored)
    if restore is Restore.CONTEXT:
        return list(since_target())
    return []


def branch_checkpoint(restore: Restore, restored: str, safety: str) -> str:
    """The files the redone branch starts from: those restored, unless only the context goes
    back (then the files as the correction found them, its safety checkpoint)."""
    return safety if restore is Restore.CONTEXT else restored
