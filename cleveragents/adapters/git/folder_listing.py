"""One folder's listing for the walk of the tree that finds every `.git` (`git_dirs.found`):
its sub-folders, its `.git` entries, its `.claude` and `.mcp.json` ones (and the names the
home has programs read from any folder, `domain/cwd_reads.py`), itself when it holds a
`HEAD`, its `.envrc`.

A folder its owner cannot list or enter (`mkdir -m 311 a`: a command needs no `chmod` for
it) hid from the walk all it holds, while git, vim or Claude Code, started in it or given its
paths, open a nested `.git`, an `.exrc`, a `.claude` by name (attack 23, F24: every user not
root). The walk cannot tell what it holds, whether the command or the user made it; so such a
folder of the user running agents is given its owner's bits (`u+rwx`, its other bits as
they were: the put-back may remove from it) and walked: nothing in it is removed or changed
for it, and the put-back that follows takes back what the command planted there, as
anywhere. Each is said (`opened_lines`): `chmod` sets the mode back. A folder of another
owner stays unlisted: git run by this user cannot look into it either, and a command run by
this user could make none.

A command may also take the owner's write from the folder holding what it planted
(`chmod 555 a/b`, `chmod 000` on the file): the put-back that removes or reads it (`kept_drops`,
`claude_dirs`) is done `opened_around` it, each such folder given `u+rwx` and each such file
`u+r` the same way first (`looked_into`), and given its mode back after, said.
"""

from __future__ import annotations

import fnmatch
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from cleveragents.adapters.git.saved_files import link_on_the_way
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.rules import claude_reads, git_refuses_name, name_as_opened

GLOB = re.compile(r"[*?\[]")  # a name with a glob: matched by one expression
LOOK = stat.S_IRUSR | stat.S_IXUSR  # the bits a walk needs of a folder: list it, enter it
WRITE = stat.S_IRWXU  # the bits a removal needs of the folder it removes from
READ = stat.S_IRUSR  # the bit the keeping of a file's bytes needs of it
_ACCESS = {LOOK: os.R_OK | os.X_OK, WRITE: os.R_OK | os.W_OK | os.X_OK, READ: os.R_OK}
_OPENED: list[tuple[str, int]] = []  # the folders given `u+rwx` since last said, their modes


def looked_into(
    root: Path, folder: str, st: os.stat_result, need: int = LOOK, noted: bool = True
) -> os.stat_result:
    """The status of `folder` (`st`, as it is), given `u+rwx` first (a file: `u+r`) when its
    owner, the user running agents, lacks the bits it `need`s (`access`: root has them);
    as it is otherwise. `noted`: said by `opened_lines`, the mode left so."""
    full = root / folder if folder else root
    if st.st_mode & need == need or os.access(full, _ACCESS[need]):
        return st
    return _opened(full, folder, st, READ if need == READ else WRITE, noted)


def _opened(  # pragma: no cover
    full: Path, folder: str, st: os.stat_result, bits: int, noted: bool
) -> os.stat_result:
    """`full` given `bits`, noted, and its status then; `st` when not this user's. Root
    lists every folder: run as `nobody` in a forked process by checkpoints.git_dirs.feature,
    whose coverage is not gathered."""
    try:
        os.chmod(full, stat.S_IMODE(st.st_mode) | bits)
        now = os.lstat(full)
    except OSError:  # another user's: nothing this user runs looks into it
        return st
    if noted:
        _OPENED.append((folder, stat.S_IMODE(st.st_mode)))
    return now


@contextmanager
def opened_around(root: Path, paths: Iterable[str]) -> Iterator[list[str]]:
    """Around the removal or reading of each of `paths`: the folder holding it, each folder
    below one, given `u+rwx`, each file there `u+r`, when its owner lacks them
    (`looked_into`); after, each still as it was made given its mode back, said in the lines
    yielded (filled on the way out). Never through a link on the way: what it leads to
    is not the tree's."""
    changed: list[tuple[str, int, os.stat_result]] = []  # path, its mode, its status opened
    for path in [path for path in paths if link_on_the_way(root, path) is None]:
        _open_up(root, path.rpartition("/")[0], changed, False)
        _open_up(root, path, changed, True)
    said: list[str] = []
    try:
        yield said
    finally:
        back = [
            (path, mode, stat.S_ISDIR(opened.st_mode))
            for path, mode, opened in reversed(changed)
            if _set_back(root, path, mode, opened)
        ]
        said += _set_back_lines([(path, mode) for path, mode, folder in back if folder])


