"""One folder's listing for the walk of the tree that finds every `.git` (`git_dirs.found`):
its sub-folders, its `.git` entries, its `.claude` and `.mcp.json` ones (and the names the
home has programs read from any folder, `domain/cwd_reads.py`), itself when it holds a
`HEAD`, its `.envrc`.

A folder its owner cannot list or enter (`mkdir -m 311 a`: a command needs no `chmod` for
it) hid from the walk all it holds, while git, vim or Claude Code, started in it or given its
paths, open a nested `.git`, an `.exrc`, a `.claude` by name (attack 23, F24: every user not
root). So such a folder of the user running agents is given its owner's bits (`u+rwx`, its
other bits as they were: the put-back may remove from it) for the time of the walk and of
what reads or removes under it (`Opened`, `GitDirs.opened`), and its exact mode back after,
even when that raises: a folder the user made so (a test's `chmod 000`) keeps its mode
(walk26). One the command made so stays `u+rwx`, said (`opened_lines`): `chmod` sets the
mode back. Each opening is written first to a journal in the state folder: a run killed
meanwhile has the next command's settling set it back (`set_back_left`). A folder of another
owner stays unlisted: git run by this user cannot look into it either, and a command run by
this user could make none.

A command may also take the owner's write from the folder holding what it planted
(`chmod 555 a/b`, `chmod 000` on the file): the put-back that removes or reads it (`kept_drops`,
`claude_dirs`) is done `opened_around` it, each such folder (and each on its way) given
`u+rwx` and each such file `u+r` the same way first (`Opened.look`), and given its mode back
after, said.
"""

from __future__ import annotations

import fnmatch
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from cleveragents.adapters.folder_walk import outermost, stats_below, through_no_link, ways_down
from cleveragents.adapters.git.opened_journals import expected_records, set_back_left, start_time
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.rules import LONGEST_PATH, claude_reads, git_refuses_name, name_as_opened
from cleveragents.errors import ConflictingState

GLOB = re.compile(r"[*?\[]")  # a name with a glob: matched by one expression
LOOK = stat.S_IRUSR | stat.S_IXUSR  # the bits a walk needs of a folder: list it, enter it
WRITE = stat.S_IRWXU  # the bits a removal needs of the folder it removes from
READ = stat.S_IRUSR  # the bit the keeping of a file's bytes needs of it
# What `git add` says of a folder it cannot list, and adds nothing of (LC_ALL=C).
UNOPENED = re.compile(rb"warning: could not open directory '(.*)/': Permission denied")
_ACCESS = {LOOK: os.R_OK | os.X_OK, WRITE: os.R_OK | os.W_OK | os.X_OK, READ: os.R_OK}


