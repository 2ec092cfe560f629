"""Each place's put-back after a command on its own: one that fails stops no other.

After a command, what it did where the host runs things is put back place by place (the
own `.git`, every nested `.git`, the `.claude` folders and folders on PATH, the own
config: `GitCheckpoints.after_command`). A put-back that raised (attack 26: a RecursionError
on a deep folder in one place) used to stop the rest: the places after it were never taken
back, and the crash's rollback restores only what a checkpoint holds, so an ignored hook
and an ignored `node_modules/.bin/git` the same command planted stayed, and ran on the host.

Now a place whose put-back raises is named (one line, saying what to do next), the places
after it are still put back, and what the command made or changed in the failed place
since it began (a file whose ctime is after the look) is made inert: kept in a commit of
the plan's saved ref (named, `git show COMMIT:PATH` reads it) and removed, or, when it
cannot be removed, left with no permission bits, so no program runs it. The command's
outcome is then a failure. What stood there before the command is in the operation's
record (`command_guard.py`), so undo brings it back as it was.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from cleveragents.adapters.folder_walk import through_no_link, walk
from cleveragents.adapters.git.saved_files import FileSaver, git_mode, has_bytes
from cleveragents.adapters.workspace import git_waits
from cleveragents.domain.box_holds import BoxHolds
from cleveragents.domain.command_saves import NOT_PUT_BACK, shown_path
from cleveragents.domain.rules import in_git_folder
from cleveragents.domain.shown_text import visible
from cleveragents.errors import CleverAgentsError

NEXT = (
    "what the command left there may run on your host: look at it before you run git or "
    "Claude Code in this tree; `agents plan undo` puts the files back as before the run"
)


class PutBackFailures:
    """The places whose put-back failed after one command, each named once."""

    def __init__(self, root: Path, saver: FileSaver, commit: Callable[[str, str, str], str]):
        self.root = root
        self.saver = saver
        self.commit = commit  # (plan_id, tree, message) -> a commit on the plan's saved ref
        self.failed: list[str] = []

    def each(
        self,
        place: str,
        put_back: Callable[[], list[str]],
        made: Callable[[], Iterable[str]] = tuple,
        plan_id: str | None = None,
        at: int = 0,
        holds: BoxHolds | None = None,
        inert: Callable[[], list[str]] | None = None,
    ) -> list[str]:
        """The lines of `put_back`, or, when it raises, the line naming `place` and what
        of `made` (files and folders of the place) changed since `at` made inert, but where
        the box `holds` it read-only (what changed there is the host's); a place whose
        files are not removed (a config) is made inert by `inert` instead: its lines."""
        try:
            return put_back()
        except Exception as error:  # any failure: named, the others go on
            line = _failed(place, error)
            self.failed.append(line)
            try:
                if inert is not None:
                    done = inert()
                else:
                    done = [] if plan_id is None else self.disarm(plan_id, list(made()), at, holds)
            except Exception as also:  # said too: what stands there may still run
                done = [_failed(f"what the command left in {place}", also)]
                self.failed.append(done[0])
            return [line, *done]

    def fifos(self, at: int) -> list[str]:
        """The FIFOs and sockets made since `at` where git opens a file removed (`git_waits`);
        when that fails, named, and each made inert on its own (`inert_pipes`)."""
        removed = partial(git_waits.remove_new, self.root, at)
        return self.each("FIFOs", removed, inert=partial(inert_pipes, self.root, at))

    def disarm(
        self, plan_id: str, places: list[str], at: int, holds: BoxHolds | None = None
    ) -> list[str]:
        """Every file or link in `places` (each a file or a folder, walked) changed since
        `at`, kept in one commit and removed; one line for what went, and one for each that
        could only be left with no permission bits, or not even that."""
        found = [
            (path, st)
            for path in _files(self.root, places)
            if (st := _changed(self.root, path, at)) and not (holds and holds.holds(path))
        ]
        if not found:
            return []
        entries = [(path, git_mode(st)) for path, st in found]
        blobs = self.saver.hash_files(entries)
        tree = self.saver.tree_of([(p, m, b) for (p, m), b in zip(entries, blobs, strict=True)])
        short = self.commit(plan_id, tree, "cleveragents removed files: a failed put-back")[:12]
        failed = dict(remove_made(self.root, [path for path, _ in found], set()))
        removed, lines = [path for path, _ in found if path not in failed], list(failed.values())
        if removed:
            shown = ", ".join(shown_path(path) for path in removed)
            named = (
                ", each .git folder as .git~cleveragents"
                if any(map(in_git_folder, removed))
                else ""
            )
            said = f"removed {shown}: changed by the command where the put-back failed"
            lines.insert(0, f"{said}; kept in commit {short} (git show {short}:PATH{named})")
        return lines


def _files(root: Path, places: list[str]) -> list[str]:
    """The files and links of `places` (a folder walked, never through a link; a place
    with a link on its way is out of the tree: none of its files)."""
    found: list[str] = []
    clear = through_no_link(root, places)
    for place in (place for place in dict.fromkeys(places) if place in clear):
        full = root / place
        if full.is_dir() and not full.is_symlink():
            for folder, _, names in walk(full):
                inside = Path(folder).relative_to(root).as_posix()
                found += [f"{inside}/{name}" for name in names]
        elif os.path.lexists(full):
            found.append(place)
    return found


def _changed(root: Path, path: str, at: int) -> os.stat_result | None:
    """The stat of `path` when it is a file or link made or changed since `at`."""
    try:
        st = (root / path).lstat()
    except OSError:
        return None
    return st if has_bytes(st) and st.st_ctime_ns >= at else None


def inert_pipes(root: Path, at: int) -> list[str]:
    """Each FIFO or socket made since `at` where git opens a file removed, or, when it
    cannot be, left with no permission bits (a user's git then fails to open it instead of
    waiting on it for good); one line for each."""
    lines: list[str] = []
    for path in sorted(p for p in git_waits.new_pipes(root, at) if git_waits.git_reads(p)):
        try:
            (root / path).unlink()
        except OSError as error:
            line = _failed(shown_path(path), error)
            try:
                os.chmod(root / path, 0)
            except OSError:
                lines.append(line)
                continue
            lines.append(f"{line}; it is left with no permission bits: git cannot open it")
            continue
        lines.append(f"removed {shown_path(path)}: {git_waits.WAITS}")
    return lines


def alone(put_back: Callable[..., str | None], path: str, *args: Any) -> str | None:
    """The line of `put_back` of `path` (one place of many), or, when it raises, the line
    naming it: the other places still go."""
    try:
        return put_back(path, *args)
    except Exception as error:  # any failure: named, the others go on
        return _failed(shown_path(path), error)


def remove_made(root: Path, made: list[str], shared: set[str]) -> list[tuple[str, str]]:
    """Remove each of `made` (kept already), deepest first (a folder only when that leaves
    it empty; not a file of more names, `shared`: written back in place), each on its own;
    one that cannot go is left with no permission bits: its path and line. One with a link
    on its way (out of the tree) is left as it is, never followed."""
    failed: list[tuple[str, str]] = []
    clear = through_no_link(root, made)
    for full in sorted((p for p in made if p in clear), key=lambda p: -p.count("/")):
        target = root / full
        try:
            if os.path.isdir(target) and not os.path.islink(target):
                if not any(target.iterdir()):
                    target.rmdir()
            elif os.path.lexists(target) and full not in shared:
                target.unlink()
        except OSError as error:
            failed.append((full, _inert(target, full, error)))
    return failed


def _failed(place: str, error: Exception) -> str:
    why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    why = error.line() if isinstance(error, CleverAgentsError) else why  # its hint kept
    why = visible(why, one_line=True)  # a path in it is the model's: data, never markup
    return f"{NOT_PUT_BACK}{place} ({type(error).__name__}: {why}); {NEXT}"


def _inert(full: Path, path: str, error: OSError) -> str:
    """A file that could not be removed, left with no permission bits (nothing runs it)."""
    line = _failed(shown_path(path), error)
    try:
        if stat.S_ISREG(full.lstat().st_mode):
            os.chmod(full, 0)
            return f"{line}; it is left with no permission bits: nothing runs it"
    except OSError:
        pass
    return line
