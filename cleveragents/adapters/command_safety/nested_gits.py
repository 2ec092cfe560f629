"""The git directories nested in the tree, read-only whole in the box, as the top `.git` is.

The user's plain `git status` in a nested repository (VS Code's source control, a git-aware
prompt, lazygit: run unasked) reads that repository's `.git`: its `HEAD`, `commondir`,
`config.worktree`, `worktrees/`, hooks and `info/`, or, for a `.git` file, the git directory
it names. A command that wrote one of them (`echo ../../evil > sub/.git/commondir`, or
`gitdir: ../evil` into a linked worktree's `.git`, `evil/config` naming `core.fsmonitor`)
had the host run the model's program while the command still ran: the put-back after it
(`git/git_dirs.py`) came too late (attack on box19, finding 1). So each is bound read-only
whole: every nested `.git` folder, every `.git` file (as a file: neither written, removed
nor renamed, a mount point), what a `.git` file or link names and what a `commondir` names
when it lies in the tree, and each folder git takes for a git directory whatever its name
(a bare clone, a `--separate-git-dir`). A name missing in them (`commondir`,
`config.worktree`) cannot be made: the folder is read-only. Each folder on the way to one
is bound to itself, so no rename of a folder above swaps it while the command runs (as
`domain/host_binds.py` does). Past `MOST_NESTED_GITS` mounts (each costs bwrap a read of
the mount table) the rest are left to the put-back, and the run says so. Their configs
are shown redacted all the same (`git_config.py`).

Which go past the bound is not the walk's order (a folder's listing order, which a command
making 2000 empty `zNNNN/.git` folders chooses: attack 21 #3): the real repositories go
first (a `.git` folder holding a `HEAD` or `objects`, a `.git` file or link naming a git
directory, a folder git takes for one), then the rest (an empty or half-made `.git`, where
no git of the user's finds a repository), each kind by path. And when a real repository is
past the bound all the same (more of them than the binds), the command does not run:
`real_left` names them, and the environment refuses it (a repository of the user's never
writable while the model's command runs).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from cleveragents.adapters.git import git_dirs
from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.git_directory import is_git_directory
from cleveragents.adapters.git.git_folders import gitdir_of, with_common
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.rules import git_refuses_name

MOST_NESTED_GITS = 128  # mounts at most for nested git entries and the folders on their way


@dataclass(frozen=True)
class NestedGits:
    """What the box binds read-only (absolute paths, outermost first), the git
    directories among all found (their configs redacted), the entries past the bound
    (paths in the tree), and the folders on the way to those bound, each bound to itself
    (a mount point cannot be renamed: no `mv sub sub.old && mkdir sub` hands the host's
    git a `sub/.git` of the command's while it runs)."""

    bound: tuple[Path, ...] = ()
    git_dirs: tuple[Path, ...] = ()
    left: tuple[str, ...] = ()
    pinned: tuple[Path, ...] = ()
    real_left: tuple[str, ...] = ()  # of `left`, the real repositories: the command is refused


def nested_gits(
    root: Path,
    own: list[Path],
    known: dict[str, git_dirs.Listing],
    most: int = MOST_NESTED_GITS,
) -> NestedGits:
    """The nested git entries of the tree at `root` (real path) to bind read-only; `own`:
    the repository's own git directories, bound already (none in them is bound again).
    One walk (`git_dirs.found`, each folder's listing read again only when it changed)."""
    heads: list[str] = []
    entries = [root / path for path in git_dirs.found(root, known, heads=heads)]
    entries += [root / f for f in heads if _git_directory(root / f)]
    real = {entry: _real(entry) for entry in entries}
    entries.sort(key=lambda entry: (not real[entry], entry))  # never the walk's order
    bound: dict[Path, None] = {}
    ways: dict[Path, None] = {}
    found: dict[Path, None] = {}
    left: list[str] = []
    real_left: list[str] = []
    for entry in entries:
        group = [p for p in _group(root, entry) if not any(p.is_relative_to(o) for o in own)]
        found.update((p, None) for p in group if p.is_dir())
        new = [p for p in group if p not in bound]
        way = [a for p in new for a in _ancestors(root, p) if a not in ways]
        if not new:
            continue
        if len(bound) + len(ways) + len(new) + len(dict.fromkeys(way)) > most:
            left.append(entry.relative_to(root).as_posix())
            if real[entry]:
                real_left.append(left[-1])
            continue
        bound.update(dict.fromkeys(new))
        ways.update(dict.fromkeys(way))
    # One inside another bound folder goes with it (a bare clone's `modules/x`).
    folders = [p for p in bound if p.is_dir() and not p.is_symlink()]
    kept = [p for p in bound if not any(p != f and p.is_relative_to(f) for f in folders)]
    pins = [a for a in ways if not any(a.is_relative_to(f) for f in folders)]
    pins = sorted(pins)
    return NestedGits(tuple(sorted(kept)), tuple(found), tuple(left), tuple(pins), tuple(real_left))


def _real(entry: Path) -> bool:
    """Whether `entry` is a repository the user's git finds: a `.git` folder holding a
    `HEAD` or `objects` (a link there too), a `.git` file or link naming a git directory,
    or a folder git takes for one (`heads`); not an empty or half-made `.git`."""
    st = lstat(str(entry))
    if st is None:  # pragma: no cover - gone between the walk and here
        return False
    if stat.S_ISDIR(st.st_mode):
        if entry.name != ".git" and not git_refuses_name(entry.name):
            return True  # a folder git takes for a git directory (`_git_directory`)
        return any(os.path.lexists(entry / name) for name in ("HEAD", "objects"))
    target = gitdir_of(str(entry))
    return target is not None and is_git_directory(target)


def _ancestors(root: Path, path: Path) -> list[Path]:
    """The folders between the tree's top and `path`, top first."""
    parts = path.relative_to(root).parts
    return [root.joinpath(*parts[:n]) for n in range(1, len(parts))]


def _group(root: Path, entry: Path) -> list[Path]:
    """`entry` (a `.git` folder or file, or a folder git takes for a git directory) and the
    folders in the tree it names: a `.git` file's or link's git directory, a `commondir`."""
    st = lstat(str(entry))
    if st is None:  # pragma: no cover - gone between the walk and here
        return []
    if stat.S_ISDIR(st.st_mode):
        group, named = [entry], with_common(str(entry))[1:]
    elif stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode):
        target = gitdir_of(str(entry))
        # A link itself cannot be bound (bwrap binds where it leads): only what it names.
        group = [entry] if stat.S_ISREG(st.st_mode) else []
        named = with_common(target) if target is not None else []
    else:
        return []  # a FIFO or a socket named `.git`: no git reads it (`workspace.git_fifos`)
    top = f"{root}/"
    for folder in named:
        if folder.startswith(top) and os.path.isdir(folder):
            group.append(Path(folder))
    return group


