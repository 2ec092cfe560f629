"""Walking and removing a folder however deep it goes.

Python 3.11's `os.walk` and `shutil.rmtree` recurse once per folder level, and a model's
command makes a folder 1,200 levels deep in a line (`for i in $(seq 1200); do mkdir a &&
cd a; done`): at about 1,000 levels they raise `RecursionError`, which no `OSError`
handler catches, and `agents` stopped with exit 70 before and after every command, and on
`plan undo` and `resume` too (attack 26, F1). These keep their own stack instead, with the
same contract: `walk` is `os.walk` top down (the `folders` list pruned in place is obeyed,
`onerror` gets each folder it cannot list, a link to a folder is named among the folders
and entered only with `followlinks`); `remove_tree` is `shutil.rmtree` (never through a
link, `ignore_errors`), taking each folder's files then the folders deepest first.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from pathlib import Path

OnError = Callable[[OSError], object]


def walk(
    top: str | os.PathLike[str], onerror: OnError | None = None, followlinks: bool = False
) -> Iterator[tuple[str, list[str], list[str]]]:
    """Each folder under `top` with its folders and other names, as `os.walk(top)` gives
    them top down, in the same order, with no recursion."""
    stack = [os.fspath(top)]
    while stack:
        folder = stack.pop()
        folders: list[str] = []
        names: list[str] = []
        linked: set[str] = set()
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    try:
                        is_folder = entry.is_dir()
                    except OSError:
                        is_folder = False
                    (folders if is_folder else names).append(entry.name)
                    if is_folder and not followlinks and entry.is_symlink():
                        linked.add(entry.name)
        except OSError as error:
            if onerror is not None:
                onerror(error)
            continue
        yield folder, folders, names
        stack += [os.path.join(folder, f) for f in reversed(folders) if f not in linked]


def remove_tree(path: str | os.PathLike[str], ignore_errors: bool = False) -> None:
    """Remove the folder at `path` with all in it (a link at `path` is refused, as
    `shutil.rmtree` refuses it; links inside are removed, never followed)."""
    top = os.fspath(path)
    errors: list[OSError] = []
    if os.path.islink(top):
        errors.append(OSError(f"Cannot call remove_tree on a symbolic link: {top}"))
    folders: list[str] = []
    if not errors:
        for folder, inside, names in walk(top, onerror=errors.append):
            folders.append(folder)
            for name in [*names, *(f for f in inside if os.path.islink(os.path.join(folder, f)))]:
                try:
                    os.unlink(os.path.join(folder, name))
                except OSError as error:
                    errors.append(error)
        for folder in reversed(folders):
            try:
                os.rmdir(folder)
            except OSError as error:
                errors.append(error)
    if errors and not ignore_errors:
        raise errors[0]


def stats_below(root: Path, top: str, whole: bool) -> Iterator[tuple[str, os.stat_result]]:
    """`top` (a path from `root`, "" for it) and its `lstat`, then with `whole` each name
    below it the same way, top down in listing order, never through a link."""
    stack = [top]
    while stack:
        path = stack.pop()
        full = root / path if path else root
        try:
            st = os.lstat(full)
        except OSError:
            continue
        yield path, st
        if whole and stat.S_ISDIR(st.st_mode):
            with suppress(OSError), os.scandir(full) as listing:
                stack += reversed([f"{path}/{i.name}" if path else i.name for i in listing])


def ways_down(paths: Iterable[str]) -> Iterator[tuple[str, list[str]]]:
    """Each of `paths` with the folders on its way (but the one holding it), top first,
    each named once for all of them: 1,200 nested paths are not 720,000 folders."""
    named: set[str] = set()
    for path in paths:
        way, folder = [], path.rpartition("/")[0].rpartition("/")[0]
        while folder and folder not in named:
            way.append(folder)
            named.add(folder)
            folder = folder.rpartition("/")[0]
        yield path, way[::-1]


def through_no_link(root: Path, paths: Iterable[str]) -> set[str]:
    """Those of `paths` with no link or file on their way (`link_on_the_way` is None: each
    folder on it a folder, or not there), each such folder looked at once for them all."""
    known: dict[str, bool] = {"": True}
    clear = set()
    for path in paths:
        way, folder = [], path.rpartition("/")[0]
        while folder not in known:
            way.append(folder)
            folder = folder.rpartition("/")[0]
        fine = known[folder]
        for folder in reversed(way):
            with suppress(FileNotFoundError):  # not there: nor anything below it
                fine = fine and stat.S_ISDIR(os.lstat(os.path.join(root, folder)).st_mode)
            known[folder] = fine
        if fine:
            clear.add(path)
    return clear


def outermost(paths: Iterable[str]) -> set[str]:
    """Those of `paths` inside none of the others (a walk of each walks them all)."""
    kept: set[str] = set()
    last = None
    for path in sorted(set(paths), key=lambda p: p.split("/")):
        if last is None or not path.startswith(f"{last}/"):
            kept.add(path)
            last = path
    return kept