def _open_up(
    root: Path, path: str, changed: list[tuple[str, int, os.stat_result]], whole: bool
) -> None:
    """`path` given the bits a removal needs of it (`whole`: and all below a folder)."""
    try:
        st = os.lstat(root / path if path else root)
    except OSError:
        return
    if stat.S_ISDIR(st.st_mode) or (whole and stat.S_ISREG(st.st_mode)):
        need = WRITE if stat.S_ISDIR(st.st_mode) else READ
        now = looked_into(root, path, st, need, noted=False)
        if now is not st and all(path != p for p, _, _ in changed):
            changed.append((path, stat.S_IMODE(st.st_mode), now))  # pragma: no cover
    if whole and stat.S_ISDIR(st.st_mode):
        with suppress(OSError), os.scandir(root / path if path else root) as listing:
            for item in listing:
                _open_up(root, f"{path}/{item.name}" if path else item.name, changed, True)


def _set_back(  # pragma: no cover - as `_opened`: root is given no rights
    root: Path, path: str, mode: int, opened: os.stat_result
) -> bool:
    """Whether `path`, still as `opened` left it (not removed, nor written anew), was given
    its `mode` back."""
    full = root / path if path else root
    try:
        now = os.lstat(full)
        if (now.st_ino, now.st_mode) != (opened.st_ino, opened.st_mode):
            return False
        os.chmod(full, mode)
    except OSError:  # removed meanwhile
        return False
    return True


def _set_back_lines(back: list[tuple[str, int]]) -> list[str]:
    """One line naming the folders given their owner's rights for the put-back and their
    modes back after (none: no line; a file given `u+r` to be kept is not said)."""
    return _modes_line(
        back,
        "its owner's rights for the put-back to take back what the command made there, "
        "then its mode back",
    )


def opened_lines() -> list[str]:
    """One line naming the folders given `u+rwx` since the last call (none: no line)."""
    opened = list(dict.fromkeys(_OPENED))
    _OPENED.clear()
    return _modes_line(
        opened,
        "its owner's rights back (u+rwx): agents looks into every folder for what your "
        "git, editor or Claude Code would run there (chmod sets the mode back)",
    )


def _modes_line(changed: list[tuple[str, int]], what: str) -> list[str]:
    """`gave FOLDER (was MODE), ... WHAT`, or no line when no folder's mode was changed."""
    if not changed:
        return []
    shown = ", ".join(  # pragma: no cover - as `_opened`
        f"{shown_path(p or '.')} (was {stat.filemode(m)[1:]})" for p, m in changed
    )
    return [f"gave {shown} {what}"]  # pragma: no cover - as `_opened`


def matcher(names: tuple[str, ...]) -> Callable[[str], bool]:
    """Whether a name matches one of `names` as a case-insensitive disk opens it
    (`rules.name_as_opened`: `.EXRC` is what vim opens as `.exrc` there, attack 23 F31): a
    set for plain names, one expression for the globs (a walk of 50000 entries calls it
    for each)."""
    plain = frozenset(name_as_opened(name) for name in names if not GLOB.search(name))
    globs = [fnmatch.translate(name_as_opened(name)) for name in names if GLOB.search(name)]
    pattern = re.compile("|".join(globs)) if globs else None

    def matches(name: str) -> bool:
        opened = name.lower().rstrip(" .") or name if name.isascii() else name_as_opened(name)
        return opened in plain or (pattern is not None and pattern.match(opened) is not None)

    return matches


def listing_of(
    root: Path, folder: str, named: Callable[[str], bool] = lambda _: False
) -> tuple[list[str], list[str], list[str], list[str], list[str]]:
    """The sub-folders of `folder` to walk, its `.git` entries, its `.claude` and
    `.mcp.json` ones, itself when it holds a `HEAD` (any case: a case-insensitive disk),
    and its `.envrc` (direnv's name, as it opens it)."""
    subfolders: list[str] = []
    gits: list[str] = []
    claudes: list[str] = []
    head: list[str] = []
    envrcs: list[str] = []
    try:
        listing = os.scandir(root / folder if folder else root)
    except OSError:  # pragma: no cover - another user's (`looked_into`), as root never
        return [], [], [], [], []  # unreadable: git cannot look into it either
    with listing:
        for item in listing:
            path = f"{folder}/{item.name}" if folder else item.name
            if item.name == ".git" or git_refuses_name(item.name):
                if path != ".git":
                    gits.append(path)
                continue
            if claude_reads(item.name) or named(item.name):  # `.claude`, `.mcp.json`, `.exrc`
                claudes.append(path)
            if folder and item.name.upper() == "HEAD":
                head = [folder]
            if item.name == ".envrc":
                envrcs.append(path)
            if item.is_dir(follow_symlinks=False):
                subfolders.append(path)
    return subfolders, gits, claudes, head, envrcs