class Opened:
    """The folders of the tree at `root` (and files) given the owner's bits they lacked
    (`look`, `around`), each with its mode before: given it back by `set_back`. Each is
    written first to a journal of its own in `journals` (a folder of the state folder; none:
    not), so that a run killed before its `set_back` has the next opening (the next
    command's, its settling's) set them back first (`set_back_left`)."""

    def __init__(self, root: Path, journals: Path | None = None) -> None:
        self.root = root
        me = f"{os.getpid()}-{start_time(os.getpid()) or 0}-{id(self)}"  # a PID reused: another
        self.journal = None if journals is None else journals / me
        self.changed: list[tuple[str, int, os.stat_result]] = []  # path, its mode, opened
        self.back: list[str] = []  # those the last `set_back` gave their modes back
        self.said: list[str] = []  # the folders `set_back` left open (`opened_lines`)
        self.held = False  # the block's every opening (`GitDirs.held`)
        if journals is not None:
            self.top()  # first: the way to the journals
            set_back_left(root, journals)

    def look(self, folder: str, st: os.stat_result, need: int = LOOK) -> os.stat_result:
        """The status of `folder` (`st`, as it is), given `u+rwx` first (a file: `u+r`) when
        its owner, the user running agents, lacks the bits it `need`s (`access`: root has
        them); as it is otherwise."""
        full = os.path.join(self.root, folder) if folder else self.root  # no deep `Path` parse
        if st.st_mode & need == need or os.access(full, _ACCESS[need]):
            return st
        return self._open(full, folder, st, READ if need == READ else WRITE)

    def _open(  # pragma: no cover
        self, full: str | Path, folder: str, st: os.stat_result, bits: int
    ) -> os.stat_result:
        """`full` given `bits`, noted, and its status then; `st` when not this user's. Root
        lists every folder: run as `nobody` in a forked process by checkpoints.git_dirs.feature,
        whose coverage is not gathered."""
        mode = stat.S_IMODE(st.st_mode)
        self._note(f"{st.st_ino} {mode} {mode | bits} - ", folder)  # first: a kill after finds it
        try:
            os.chmod(full, mode | bits)
            now = os.lstat(full)
        except OSError:  # another user's: nothing this user runs looks into it
            return st
        self._note(f"{now.st_ino} {mode} {mode | bits} {now.st_ctime_ns} ", folder)
        self.changed.append((folder, mode, now))
        return now

    def _note(self, record: str, folder: str) -> None:  # pragma: no cover - as `_open`
        """`record` of `folder` added to the journal (none, or one it cannot write: set back
        at the end only)."""
        if self.journal is not None:
            with suppress(OSError):
                self.journal.parent.mkdir(parents=True, exist_ok=True)
                with open(self.journal, "ab") as journal:
                    journal.write(record.encode() + _name(folder))

    def top(self) -> None:
        """The tree's top, then its `.git` folder, given `u+rwx` when their owner lacks what
        entering and listing them needs, as any folder the walk meets: the model's `chmod
        000 .` (the top is the user's folder, bound at itself) failed the put-back of the own
        git directory before anything was put back (attack 25 G11). Kept as the walk keeps
        a folder the command made unlistable (`set_back`: `u+rwx`, said)."""
        for path in ("", ".git"):
            with suppress(OSError):  # none: nothing to enter (a `.git` file: its own way)
                st = os.lstat(self.root / path if path else self.root)
                if stat.S_ISDIR(st.st_mode):
                    self.look(path, st)

    def around(self, paths: Iterable[str]) -> None:
        """Each of `paths` about to be removed or read: each folder on its way given what
        entering it needs, the folder holding it `u+rwx`, and it (each folder and file below
        one) the bits a removal or a read needs. Never through a link on the way: what it
        leads to is not the tree's."""
        listed = list(paths)  # those inside another are opened with it, below
        clear = through_no_link(self.root, listed) & outermost(listed)
        for path, way in ways_down(p for p in listed if p in clear):
            for folder in way:  # the way down, from the top
                self._open_up(folder, False, LOOK)
            self._open_up(path.rpartition("/")[0], False)
            self._open_up(path, True)

    def ways(self, paths: Iterable[str], need: int = LOOK) -> None:
        """Each folder on the way to each of `paths` (read, written or removed) its owner may
        not enter or list, and the one holding it when it lacks what they `need` of it
        (`WRITE`: to write there, `500`), given `u+rwx` (`look`): the user's own folders,
        whose files checkpoints hold (top29). One `access` per folder holding one of them.
        Never through a link on the way (review29 F5: a folder outside the tree opened)."""
        seen: set[str] = set()
        paths = list(paths)
        for folder in (path.rpartition("/")[0] for path in paths):
            full = os.path.join(self.root, folder)  # over PATH_MAX: nothing opens it, skipped
            too_long = len(os.fsencode(full)) > LONGEST_PATH  # (else each way from the top)
            if not folder or folder in seen or too_long or os.access(full, _ACCESS[need]):
                seen.add(folder)
                continue
            seen.add(folder)
            parts = folder.split("/")  # pragma: no cover - as `_open`: root may write anywhere
            for n in range(1, len(parts) + 1):  # pragma: no cover - as above
                way = "/".join(parts[:n])  # a link (no folder): not the tree's beyond
                if not self._open_up(way, False, need if n == len(parts) else LOOK):
                    break
        records = expected_records(paths, self.folders()) if need == WRITE else b""
        if records and self.journal is not None:  # pragma: no cover - as `_open`
            with suppress(OSError), open(self.journal, "ab") as journal:
                journal.write(records)  # what it writes there, noted first (review29 F8)

    def _open_up(self, top: str, whole: bool, need: int = WRITE) -> bool:
        """`top` given the bits a removal needs of it (`whole`: and all below a folder):
        whether it is a folder (`lstat`: no link to one)."""
        folder = False
        for path, st in stats_below(self.root, top, whole):
            folder = folder or (path == top and stat.S_ISDIR(st.st_mode))
            if stat.S_ISDIR(st.st_mode) or (whole and stat.S_ISREG(st.st_mode)):
                bits = (need if path == top else WRITE) if stat.S_ISDIR(st.st_mode) else READ
                self.look(path, st, bits)
        return folder

    def folders(self) -> dict[str, tuple[int, int]]:
        """The folders opened so far, by path: inode, mode before."""
        return {p: (st.st_ino, m) for p, m, st in self.changed if stat.S_ISDIR(st.st_mode)}

    def set_back(self, before: dict[str, tuple[int, int]] | None = None) -> list[str]:
        """Each path opened, still as opened (not removed, nor written anew), given its mode
        back, the last opened first; but given `before` (the folders a look before opened:
        inode, mode), a folder it does not hold is left open. The lines saying the folders
        so left (`opened_lines`); the journal goes. Those set back: in `back`."""
        kept: list[tuple[str, int]] = []
        self.back = []
        for path, mode, opened in reversed(self.changed):
            left = before is not None and before.get(path) != (opened.st_ino, mode)
            if stat.S_ISDIR(opened.st_mode) and left:
                kept.insert(0, (path, mode))  # pragma: no cover - as `_open`
            elif _set_back(self.root, path, mode, opened):
                self.back.append(path)
        self.changed.clear()
        if self.journal is not None:
            with suppress(FileNotFoundError):
                self.journal.unlink()
        self.said = opened_lines(kept)
        return self.said


