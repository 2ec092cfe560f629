"""Local planning inside one step (seeds 000 and 001): retain, explore, revert or cancel.

Pure rules, no I/O. A distance is a 0-10 score where 10 means the goal is reached, so
progress is `distance_after - distance_before` and a positive progress is good.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence, Set
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from cleveragents.domain.action import Action, RunAction
from cleveragents.domain.checkpoint import Differences

MAX_LOCAL_ITERATIONS = 10
STUCK_REPEATS = 3
REGRESSION_RUN = 3
DRIFT_THRESHOLD = 0.7
VELOCITY_LIMIT = 5
GOOD_PROGRESS = 0.5

# Distances are scores with a decimal or two; rounding the difference keeps float noise
# (1.1 - 0.6 == 0.5000000000000001) from turning "some progress" into "good progress".
_PROGRESS_DIGITS = 9

TreeEntry = tuple[str, str]
"""A `(path, blob)` pair of a working tree."""


class LocalDecision(StrEnum):
    SUCCESS = "success"
    RETAIN = "retain"
    EXPLORE = "explore"
    REVERT = "revert"
    CANCEL = "cancel"


class LocalStep(BaseModel):
    """One local action: the checkpoint tree ids and the distances before and after it."""

    model_config = ConfigDict(frozen=True)

    state_before: str
    state_after: str
    distance_before: float = Field(ge=0, le=10)
    distance_after: float = Field(ge=0, le=10)

    @property
    def progress(self) -> float:
        """How much closer to the goal the action brought us; negative is a fall."""
        return round(self.distance_after - self.distance_before, _PROGRESS_DIGITS)


class Verdict(BaseModel):
    """A local decision with the reason a person reads in the decision tree."""

    model_config = ConfigDict(frozen=True)

    decision: LocalDecision
    reason: str


def visited_states(history: Sequence[LocalStep]) -> list[str]:
    """The state the history started from, then the state after every step."""
    if not history:
        return []
    return [history[0].state_before, *(step.state_after for step in history)]


def _most_visits(states: Sequence[str]) -> int:
    return max(Counter(states).values(), default=0)


def is_stuck(states: Sequence[str], repeats: int = STUCK_REPEATS) -> bool:
    """True when some state was visited `repeats` times or more."""
    return _most_visits(states) >= repeats


def has_consistent_regression(steps: Sequence[LocalStep], run: int = REGRESSION_RUN) -> bool:
    """True when each of the last `run` steps moved away from the goal."""
    return len(steps) >= run and all(step.progress < 0 for step in steps[len(steps) - run :])


def decide(history: Sequence[LocalStep], *, goal_met: bool, has_unexplored: bool) -> Verdict:
    """Decide after the last local step, in the order of seed 001's decision point."""
    if goal_met:
        return Verdict(decision=LocalDecision.SUCCESS, reason="goal reached")
    if not history:
        raise ValueError("no local step to decide on: the local history is empty")
    states = visited_states(history)
    if is_stuck(states):
        reason = f"stuck: the same state {_most_visits(states)} times"
        return Verdict(decision=LocalDecision.CANCEL, reason=reason)
    if has_consistent_regression(history):
        reason = f"regression {REGRESSION_RUN} times in a row"
        return Verdict(decision=LocalDecision.CANCEL, reason=reason)
    progress = history[-1].progress
    if progress > GOOD_PROGRESS:
        return Verdict(decision=LocalDecision.RETAIN, reason=f"good progress ({progress:+g})")
    if progress > 0:
        return Verdict(decision=LocalDecision.RETAIN, reason=f"some progress ({progress:+g})")
    if has_unexplored:
        reason = "no progress, an option is left to explore"
        return Verdict(decision=LocalDecision.EXPLORE, reason=reason)
    reason = "no progress and nothing left to explore: dead end"
    return Verdict(decision=LocalDecision.REVERT, reason=reason)


def local_iterations_left(history: Sequence[LocalStep]) -> int:
    """How many more local steps the limit of MAX_LOCAL_ITERATIONS allows."""
    return max(0, MAX_LOCAL_ITERATIONS - len(history))


def distance_from_checks(passed: int, total: int) -> float:
    """The scripted actor's distance: the share of checks that pass, times 10.

    No checks at all scores 10: like a step without checks, nothing is left to fail.
    """
    if not 0 <= passed <= total:
        raise ValueError(f"{passed} of {total} checks passing is not a count of checks")
    if total == 0:
        return 10.0
    return passed * 10 / total


def jaccard(a: Set[TreeEntry], b: Set[TreeEntry]) -> float:
    """Jaccard similarity of two sets of `(path, blob)`; two empty trees are identical."""
    union = a | b
    if not union:
        return 1.0
    return len(a & b) / len(union)


def similarity_after(
    planned_size: int, differences: Differences, leave_out: Set[str] = frozenset()
) -> float:
    """`jaccard` of a tree's `(path, blob)` entries and another's, from what differs.

    `differences` are the paths that differ between the two trees; `planned_size` counts
    the first tree's entries. The paths of `leave_out` count in neither (and must not be
    in `planned_size`). The same figure as `jaccard` on both listings whole, at the cost
    of what changed rather than of the tree's size.
    """
    gone = added = 0
    for path, (old, new) in differences.items():
        if path in leave_out or (not old.absent and not new.absent and old.blob == new.blob):
            continue  # left out, or a mode change: entries are (path, blob)
        gone += not old.absent
        added += not new.absent
    union = planned_size + added
    return 1.0 if union == 0 else (planned_size - gone) / union


def drifted(
    planned_on: Set[TreeEntry], now: Set[TreeEntry], threshold: float = DRIFT_THRESHOLD
) -> bool:
    """True when the working tree has moved too far from the one the plan was made on."""
    return jaccard(planned_on, now) < threshold


def velocity_stalled(successes_without_goal: int, limit: int = VELOCITY_LIMIT) -> bool:
    """True when `limit` successful verifications in a row have not reached the goal."""
    return successes_without_goal >= limit


class Reversal(StrEnum):
    """How a local action is undone (seed 000's action reverter, for a working tree)."""

    RESTORE = "restore"  # put the files back to the action's checkpoint
    COMMAND = "command"  # run the action's own revert commands, like a toggle clicked again
    IRREVERSIBLE = "irreversible"  # effects outside the tree: nothing here undoes them


def reversal(actions: Sequence[Action]) -> Reversal:
    """The strategy for undoing a local action made of `actions`: the hardest one decides."""
    runs = [a for a in actions if isinstance(a, RunAction)]
    if any(run.irreversible for run in runs):
        return Reversal.IRREVERSIBLE
    if runs and len(runs) == len(actions) and all(run.revert for run in runs):
        return Reversal.COMMAND
    return Reversal.RESTORE
