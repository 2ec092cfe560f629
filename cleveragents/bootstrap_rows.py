"""The read path's composition root: the repository at or above a folder, its plan store's
rows as stored, and the files between two checkpoints, for the views that answer without
the services (`cli/plan_views.py`, `cli/decision_view.py`). It imports neither GitPython,
pydantic nor typer, which `bootstrap()` and its services do; a view the rows cannot answer
goes to `bootstrap()`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.storage.sqlite_rows import LISTED, SqliteRows, state_path

__all__ = ["LISTED", "StoredRows", "bootstrap_rows"]


class StoredRows:
    """What the read-only views read of the repository at or above a folder."""

    def __init__(self, repo: GitRepository) -> None:
        self.repo = repo

    @contextmanager
    def rows(self) -> Iterator[SqliteRows | None]:
        """The plan store's rows, closed after the block; None when only the services can
        read them (not made yet, another schema, a killed command to settle first)."""
        with SqliteRows.opened(state_path(self.repo)) as rows:
            yield rows

    def changed(self, before: str | None, after: str | None) -> list[str]:
        """The paths that differ between two checkpoints (as `GitCheckpoints` says)."""
        from cleveragents.adapters.git.nested import OF_TREES  # `plan decision` alone needs it

        if not (before and after):
            return []
        out = self.repo.git(
            "diff-tree",
            "-r",
            "--no-renames",
            OF_TREES,
            "--name-only",
            "-z",
            before,
            after,
        )
        return [path for path in out.split("\0") if path]


def bootstrap_rows(start: Path) -> StoredRows:
    """The stored rows of the repository at or above `start` (exit 2 when there is none)."""
    return StoredRows(GitRepository.discover(start))
