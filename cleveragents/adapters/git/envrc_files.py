"""The tree's `.envrc` files, read for what direnv loads in the user's shell
(`domain/direnv_loads.py` judges them).

Each `.envrc` the tree's walk finds (`git_dirs.found`) is read, and each file it sources in
turn, `DEPTH` deep, as bash opens them (links followed); a FIFO or a device is never opened
for reading (`O_NONBLOCK`, then `fstat`), a file larger than `MOST_BYTES` is not read: its
`.envrc`'s folder whole. Each place found is a host-run place of the tree, refused to the
model's file actions and put back after a command (`config_programs.watched_programs`).

Cost: per `.envrc`, a read of it and of each file it sources, per look (a handful of small
files; no cache: an `.envrc` edited by the user is read as it is now).
"""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Sequence
from pathlib import Path

from cleveragents.adapters.git.tree_scripts import outside_places, script_places
from cleveragents.domain.direnv_loads import (
    DEPTH,
    ENVRC,
    MOST_BYTES,
    dotenv_places,
    envrc_read,
    unread,
)
from cleveragents.domain.envrc_paths import EnvrcWhere
from cleveragents.domain.host_files import DIRENV_KEY
from cleveragents.domain.kube_configs import kube_programs
from cleveragents.domain.reach import Reach, printable


def envrc_programs(root: Path, envrcs: Sequence[str]) -> list[tuple[Reach, str]]:
    """(place from the tree's top, `DIRENV_KEY` and the `.envrc`) for each `.envrc` in
    `envrcs` and each place it (or a file it sources) loads."""
    found: list[tuple[Reach, str]] = []
    pending, above = list(envrcs), set()  # above: the files read above the tree (absolute)
    if ENVRC not in envrcs and (nearest := _above(root, ENVRC)) is not None:
        pending.append(nearest)
        above.add(nearest)
    for envrc in pending:  # grows by what a `source_up` finds above the tree
        key = f"{DIRENV_KEY}{envrc}"
        folder = posixpath.dirname(envrc)
        where = EnvrcWhere(str(root), _top(root, folder), _home())
        found.append((Reach(envrc), key))
        todo, seen = [(envrc, 0)], {envrc}
        while todo:
            path, depth = todo.pop(0)
            if depth > DEPTH:
                why = f"`{printable(path)}`, sourced {depth} files deep"
                found.append((unread(folder, why), key))
                continue
            text = _text(root, path, outside=path in above)
            if isinstance(text, Reach):
                found.append((text if path != envrc else unread(folder, text.unknown), key))
                continue
            if text is None:
                continue  # not there: nothing runs; read again once it is
            read = envrc_read(folder, text, where)
            # A script outside the tree it runs or sources (`~/bin/setup.sh`): what that runs.
            found += [(place, key) for place in outside_places(root, read.places, folder)]
            for dotenv in read.dotenvs:
                data = _text(root, dotenv)
                if isinstance(data, str):
                    found += [(place, key) for place in dotenv_places(folder, data)]
            for kubeconfig in read.kubeconfigs:  # what `kubectl` runs to log in
                data = _text(root, kubeconfig)
                if isinstance(data, str):
                    for program in kube_programs(data, kubeconfig):
                        found.append((program, key))
                        if not program.path.startswith(("/", "..")) and not program.unknown:
                            found += [(r, key) for r in script_places(root, program.path, folder)]
            for name in sorted(read.programs):  # `mytool` of `PATH_add bin`: `bin/mytool`
                for bin_folder in read.path_folders:
                    found += [(r, key) for r in _program(root, bin_folder, name, folder)]
            for name in read.up:  # `source_up` past the tree's top: the nearest one above
                up = _above(root, name)
                if up is not None and up not in above:
                    pending.append(up)
                    above.add(up)
            for sourced in read.sourced:
                found.append((Reach(sourced), key))
                if sourced not in seen:
                    seen.add(sourced)
                    todo.append((sourced, depth + 1))
    return list(dict.fromkeys(found))


def _above(root: Path, name: str) -> str | None:
    """The file `name` nearest above the tree, as an absolute path (None when none stands):
    the `.envrc` direnv loads for the tree's top when the top has none (`~/work/.envrc` for
    the tree `~/work/proj`, attack 21 #19), or what a `source_up` there finds."""
    for folder in root.parents:
        if os.path.lexists(folder / name):
            return str(folder / name)
    return None


def _top(root: Path, folder: str) -> str | None:
    """The top of the repository the folder `folder` (of the tree, or absolute above it)
    lies in, as `git rev-parse --show-toplevel` run there prints it; None when none."""
    here = (root / folder).resolve()
    for candidate in (here, *here.parents):
        if os.path.lexists(candidate / ".git"):
            return str(candidate)
    return None


def _home() -> str | None:
    """The user's home, as bash expands `~` for direnv (None when `HOME` is unset)."""
    home = os.environ.get("HOME")
    return os.path.realpath(home) if home else None


def _program(root: Path, bin_folder: str, name: str, folder: str) -> list[Reach]:
    """The tree file `name` in the folder `bin_folder` the `.envrc` of `folder` put on PATH,
    which its bare name runs there, and what it runs in turn (read as a hook's script is,
    from `folder`, where direnv runs it); nothing when none stands there."""
    path = posixpath.normpath(posixpath.join(bin_folder, name))
    if path.startswith(("/", "..")) or not (root / path).is_file():
        return []
    return [Reach(path), *script_places(root, path, folder)]


def _text(root: Path, path: str, *, outside: bool = False) -> str | Reach | None:
    """The text of the tree file `path` (an absolute one `outside` it: the `.envrc` above)
    as bash reads it; None when it is none (or a folder); its folder whole (a `Reach`) when
    it cannot be read ahead."""
    if (path.startswith(("/", "..")) and not outside) or ".git" in path.split("/"):
        return None
    why = f"`{printable(path)}`, a file agents does not read"
    try:
        fd = os.open(root / path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        seen = os.fstat(fd)
        if stat.S_ISDIR(seen.st_mode):
            return None
        if not stat.S_ISREG(seen.st_mode) or seen.st_size > MOST_BYTES:
            return unread(posixpath.dirname(path), why)
        content = os.read(fd, MOST_BYTES + 1)
    except OSError:  # pragma: no cover - opened, then unreadable: bash cannot read it either
        return None
    finally:
        os.close(fd)
    if len(content) > MOST_BYTES or b"\0" in content:
        return unread(posixpath.dirname(path), why)
    return content.decode("utf-8", "surrogateescape")
