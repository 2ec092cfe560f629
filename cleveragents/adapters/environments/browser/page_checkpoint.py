"""A decision's page checkpoint read back from the kept files: the storage the page opened
with, the actions taken since with the page after each, the page's state and storage at
the decision. Every id is checked before it is joined into a path, every file before use."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cleveragents.adapters.environments.browser.page_files import read_kept
from cleveragents.domain.browser import BrowserAction
from cleveragents.domain.page_state import PageState, readable_page
from cleveragents.domain.page_storage import PageStorage, readable_storage
from cleveragents.errors import ConflictingState


@dataclass(frozen=True)
class Replayed:
    """One action of a trail: what it sent, and the page after it (None in old trails)."""

    action: BrowserAction
    sent: list[str]
    after: PageState | None


@dataclass(frozen=True)
class PageCheckpoint:
    """Everything a fresh page needs to become the page a decision saw."""

    trail: list[Replayed]
    state: PageState
    base: PageStorage | None  # None: recorded before storage was kept, or too big
    storage: PageStorage | None


def read_checkpoint(git_dir: Path, page: dict[str, Any], where: str) -> PageCheckpoint:
    """The checkpoint of `page` (a decision's record); ConflictingState, naming `where`,
    when this clone does not hold all of it or a file of it is not as written."""
    record = readable_page(page)
    trail = read_kept(git_dir, "trails", record.trail) if record else None
    state = read_kept(git_dir, "states", record.state) if record else None
    missing = ConflictingState(
        f"the page {where} saw is not kept in this clone", hint="run the plan again here"
    )
    if record is None or not isinstance(trail, list) or state is None:
        raise missing
    try:
        return PageCheckpoint(
            trail=[_replayed(git_dir, entry) for entry in trail],
            state=PageState.model_validate(state),
            base=_storage(git_dir, record.base),
            storage=_storage(git_dir, record.storage),
        )
    except (ValidationError, KeyError, TypeError) as error:
        raise missing from error


def _storage(git_dir: Path, kept: str | None) -> PageStorage | None:
    """The kept storage (None when the record names none); KeyError when not readable."""
    if kept is None:  # pragma: no cover - recorded before storage was kept, or too big
        return None
    found = readable_storage(read_kept(git_dir, "storages", kept))
    if found is None:
        raise KeyError(kept)
    return found


def _replayed(git_dir: Path, entry: dict[str, Any]) -> Replayed:
    after = read_kept(git_dir, "states", entry.get("state"))
    return Replayed(
        action=BrowserAction.model_validate(entry["action"]),
        sent=[str(m) for m in entry["sent"]],
        after=PageState.model_validate(after) if after is not None else None,
    )
