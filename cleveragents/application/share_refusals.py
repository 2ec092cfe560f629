"""What `agents plan push` and `export` refuse to send (exit 3): a plan that would upload
what the user keeps off remotes, their ignored files, in its checkpoints or in the Claude
Code session files its records carry."""

from __future__ import annotations

import shlex

from cleveragents.domain.plan import Plan
from cleveragents.domain.plan_refs import checkpoints_ref
from cleveragents.errors import ConflictingState
from cleveragents.ports import PlanRemotes

WITH_READS = "--with-ignored-reads"


def refuse_saved(remotes: PlanRemotes, plan: Plan, how: str) -> None:
    """Refuse a plan whose checkpoints hold files saved for undo (an older version's), or a
    file the user's ignore rules exclude, now or at the plan's start, that may be the user's
    (`UserIgnores.held_in`): sent, they would upload what the user kept off remotes.
    Rewriting the chain would change the ids its records name."""
    tip = remotes.tip(checkpoints_ref(plan.id))
    held = remotes.ignored_held_in(tip, plan.id) if tip is not None else []
    if tip is not None and remotes.saved_in(tip):
        why = " was made by an older version that kept your ignored files among its checkpoints"
    elif held:
        why = f"'s checkpoints hold {held[0]}, a file your ignore rules exclude"
    else:
        return
    raise ConflictingState(
        f"plan {plan.id}{why}: it is not {how}, which would upload them",
        hint="it still corrects and undoes here; to share its work, run its plan file "
        "again with `agents plan run` and share that plan"
        + ("; name the other plans to push them without it" if how == "pushed" else ""),
    )


def refuse_reads(remotes: PlanRemotes, plan: Plan, travels: dict[str, bytes], how: str) -> None:
    """Refuse a plan whose records (a command's output, the conversation) or Claude Code
    session files (carried whole: every tool result), `travels`, hold the bytes of files
    the user's ignore rules exclude (`session_reads.py`): the user sends them only by
    saying so (WITH_READS)."""
    held = remotes.ignored_read_in(plan.id, travels) if travels else []
    if not held:
        return
    more = f" and {len(held) - 1} more" if len(held) > 1 else ""
    raise ConflictingState(
        f"plan {plan.id}'s records or Claude Code session hold what was read of "
        f"{held[0]}{more}, {'a file' if not more else 'files'} your ignore rules exclude: "
        f"it is not {how}, which would upload them",
        hint=f"`{WITH_READS}` sends them as they are, those bytes with them"
        + ("; name the other plans to push them without it" if how == "pushed" else "")
        + f" (the files: {shlex.join(held[:12])}{' ...' if len(held) > 12 else ''})",
    )
