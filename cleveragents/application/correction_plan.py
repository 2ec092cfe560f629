"""What a correction is asked, what it would do, and what it did; and how a decision named on
the command line is found."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from cleveragents.application.claude_code_correction import KIND
from cleveragents.application.file_restore import FilesPlan
from cleveragents.domain.correction import Correction, CorrectionMode, Restore
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import Plan
from cleveragents.domain.restore_scope import Resolution, Scope
from cleveragents.domain.tree import decision_id
from cleveragents.errors import BadInput, UnknownDecision
from cleveragents.ports import PlanStore

OUTSIDE = "had effects outside the working tree"


@dataclass(frozen=True)
class CorrectionRequest:
    """`agents plan correct` as given: `decision` for a revert, none for an append; `scope`
    None lets the plan's history choose (`CorrectionService.preview`)."""

    plan: str | None
    mode: CorrectionMode
    guidance: str
    command: str
    decision: str | None = None
    restore: Restore = Restore.BOTH
    scope: Scope | None = Scope.AGENT
    resolution: Resolution = Resolution.ASK
    execute: bool = True
    dry_run: bool = False
    pass_env: Sequence[str] | None = None


class CorrectionQuestions(Protocol):
    """What a revert asks of the person between its preview and its changes."""

    def previewed(self, preview: CorrectionPlan, request: CorrectionRequest) -> None:
        """The preview is made (a dry run stops here)."""

    def settle(
        self, preview: CorrectionPlan, request: CorrectionRequest, chosen: Resolution
    ) -> Resolution:
        """How conflicts are settled (asked, or as the flags chose); the last chance to
        decline (raises `Cancelled`)."""


@dataclass
class CorrectionPlan:
    """What a correction would do: for `--dry-run` and for the question asked before it."""

    plan: Plan
    target: Decision | None
    affected: list[Decision]
    files: FilesPlan | None = None
    scope: Scope = Scope.AGENT

    @property
    def outside_tree(self) -> list[tuple[Decision, str]]:
        """The superseded decisions marked irreversible, each with what it did outside the
        working tree (a Claude Code call says which; a command, only that it did)."""
        return [
            (d, str(d.action.get("outside") or OUTSIDE))
            for d in self.affected
            if d.action is not None and d.action.get("irreversible")
        ]

    @property
    def changed_paths(self) -> list[str]:
        """The paths the restore may change: restored, and in conflict."""
        if self.files is None:
            return []
        return sorted([*self.files.groups.restored, *self.files.groups.conflicts])


@dataclass
class CorrectionResult:
    correction: Correction
    plan: Plan
    preview: CorrectionPlan
    actor_calls: int
    notices: list[str] = field(default_factory=list)
    conflicts_left: list[str] = field(default_factory=list)  # markers, or files not merged
    # By step number: the options the redone step takes only when no other is left.
    avoided: dict[str, list[str]] = field(default_factory=dict)


def calls_are_units(plan: Plan) -> bool:
    """Whether the plan's decisions are Claude Code's tool calls, each its own unit."""
    return plan.actor.kind == KIND


def since(affected: list[Decision], target: Decision) -> list[Decision]:
    """The superseded decisions taken from the target on: what was done before it (earlier
    in the target's own step) is not undone, as the files go back to the target's checkpoint."""
    return [d for d in affected if d.seq >= target.seq]


def resolve_decision(store: PlanStore, plan_ref: str | None, ref: str) -> tuple[Plan, Decision]:
    """`7` (or `#7`, as `plan tree` prints it) in the given (or newest) plan, or `PLAN:7`;
    unknown ids are one clear error."""
    plan = store.plan(plan_ref)
    if ":" in ref:
        owner_ref, ref = ref.split(":", 1)
        owner = store.plan(owner_ref)
        if plan_ref is not None and owner.id != plan.id:
            raise BadInput(
                f"decision {owner.id}:{ref} belongs to plan {owner.id}, not {plan.id}",
                hint="drop --plan or name the decision's own plan",
            )
        plan = owner
    ref = decision_id(ref)
    found = next((d for d in store.decisions(plan.id) if d.id == ref), None)
    if found is None:
        raise UnknownDecision(
            f"plan {plan.id} has no decision {ref!r}", hint=f"see `agents plan tree {plan.id}`"
        )
    return plan, found
