"""The programs agents itself runs on the host (git, bwrap, the pager's shell, the bash of a
model's commands), found on PATH without the folders a model's command can write.

A sandboxed command may write anywhere in the working tree. A PATH that names a folder of
it (an activated `.venv/bin`, `node_modules/.bin`, `.`) would let a model plant a `git` or
a `bwrap` that the next agents process runs outside the sandbox, with the API key in its
environment. So the lookup skips empty and relative entries, every folder inside the
working tree, and a program whose real path lies inside it.
"""

from __future__ import annotations

import functools
import os
import posixpath
import shutil
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.adapters.loader_path import tree_of as tree_of
from cleveragents.errors import BadInput

if TYPE_CHECKING:  # not at start-up: every git call of a read-only view finds git here
    from cleveragents.domain.host_files import PathFolder

# What a venv's `python` reads and imports at each start, beside its `bin`.
VENV = ("pyvenv.cfg", "lib", "lib64", "Lib")
MOST_READ = 64 * 1024  # of a startup file, read for the programs it runs by name


@functools.cache
@functools.cache
def find(name: str, tree: Path) -> str | None:
    """`name` on PATH, as `shutil.which` finds it, but never in a folder a model's command
    could have written: relative entries, or anything inside `tree`."""
    for entry in trusted_entries(tree):
        found = shutil.which(name, path=entry)
        if found is not None and not _inside(Path(os.path.realpath(found)), tree):
            return found
    return None


def trusted_path(tree: Path) -> str:
    """PATH without the folders `find` skips, for a shell agents starts on the host."""
    return os.pathsep.join(trusted_entries(tree))


def trusted_entries(tree: Path) -> list[str]:
    entries = os.environ.get("PATH", os.defpath).split(os.pathsep)
    return [
        entry
        for entry in dict.fromkeys(entries)
        if entry and os.path.isabs(entry) and not _inside(Path(os.path.realpath(entry)), tree)
    ]


def _inside(path: Path, tree: Path) -> bool:
    return path == tree or path.is_relative_to(tree)


def path_folders(tree: Path, bare: Callable[[], frozenset[str]] = frozenset) -> list[PathFolder]:
    """The folders of the working tree `tree` on PATH (as their real paths lie in it, a
    `.git` left out), each with the names a file there would shadow (the PATH folders' after
    it, and the `bare` names hooks and git config programs run, read only when such a folder
    is found) and its own now: the user's shell runs a program found there on the host
    (`domain/host_files.py`)."""
    from cleveragents.domain.host_files import PathFolder

    top = Path(os.path.realpath(tree))
    entries = _entries(top)
    found: list[PathFolder] = []
    for at, entry in enumerate(entries):
        real = Path(os.path.realpath(entry))
        if real == top or not _inside(real, top) or ".git" in real.relative_to(top).parts:
            continue  # the top: refused (`refuse_top_on_path`)
        later = bare().union(_home_programs(), *(_names(e) for e in entries[at + 1 :]))
        folder, standing = real.relative_to(top).as_posix(), _names(entry)
        runs, venv = _runs(top, folder, standing)
        kept = tuple(p for p in venv if _bound(top, p))
        found.append(PathFolder(folder, later, standing, runs, kept))
    on_path = {f.folder for f in found}
    for place in tree_venvs(top, [f.folder for f in found]):
        folder = f"{place}/Scripts" if (top / place / "Scripts").is_dir() else f"{place}/bin"
        if folder in on_path:
            continue
        # Not active now: the user's next `source .venv/bin/activate` puts it first on PATH.
        later = bare().union(_home_programs(), *(_names(e) for e in entries))
        standing = _names(str(top / folder))
        runs, venv_files = _runs(top, folder, standing)
        kept = tuple(p for p in venv_files if _bound(top, p))
        found.append(PathFolder(folder, later, standing, runs, kept, active=False))
    return found


def tree_venvs(top: Path, on_path: list[str]) -> list[str]:
    """The venvs of the tree `top` (folders holding a `pyvenv.cfg`, relative), found
    cheaply: at its top, one level down, and each PATH folder's parent (no `stat` of a
    file: the folders' listings say which names are folders)."""
    found = [posixpath.dirname(f) for f in on_path if (top / f).parent != top]
    for name in sorted(_folders(str(top)) - {".git", "node_modules"}):
        if os.path.isfile(top / name / "pyvenv.cfg"):
            found.append(name)
            continue
        inner = _folders(str(top / name)) - {".git", "node_modules"}
        found += [f"{name}/{n}" for n in sorted(inner) if _venv(top / name / n)]
    return [v for v in dict.fromkeys(found) if _venv(top / v)]


def _venv(folder: Path) -> bool:
    """Whether `folder` is a venv: a real folder holding a `pyvenv.cfg`."""
    st = _lstat(folder)
    return st is not None and stat.S_ISDIR(st.st_mode) and os.path.isfile(folder / "pyvenv.cfg")


def _folders(folder: str) -> frozenset[str]:
    """The names of the folders (not links) in `folder` now, read again only when it
    changed."""
    try:
        st = os.stat(folder)
    except OSError:
        return frozenset()
    return _listed_folders(folder, st.st_mtime_ns, st.st_ino)


@functools.lru_cache(maxsize=256)
def _listed_folders(folder: str, _mtime: int, _inode: int) -> frozenset[str]:
    try:
        with os.scandir(folder) as entries:
            return frozenset(e.name for e in entries if e.is_dir(follow_symlinks=False))
    except OSError:
        return frozenset()


