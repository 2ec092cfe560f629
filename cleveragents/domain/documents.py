"""The JSON documents `--json` prints, as pydantic models: `agents schema` is generated from
them (`adapters/render/json_schema.py`), and documents are built from them where a model
has to change what it holds (operation ids become strings). The rules every document
follows are said once, in `RULES`, which every schema carries as its description.

Each document is open: a key added later is no new version, so no schema forbids extra keys.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from cleveragents.domain.correction import Correction, Operation
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.diff import ChangedFile, DiffSide
from cleveragents.domain.plan import Phase, Plan, PlanStatus
from cleveragents.domain.schema_version import SCHEMA_VERSION

RULES = (
    f"Version {SCHEMA_VERSION} of the JSON documents of cleveragents (`agents ... --json`). "
    "Every document is one JSON object whose `schema_version` says which version of these "
    "schemas it follows; the version goes up when a key goes away or changes its type or "
    "meaning, never for a new key, so a script ignores keys it does not know. Every id is a "
    'string: plans ("3f2a9c1e", unique prefixes accepted wherever a plan is asked for), '
    'decisions ("7", local actions "8.1"), corrections ("c1") and operations ("3"); numbers '
    "that are not ids (seq, step, counts, exit codes) are integers. Times are ISO 8601 with "
    "their UTC offset."
)


class Document(BaseModel):
    """What every document holds: the version of its schema."""

    # A document is printed whole: a key with a default is there all the same.
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    schema_version: int = Field(
        default=SCHEMA_VERSION,
        json_schema_extra={"const": SCHEMA_VERSION},
        description="The version of the schema this document follows.",
    )


class PlanSize(BaseModel):
    """The disk a plan takes: its records (about) and the loose objects only it reaches."""

    bytes: int
    records_bytes: int
    objects: int
    objects_bytes: int


class PlanListed(BaseModel):
    """A plan as `agents plan list --json` tells it (`size` with --size)."""

    id: str
    task: str
    status: PlanStatus
    phase: Phase
    head_decision: str | None
    outcome: str | None
    created_at: datetime
    updated_at: datetime
    size: PlanSize | None = None


class PlanList(Document):
    """`agents plan list --json`: the plans of the repository, oldest first."""

    plans: list[PlanListed]


class DocumentPlan(Plan):
    """A plan's fields, its actor given by its kind (`scripted`, `anthropic`, `replay`)."""

    actor: str  # type: ignore[assignment]


class TrustShown(BaseModel):
    """What the plan's commands may do, and whether that is in force in this clone."""

    sandbox: bool
    network: bool
    allow_commands: list[str] | None = Field(
        description="Patterns a command runs under without asking; null: a plan file's "
        "commands, run as written."
    )
    origin: str = Field(description="`this clone`, or `imported`: shown, not used here.")
    in_force: bool


class PlanShown(Document, DocumentPlan):
    """`agents plan show --json`: the plan, its decisions counted, its corrections."""

    actor_source: str | None = Field(
        description="The plan file, for the scripted actor; the CLI, for Claude Code."
    )
    actor_version: str | None = Field(
        default=None, description="The version of Claude Code, for the claude-code actor."
    )
    session: str | None = Field(default=None, description="Claude Code's session id.")
    model: str | None
    decisions: int = Field(description="How many decisions the plan took, in all.")
    by_kind: dict[str, int]
    by_status: dict[str, int]
    corrections: list[Correction]
    irreversible: list[str] = Field(
        default_factory=list,
        description="The ids of the decisions marked irreversible: what they did outside the "
        "working tree (the network, another folder, a nested repository no checkpoint holds) "
        "no restore undoes.",
    )
    not_put_back: dict[str, int] = Field(
        default_factory=dict,
        description="Each path a repair after a kill could not put back (made inert), and "
        "that repair's operation id: each next command that settles tries it again.",
    )
    trust: TrustShown


class TreeDecision(Decision):
    """A decision of the tree, with the ids of its children (in the order taken)."""

    plan_id: SkipJsonSchema[str | None] = Field(default=None, exclude=True)  # type: ignore[assignment]
    children: list[str]


