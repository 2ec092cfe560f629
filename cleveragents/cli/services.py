"""The services of the repository a command runs in, with what killed commands left settled.

Without typer, so that `plan_views.py` can use them before typer is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.cli import output
from cleveragents.cli.collector import uncollected
from cleveragents.errors import ConflictingState, FileSystemRefused

if TYPE_CHECKING:
    from cleveragents.application.plan_recorder import Observer
    from cleveragents.bootstrap import Services


@contextmanager
def opened(
    start: Path,
    observer: Observer | None = None,
    approve: Callable[[str], bool] | None = None,
    reading: bool = False,
) -> Iterator[Services]:
    """The services for the repository at or above `start`, closed after the block.

    Imported late, so `--help` stays fast. What a killed command left behind is repaired
    first, and said on stderr. A repair the file system refuses (a path made immutable, a
    full disk) fails the command (exit 3), but one `reading` only: that says it, and reads.
    """
    with uncollected():  # the services' modules, left out of every later collection
        from cleveragents.adapters.command_safety import mount_points
        from cleveragents.bootstrap import bootstrap
        from cleveragents.domain.command_saves import shown_path
        from cleveragents.domain.host_binds import CLAUDE_FOLDER

    built = bootstrap(start, observer, approve)
    try:
        made: set[str] = set()  # a killed command's box stood on them: none holds its bytes
        removed, unsure = mount_points.sweep(built.repo.root, built.repo.state_dir, made)
        for place in removed:
            kind = "folder" if place.rpartition("/")[2] == CLAUDE_FOLDER else "file"
            said = f"a {kind} a killed command's sandbox stood on"
            output.note(f"removed {shown_path(place)}: {said}")
        for place in unsure:
            output.note(
                f"kept {shown_path(place)}: like a file a killed command's sandbox stood on"
                " before the tree moved; remove it if it is not yours"
            )
        built.operations.spared = frozenset(made)
        refused = None
        try:
            built.operations.settle()
        except FileSystemRefused as error:
            refused = error
        for notice in built.operations.notices:
            output.note(notice)
        built.operations.notices.clear()
        if refused is not None:
            if not reading:
                raise refused
            output.note(refused.line())
        if built.operations.unsettled is not None:  # the paths named, made inert: never silent
            raise ConflictingState(built.operations.unsettled)
        yield built
    finally:
        for path in built.checkpoints.withheld():
            output.note(f"withheld: {path} (ignored before the plan changed .gitignore)")
        built.close()