def _git_directory(folder: Path) -> bool:
    """Whether git takes `folder` for a git directory, or it holds `objects/` and `refs/`
    beside its `HEAD` (one a valid `HEAD` written in the box would make one)."""
    markers = (folder / "objects").is_dir() and (folder / "refs").is_dir()
    return not folder.is_symlink() and (markers or is_git_directory(str(folder)))


def refused_line(paths: tuple[str, ...]) -> str:
    """Why a command does not run: the real repositories past the bound (paths in the tree)."""
    return (
        f"refused: more nested repositories than the {MOST_NESTED_GITS} binds the sandbox "
        f"gives nested git directories; {_listed(paths)} would be writable while the command "
        "runs, where your own git reads them. Move some nested repositories out of the tree "
        "(or remove the .git folders you do not need), then resume"
    )


def unbound_note(paths: tuple[str, ...]) -> str:
    """What a run says, once, of the nested `.git` entries (paths in the tree) past the bound."""
    return (
        f"writable in the sandbox (past the {MOST_NESTED_GITS} binds it gives nested git "
        f"directories): {_listed(paths)}; what a command does there is put back"
    )


def _listed(paths: tuple[str, ...]) -> str:
    """The first three of `paths` shown, and how many more."""
    more = f" and {len(paths) - 3} more" if len(paths) > 3 else ""
    return ", ".join(shown_path(path) for path in paths[:3]) + more
