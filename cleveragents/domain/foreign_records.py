"""The gate a plan's records pass where they enter a store from another clone (a pull, an
import of a bundle): each record is checked whole, so nothing later has to be careful.

Every record must be of a known type with its fields present and of the right type (the
domain's own models say which), name the plan the ref names and no other, and name only
paths a restore may touch (`record_paths.py`). One bad record refuses the whole import
(exit 2), naming it, before anything changes.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, StringConstraints, ValidationError

from cleveragents.domain.checkpoint import SavedFiles
from cleveragents.domain.correction import Correction, Operation, OperationStatus
from cleveragents.domain.decision import Decision, DecisionStatus
from cleveragents.domain.page_state import page_problem
from cleveragents.domain.plan import Plan
from cleveragents.domain.record_paths import GIT_DIR_NAMES, TOP_FOLDER, path_problem
from cleveragents.errors import BadInput

# A git object name: never an option, a revision expression or a path.
ObjectName = Annotated[StrictStr, StringConstraints(pattern=r"^[0-9a-f]{40}([0-9a-f]{24})?$")]
HINT = "the records were not written by `agents plan push`/`export`: ask their sender to push again"


class _Head(BaseModel):
    plan: StrictStr


class _PlanRecord(BaseModel):
    body: Plan
    script: StrictStr | None


class _TravellingDecision(Decision):
    # The columns of its row: never left to a default.
    parent_id: StrictStr | None
    status: DecisionStatus


class _DecisionRecord(BaseModel):
    body: _TravellingDecision


class _CheckpointRecord(BaseModel):
    id: ObjectName
    tree: ObjectName
    label: StrictStr
    created_at: StrictStr


class _MessageRecord(BaseModel):
    n: StrictInt
    parent: StrictInt | None
    role: StrictStr
    content: StrictStr
    created_at: StrictStr


class _ItemRecord(BaseModel):
    n: StrictInt
    parent: StrictInt | None
    item: Any


class _Parts(BaseModel):
    """A state's differences; its lists (`l`) and mappings (`d`) name, by field, the item
    they end at and how many items they hold."""

    model_config = ConfigDict(extra="allow")

    l: dict[str, tuple[StrictInt, StrictInt]] = {}  # noqa: E741 - the letter states use
    d: dict[str, tuple[StrictInt, StrictInt]] = {}


class _StateRecord(BaseModel):
    n: StrictInt
    key: StrictStr
    message: StrictInt | None
    base: StrictInt | None
    parts: _Parts


class _CorrectionRecord(BaseModel):
    body: Correction


class _TravellingOperation(Operation):
    made_in: StrictStr  # required: whose it is is never guessed
    status: OperationStatus


class _OperationRecord(BaseModel):
    body: _TravellingOperation


RECORDS: dict[str, type[BaseModel]] = {
    "records": _Head,
    "plan": _PlanRecord,
    "decision": _DecisionRecord,
    "checkpoint": _CheckpointRecord,
    "message": _MessageRecord,
    "item": _ItemRecord,
    "state": _StateRecord,
    "correction": _CorrectionRecord,
    "operation": _OperationRecord,
}


def check_records(records: list[dict[str, Any]], plan_id: str | None = None) -> None:
    """Refuse (exit 2) records of which one is malformed, names another plan than
    `plan_id` (the plan its ref names, when given) or a path a restore may not touch."""
    named = str(records[0].get("plan"))
    if plan_id is not None and named != plan_id:
        raise BadInput(
            f"the records of plan {plan_id} say they are plan {named}'s: nothing was taken",
            hint=HINT,
        )
    plans = 0
    for number, record in enumerate(records, start=1):
        kind = record.get("type")
        model = RECORDS.get(kind) if isinstance(kind, str) else None
        if model is None:
            raise _bad(number, f"is of an unknown type {kind!r}")
        try:
            checked = model.model_validate(record)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise _bad(number, f"({kind}) has a bad `{where}`: {first['msg']}") from None
        plans += kind == "plan"
        owner = _owner(checked)
        if owner is not None and owner != named:
            raise _bad(number, f"({kind}) belongs to plan {owner}, not {named}")
        page = getattr(getattr(checked, "body", None), "page", None)
        if page is not None and (problem := page_problem(page)) is not None:
            raise _bad(number, f"({kind}) names a page not as recorded: {problem}")
        for saved in _saved(checked):
            if saved.plan_id != named or not _object_name(saved.commit):
                raise _bad(number, f"({kind}) holds saved files of another plan or commit")
            for path in [*saved.absent, *saved.modes, *saved.folders, *saved.empty, *saved.made]:
                problem = path_problem(path, foreign=True)
                if problem is not None:
                    raise _bad(number, f"({kind}) names the path {path!r}, which {problem}")
            for path, mode in saved.modes.items():
                if not 0 <= mode <= 0o777:  # no setuid, setgid or sticky bit, nothing else
                    raise _bad(number, f"({kind}) gives {path!r} the mode {mode:#o}")
            for path, mode in saved.folders.items():
                if not 0 <= mode <= 0o3777:  # a folder's setgid and sticky bits, no setuid
                    raise _bad(number, f"({kind}) gives the folder {path!r} the mode {mode:#o}")
    _references(records)
    if plans != 1:
        raise BadInput(
            f"{plans} of the plan records are plan lines, not one: nothing was taken", hint=HINT
        )


def _references(records: list[dict[str, Any]]) -> None:
    """Messages, items and states name only ones that came before them (as numbered)."""
    seen: dict[str, set[int]] = {"message": set(), "item": set(), "state": set()}
    for number, record in enumerate(records, start=1):
        kind = record["type"]
        named: list[tuple[str, Any]] = []
        if kind in ("message", "item"):
            named = [(kind, record["parent"])]
        elif kind == "state":
            parts = record["parts"]
            tails = [t for letter in ("l", "d") for t, _ in parts.get(letter, {}).values()]
            named = [("state", record["base"]), ("message", record["message"])]
            named += [("item", tail) for tail in tails]
        for what, n in named:
            if n is not None and n not in seen[what]:
                raise _bad(number, f"({kind}) names {what} {n}, which no line before it is")
        if kind in seen:
            seen[kind].add(record["n"])


def _owner(record: BaseModel) -> str | None:
    body = getattr(record, "body", None)
    if isinstance(body, Plan):
        return body.id
    if isinstance(body, Decision | Correction | Operation):
        return body.plan_id
    return None


def leave_out_nested_git(records: list[dict[str, Any]]) -> None:
    """Drop, in place, each saved-files entry that holds a path inside a nested repository's
    `.git` (`vendor/lib/.git/config`): the safety save of another clone's nested
    repository, whose config and hooks are commands that clone ran; here they would be
    another machine's commands. An operation made elsewhere is never undone here, and a
    correction here brings back no such repository; every other saved file stays."""
    for record in records:
        body = record.get("body")
        if not isinstance(body, dict):
            continue
        for key in ("replaced", "saved"):
            entries = body.get(key)
            if isinstance(entries, list):
                body[key] = [e for e in entries if not _holds_nested_git(e)]


def leave_out_git_named_tops(body: dict[str, Any]) -> None:
    """Drop, in place, from a record about to leave this clone, each saved-files entry that
    names a folder at the top of the tree with a name git takes for its own directory
    (`.GIT/notes`, `git~1/x`: a command's look saved them here): another clone refuses a
    record naming one, as it cannot tell it from one naming its git directory, and what
    they hold is this clone's files."""
    for key in ("replaced", "saved"):
        entries = body.get(key)
        if isinstance(entries, list):
            body[key] = [e for e in entries if not _git_named_top(e)]


def leave_out_top_folder(body: dict[str, Any]) -> None:
    """Drop, in place, from a record about to leave this clone, the mode of the working
    tree's top folder (`.`) from its saved-files entries: it is this clone's folder, and
    says nothing of another clone's (which refuses a record naming it)."""
    for key in ("replaced", "saved"):
        for entry in body.get(key) or []:
            if isinstance(entry, dict) and isinstance(entry.get("folders"), dict):
                entry["folders"].pop(TOP_FOLDER, None)


def _git_named_top(entry: object) -> bool:
    if not isinstance(entry, dict):
        return False  # pragma: no cover - this clone's own records are well formed
    paths = [*(entry.get("absent") or []), *(entry.get("modes") or {})]
    paths += [*(entry.get("folders") or {}), *(entry.get("made") or [])]
    return any(str(p).split("/")[0].lower() in GIT_DIR_NAMES for p in paths)


def _holds_nested_git(entry: object) -> bool:
    if not isinstance(entry, dict):
        return False
    paths = [*(entry.get("absent") or []), *(entry.get("modes") or {})]
    paths += [*(entry.get("folders") or {}), *(entry.get("made") or [])]
    if not all(isinstance(p, str) and path_problem(p) is None for p in paths):
        return False  # a bad path anywhere is refused whole, not dropped
    return any(any(n.lower() in GIT_DIR_NAMES for n in p.split("/")[1:]) for p in paths)


def _saved(record: BaseModel) -> list[SavedFiles]:
    body = getattr(record, "body", None)
    saved = [*getattr(body, "replaced", []), *getattr(body, "saved", [])]
    return [s for s in saved if isinstance(s, SavedFiles)]


def _object_name(name: str | None) -> bool:
    return name is None or re.fullmatch(r"[0-9a-f]{40}([0-9a-f]{24})?", name) is not None


def _bad(number: int, what: str) -> BadInput:
    return BadInput(f"line {number} of the plan records {what}: nothing was taken", hint=HINT)