class PlanTree(Document):
    """`agents plan tree --json`, and what `plan run|resume --json` end with: the plan, every
    decision in the order taken (never nested: each names its parent and children by id),
    and the corrections."""

    plan: DocumentPlan
    decisions: list[TreeDecision]
    corrections: list[Correction]


class FileGroups(BaseModel):
    """A restore's paths: restored, kept (your edits, untouched), and conflicts."""

    restored: list[str]
    kept: list[str]
    conflicts: list[str]
    not_written: list[str] = []  # a pulled plan's files never in this clone: none is yours


class CorrectionDone(PlanTree):
    """`agents plan correct --json`: the correction, the files it restored, then the tree."""

    correction: Correction
    files_changed: list[str]
    files: FileGroups | None
    conflicts_left: list[str] = Field(description="Files a merge left with conflict markers.")
    options_avoided: dict[str, list[str]] = Field(
        description="By step number: options the superseded branch took at the corrected "
        "step, taken again only if the guidance names them or no other is left."
    )
    actor_calls: int = Field(description="Actor calls needed to re-execute.")
    resume: str | None = Field(
        None, description="With --print-resume: the `claude --resume SESSION` line."
    )


class AffectedDecision(BaseModel):
    id: str
    kind: DecisionKind
    summary: str


class OutsideEffect(BaseModel):
    id: str
    summary: str
    effect: str = Field(description="What it did outside the working tree, in words.")


class CorrectionPreview(Document):
    """`agents plan correct --dry-run --json`: what a revert would supersede and change."""

    dry_run: bool
    plan: str
    affected: list[AffectedDecision]
    files_changed: list[str]
    files: FileGroups | None
    outside_tree: list[OutsideEffect] = Field(
        default_factory=list,
        description="Superseded decisions with effects outside the working tree, which no "
        "restore undoes.",
    )


class OperationShown(Operation):
    """An operation: a command that changed files or plan state. Its id, and the id of the
    operation it undoes, as strings."""

    model_config = ConfigDict(coerce_numbers_to_str=True)

    id: str  # type: ignore[assignment]
    undoes: str | None = None  # type: ignore[assignment]
    # `plan ops`: the undo that put this operation back, while that undo is in force.
    undone_by: str | None = None
    plan_before: SkipJsonSchema[dict[str, Any] | None] = Field(default=None, exclude=True)
    decisions_before: SkipJsonSchema[dict[str, list[str | None]]] = Field(
        default_factory=dict, exclude=True
    )
    records_before: SkipJsonSchema[str | None] = Field(default=None, exclude=True)
    # Pulled with its plan from another clone: its id in the store it was made in.
    home_id: str | None = None  # type: ignore[assignment]


class OperationList(Document):
    """`agents plan ops --json`: the operations, oldest first."""

    operations: list[OperationShown]


class Undone(Document):
    """`agents plan undo --json`: the operation undone, the undo's own operation, and its
    files: restored (what the operation changed, put back), kept (changed since, not by
    it), conflicts (changed by both, settled as --theirs, --mine or --merge said)."""

    undone: OperationShown
    operation: OperationShown
    files: FileGroups | None = Field(
        default=None,
        description="None: the operation changed no files, or its end was not recorded.",
    )
    whole_tree: bool = Field(
        default=False,
        description="The operation's end was not recorded (older stores, killed commands): "
        "the whole working tree went back as before it, later edits included.",
    )
    conflicts_left: list[str] = Field(
        default_factory=list, description="Files a merge left with conflict markers."
    )
    put_back: list[str] = Field(
        default_factory=list,
        description="What the undo put back that no checkpoint holds and that differed: "
        "ignored files, files under names git refuses, file and folder modes.",
    )


class OperationBrief(BaseModel):
    model_config = ConfigDict(coerce_numbers_to_str=True)

    id: str
    kind: str
    summary: str


class RestorePreview(Document):
    """`agents plan restore --json` with --dry-run, or when nothing differs."""

    dry_run: bool
    plan: str
    files: FileGroups


class Restored(Document):
    """`agents plan restore --json`: the operation it was (`plan undo` reverses it)."""

    operation: OperationBrief
    conflicts_left: list[str]
    files: FileGroups


