"""The read path's composition root: the repository at or above a folder and its plan store's
rows as stored, for the views that answer without the services (`cli/plan_views.py`,
`cli/decision_view.py`). It imports neither GitPython, pydantic nor typer, which
`bootstrap()` and its services do; a view the rows cannot answer goes to `bootstrap()`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.storage.sqlite_rows import SqliteRows, state_path


def discover(start: Path) -> GitRepository:
    """The repository at or above `start` (exit 2 when there is none)."""
    return GitRepository.discover(start)


@contextmanager
def bootstrap_rows(repo: GitRepository) -> Iterator[SqliteRows | None]:
    """The rows of `repo`'s plan store, closed after the block; None when only the services
    can read it (not made yet, another schema, a killed command to settle first)."""
    with SqliteRows.opened(state_path(repo)) as rows:
        yield rows