def unopened(error: PermissionError) -> ConflictingState:  # pragma: no cover - as `_open`
    """The one line saying what a put-back or a settling could not open (none is left
    once `Opened` gave its owner's bits: another user's, a file system refusing `chmod`):
    what the command planted may stand, never a traceback (attack 25 G11)."""
    where = shown_path(os.fsdecode(error.filename or "?"))
    return ConflictingState(
        f"agents cannot open {where} to put back what the command changed "
        f"({error.strerror}): what it planted may stand there",
        hint=f"give it its owner's rights (`chmod u+rwx {where}`), then run agents again; "
        "until then run no git, vim or Claude Code in that folder",
    )


def refuse_unenterable(start: Path) -> None:
    """Refused in one line, saying what to do: a folder agents starts in that its user may
    not enter (or list), or one above it: a run killed after its command's `chmod 000 .` of
    the tree's top left it so, and no git runs there, nor the settling that puts back what
    the command planted (attack 25 G11). A folder that is not: as `discover` says."""
    try:
        st = os.stat(start)
    except PermissionError:  # pragma: no cover - as `_open`: root enters every folder
        mode = "a folder above it"
    except OSError:
        return
    else:
        if not stat.S_ISDIR(st.st_mode) or os.access(start, os.R_OK | os.X_OK):
            return
        mode = f"its mode {stat.filemode(st.st_mode)[1:]}"  # pragma: no cover - as above
    where = shown_path(os.fsdecode(start))  # pragma: no cover - as above
    raise ConflictingState(  # pragma: no cover - as above
        f"agents cannot enter {where} ({mode} keeps you out): a command an agent ran "
        "before it was killed may have made it so, and what it planted may stand there",
        hint=f"give it its owner's rights (`chmod u+rwx {where}`) and run agents again: "
        "it puts back what the command left",
    )


@contextmanager
def ways_opened(root: Path, paths: Iterable[str], journals: Path) -> Iterator[Opened]:
    """Around the reading, writing or removal of each of `paths`: the folders on their way
    opened (`Opened.ways`, noted in `journals` first), after, each as it was opened given
    its exact mode back, even when the block raises."""
    opened = Opened(root, journals)
    try:
        opened.ways(paths)
        yield opened
    finally:
        opened.set_back()


