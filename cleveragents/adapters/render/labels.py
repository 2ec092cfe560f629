"""Decisions in the words a person reads: kind names, headlines, what became of them.

The stored kinds (`user_intervention`, `local_action`) stay as they are for scripts; these
words are for people, in every renderer that shows a decision.
"""

from __future__ import annotations

from cleveragents.domain.kind_words import KIND_WORDS
from cleveragents.domain.read_model import DecisionLine
from cleveragents.domain.states import DecisionKind, DecisionStatus

KIND_NAMES = {kind: KIND_WORDS[kind.value] for kind in DecisionKind}


def headline(decision: DecisionLine) -> tuple[str, str]:
    """(`step 2`, `choose database`): the kind in words, and the rest of the summary.

    Summaries that already open with their kind (`step 2: ...`, `correction c1: ...`,
    `step check: ...`, `sub-task part 1`) lend it their words, so no word shows twice;
    a check of the goal reads `goal check`.
    """
    name = KIND_NAMES[decision.kind]
    summary = decision.summary
    head, sep, rest = summary.partition(": ")
    words = head.split(" ")
    if sep and name in words and len(words) <= 2:
        return head, rest
    if sep and decision.kind is DecisionKind.VERIFICATION and len(words) == 1:
        return f"{head} {name}", rest  # `goal: ...`: the goal check
    if summary.startswith(name + " "):
        return name, summary.removeprefix(name + " ")
    return name, summary


def fate(decision: DecisionLine) -> str | None:
    """What took a decision off the live path, in words; None while it is on it."""
    by = decision.superseded_by
    match decision.status:
        case DecisionStatus.ACTIVE:
            return None
        case DecisionStatus.SUPERSEDED:
            return f"superseded by correction {by}" if by else "superseded"
        case _:
            return f"{decision.status.value} by {by}" if by else decision.status.value