class DecisionShown(Document, Decision):
    """`agents plan decision D --json`: all the decision recorded, and the files it changed."""

    plan_id: SkipJsonSchema[str | None] = Field(default=None, exclude=True)  # type: ignore[assignment]
    plan: str
    output_cut_bytes: int = Field(description="Bytes of `output` cut from its middle.")
    files_changed: list[str]


class Diff(Document):
    """`agents plan diff --json`: the two ends compared, the files that differ and how, and
    the patch as `git diff` prints it."""

    plan: str
    start: DiffSide = Field(alias="from")
    to: DiffSide
    note: str | None = Field(description="Set when `to` is not what was asked for.")
    files: list[ChangedFile]
    patch: str


class Demo(PlanTree):
    """`agents demo --json`: the demo plan's tree, and where it ran."""

    repository: str | None = Field(description="The demo repository, with --keep.")
    plan_file: str | None
    correction_actor_calls: int | None


class DeletedPlan(BaseModel):
    model_config = ConfigDict(coerce_numbers_to_str=True)

    plan: str
    operation: str = Field(description="The delete's operation: `agents plan undo` it.")
    deleted_at: datetime


class PlansDeleted(Document):
    """`agents plan delete --json`: each plan deleted, and its operation."""

    deleted: list[DeletedPlan]


class Collected(Document):
    """`agents gc --json`: the plans dropped (or, with --dry-run, would be), the disk freed."""

    dry_run: bool
    deleted: list[str] = Field(description="Plans `agents plan delete` had deleted.")
    expired: list[str] = Field(description="Plans the retention policy let go.")
    row_bytes: int
    objects: int = Field(description="Loose objects freed.")
    object_bytes: int
    packed: int = Field(description="Objects only those plans reached, in packs: they stay.")
    kept_recent: int = Field(
        description="Loose objects kept: younger than the grace (gc.pruneExpire, counted from "
        "when gc dropped their plan), or written again while gc ran."
    )
    grace: str = Field(
        description="gc.pruneExpire as set; `now` where nothing is kept for its age "
        "(--prune-now too), `never` where nothing is freed for it."
    )
    free_after: str | None = Field(description="When the kept ones pass the grace (UTC), or null.")
    page_files: int = Field(description="The browser's kept files no plan named, removed.")
    page_bytes: int
    looks: int = Field(description="Held looks of Claude Code calls no session will finish.")


class ErrorShown(BaseModel):
    kind: str
    message: str
    hint: str | None
    exit_code: int


class Error(Document):
    """What any command prints with `--json` when it fails (exit code 2, 3, 4...)."""

    error: ErrorShown


from cleveragents.domain.hook_documents import (  # noqa: E402 - they subclass Document
    HookInstalled,
    HookStatus,
    HookUninstalled,
    HookVouched,
)

# The documents by the name `agents schema NAME` takes.
DOCUMENTS: dict[str, type[Document]] = {
    "plan-list": PlanList,
    "plan-show": PlanShown,
    "plan-tree": PlanTree,
    "plan-run": PlanTree,
    "plan-resume": PlanTree,
    "plan-decision": DecisionShown,
    "plan-diff": Diff,
    "plan-ops": OperationList,
    "plan-correct": CorrectionDone,
    "plan-correct-preview": CorrectionPreview,
    "plan-restore": Restored,
    "plan-restore-preview": RestorePreview,
    "plan-undo": Undone,
    "plan-delete": PlansDeleted,
    "gc": Collected,
    "hooks-install": HookInstalled,
    "hooks-uninstall": HookUninstalled,
    "hooks-status": HookStatus,
    "hooks-vouch": HookVouched,
    "hooks-unvouch": HookVouched,
    "demo": Demo,
    "error": Error,
}


def operation_shown(operation: Operation, undone_by: int | None = None) -> dict[str, Any]:
    """An operation as documents show it: ids as strings, the undo records left out."""
    shown = OperationShown.model_validate({**operation.model_dump(), "undone_by": undone_by})
    return shown.model_dump(mode="json")