def opened_for_add(opened: Opened, said: list[bytes]) -> bool:  # pragma: no cover - as `_open`
    """Each folder `git add --all` said it could not open (its owner may not list or enter
    it: `000`, `311`, `100`), which it left out without an error, given `u+rwx` by `opened`
    (its exact mode back by `set_back`, noted in its journal first): whether one was, so
    that `add` runs again and takes in what it holds (top29: a user's file there was in no
    checkpoint, and a command's `chmod 700 u0 && rm u0/f` lost it for good)."""
    found = False
    for line in said:
        closed = UNOPENED.fullmatch(line)
        folder = os.fsdecode(closed.group(1)) if closed is not None else ""
        if not folder or folder in opened.folders():
            continue
        with suppress(OSError):
            st = os.lstat(opened.root / folder)
            if stat.S_ISDIR(st.st_mode) and opened.look(folder, st) is not st:
                found = True
    return found


def closed_on_the_way(root: Path, said: str) -> str | None:
    """What to do about git's `unable to stat 'PATH': Permission denied` (`add --all`): the
    folder on the way to PATH its user may list but not enter (`chmod 600`: git lists its
    names, then cannot read them), named with the `chmod` that opens it; None: none such."""
    found = re.search(r"unable to stat '(.*)': Permission denied", said)
    parts = found.group(1).split("/") if found is not None else []
    for folder in ["/".join(parts[:n]) for n in range(1, len(parts))]:
        with suppress(OSError):
            if not os.access(root / folder, os.X_OK):  # pragma: no cover - as `_open`
                mode = stat.filemode(os.stat(root / folder).st_mode)[1:]
                return (
                    f"give {shown_path(folder)} its owner's x (`chmod u+x {shown_path(folder)}`: "
                    f"its mode {mode} lets git list it but not read what it holds), or list it "
                    "in .git/info/exclude, then retry"
                )
    return None


def _name(path: str) -> bytes:
    return path.encode("utf-8", "surrogateescape") + b"\0"


@contextmanager
def opened_around(
    root: Path, paths: Iterable[str], journals: Path | None = None
) -> Iterator[list[str]]:
    """Around the removal, reading or writing of each of `paths` (`Opened.around`, noted in
    `journals` first when given): after, each still as it was made given its mode back, the
    folders said in the lines yielded (filled on the way out)."""
    opened = Opened(root, journals)
    opened.around(paths)
    said: list[str] = []
    try:
        yield said
    finally:
        changed = list(reversed(opened.changed))  # said the last opened first
        folders = [(p, m) for p, m, st in changed if stat.S_ISDIR(st.st_mode)]
        opened.set_back()
        said += _set_back_lines([(p, m) for p, m in folders if p in opened.back])


def _still(  # pragma: no cover - as `Opened._open`: root is given no rights
    root: Path, path: str, opened: os.stat_result
) -> bool:
    """Whether `path` is still as `opened` left it (not removed, nor written anew)."""
    try:
        now = os.lstat(root / path if path else root)
    except OSError:  # removed meanwhile
        return False
    return (now.st_ino, now.st_mode) == (opened.st_ino, opened.st_mode)


def _set_back(  # pragma: no cover - as `_open`: root is given no rights
    root: Path, path: str, mode: int, opened: os.stat_result
) -> bool:
    """Whether `path`, still as `opened` left it, was given its `mode` back."""
    if not _still(root, path, opened):
        return False
    with suppress(OSError):
        os.chmod(root / path if path else root, mode)
    return True


def _set_back_lines(back: list[tuple[str, int]]) -> list[str]:
    """One line naming the folders given their owner's rights for the put-back and their
    modes back after (none: no line; a file given `u+r` to be kept is not said)."""
    return _modes_line(
        back,
        "its owner's rights for the put-back to take back what the command made there, "
        "then its mode back",
    )


def opened_lines(opened: list[tuple[str, int]]) -> list[str]:
    """One line naming the folders a command made unlistable that its walk left `u+rwx`
    (`GitDirs.opened`), with their modes (none: no line)."""
    return _modes_line(
        list(dict.fromkeys(opened)),
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
        listing = os.scandir(os.path.join(root, folder) if folder else root)
    except OSError:  # pragma: no cover - another user's (`Opened.look`), as root never
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