def _bound(top: Path, place: str) -> bool:
    """Whether the sandbox can bind `place` (of the tree `top`) read-only as it stands: a
    real file or folder, no link on its way (`PathFolder.kept`)."""
    from cleveragents.adapters.git.saved_files import link_on_the_way

    st = _lstat(top / place)
    return st is not None and not stat.S_ISLNK(st.st_mode) and not link_on_the_way(top, place)


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except OSError:
        return None


def _runs(top: Path, folder: str, standing: frozenset[str]) -> tuple[tuple[str, ...], list[str]]:
    """The places of the tree `top` that the programs of its PATH folder `folder` run: where
    each link there leads, as a hook's link is followed (`hook_links.py`), and for one into
    a `node_modules`, its package whole (npm's `.bin/tool -> ../pkg/cli.js` loads the rest
    of `pkg`); for a venv's `bin` (a `python` there, or a `pyvenv.cfg` beside it), its
    `pyvenv.cfg` and `lib`, standing or not: its `python` imports `site-packages` at each
    start (a `.pth` there runs), at the user's next `pytest` or hook; and, apart, the
    venv's."""
    from cleveragents.adapters.git.hook_links import hook_link_targets
    from cleveragents.domain.launchers import PYTHON

    found = [_package(t) for t in hook_link_targets(top, [str(top / folder)])]
    venv, _, scripts = folder.rpartition("/")
    python = any(PYTHON.fullmatch(name) for name in standing)
    venvs: list[str] = []
    if scripts in ("bin", "Scripts") and (python or (top / venv / "pyvenv.cfg").exists()):
        venvs = [posixpath.join(venv, name) for name in VENV]
    elif "node_modules" not in folder.split("/"):  # a script there (`PATH_add bin`) sourcing
        found += _sourced(top, folder, standing, found)  # `. lib/common.sh`
    return tuple(dict.fromkeys(p for p in found + venvs if not _within_any(p, folder))), venvs


def _sourced(top: Path, folder: str, standing: frozenset[str], targets: list[str]) -> list[str]:
    """What the scripts of the PATH folder `folder` (not a link: where one leads, among
    `targets`) source or run by a path, read as a hook's are (`home_files.sourced`)."""
    from cleveragents.adapters.home_files import sourced

    own = [f"{folder}/{n}" for n in sorted(standing) if not os.path.islink(top / folder / n)]
    return sourced(top, [*own, *targets])


def _package(place: str) -> str:
    """The `node_modules` package `place` lies in (`node_modules/@scope/name` too), or
    `place`."""
    parts = place.split("/")
    if "node_modules" not in parts[:-1]:
        return place
    at = len(parts) - 1 - parts[::-1].index("node_modules")
    deep = at + (3 if parts[at + 1 : at + 2] and parts[at + 1].startswith("@") else 2)
    return "/".join(parts[: min(deep, len(parts))])


def _within_any(place: str, folder: str) -> bool:
    """Whether `place` is `folder` or lies in it: watched already, as the PATH folder."""
    return place == folder or place.startswith(f"{folder}/")


def refuse_top_on_path(tree: Path) -> None:
    """Refuse (exit 2) to work on the tree `tree` when PATH names its top: a file a plan
    wrote there would run on the host in place of a program of its name, and the whole
    top cannot be kept from the plan."""
    top = os.path.realpath(tree)
    if any(os.path.realpath(e) == top for e in _entries(Path(top))):
        relative = not any(os.path.isabs(e) and os.path.realpath(e) == top for e in _path())
        raise BadInput(
            f"your PATH names the top of this working tree ({tree}): a file a plan wrote "
            "there would run on the host as a program of its name (an empty or `.` entry "
            "names the folder your shell stands in)",
            hint="drop `.` and empty entries (a stray `:`) from PATH for agents"
            if relative
            else "take the folder off PATH for agents (a folder inside the tree is watched)",
        )


def _path() -> list[str]:
    return os.environ.get("PATH", os.defpath).split(os.pathsep)


def _entries(top: Path) -> list[str]:
    """PATH's entries as the user's shell finds programs in the tree `top` when it stands at
    its top: a relative entry (`bin`, `./node_modules/.bin`) from there, an empty one (a
    stray `:`) as `.` (attack 16 finding 20)."""
    found = (e if os.path.isabs(e) else os.path.join(top, e or ".") for e in _path())
    return list(dict.fromkeys(found))


def _home_programs() -> frozenset[str]:
    """The programs the user's shell startup files (in the home, wherever they lead) run
    by a bare name: `command -v zoxide && eval "$(zoxide init bash)"` runs a `zoxide` a
    command plants in a tree folder on PATH at the next shell, though no later folder holds
    one (`domain/bare_programs.py`)."""
    from cleveragents.adapters.git.stamped_reads import regular_bytes
    from cleveragents.adapters.home_files import GIT_FILES
    from cleveragents.domain.bare_programs import bare_programs
    from cleveragents.domain.host_files import STARTUP_FILES

    home = os.environ.get("HOME")
    if not home or not os.path.isabs(home):
        return frozenset()
    found: set[str] = set()
    for name in (*STARTUP_FILES, ".bash_aliases"):
        read = None if name in GIT_FILES else regular_bytes(os.path.join(home, name), MOST_READ)
        found |= bare_programs(read[0].decode("utf-8", "replace")) if read is not None else set()
    return frozenset(found)


def _names(folder: str) -> frozenset[str]:
    """The names in `folder` now (none when it is missing), read again only when the
    folder changed."""
    try:
        st = os.stat(folder)
    except OSError:
        return frozenset()
    return _listed(folder, st.st_mtime_ns, st.st_ino)


@functools.lru_cache(maxsize=64)
def _listed(folder: str, _mtime: int, _inode: int) -> frozenset[str]:
    try:
        return frozenset(os.listdir(folder))
    except OSError:
        return frozenset()
