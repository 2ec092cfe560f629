"""What a sandboxed command's box held read-only in the tree, and what of it the host
replaced meanwhile: the put-back after the command (`git/claude_dirs.py`, `git/git_dirs.py`)
judges by it whose a change is.

A place bound read-only (`--ro-bind`: a startup file, a hooks folder, a bare repository,
a `.git`) that still stands after the command with the identity (device, inode) noted
before it was not writable to the command: what changed there is the host's (the user's
editor saving in place, a `git push` into a bare repository of the tree) and stays as it
is. A file with more than one name before the command is the exception: the command may
have written it through a name the box left writable.

Linux detaches a bind mount in every other namespace when its mount point is renamed over
or removed on the host (an editor's atomic save, `git checkout`, `sed -i`): from then on
the command could write the file that stands there. A place whose identity changed is
not known to be the user's alone, so it keeps the put-back, said as it happened.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from dataclasses import dataclass

from cleveragents.domain.command_saves import shown_path


@dataclass(frozen=True)
class BoxHolds:
    """Places of the tree (paths in it) the box bound read-only: `held` stood the whole
    command with the same identity, `replaced` did not; `shared`: the inodes of the tree's
    files of more than one name before the command."""

    held: tuple[str, ...] = ()
    replaced: tuple[str, ...] = ()
    shared: frozenset[int] = frozenset()

    def holds(self, path: str, *seen: tuple[int, ...] | None) -> bool:
        """Whether the command could not have changed `path` (the file `seen`, before and
        after it: a stat whose last item is the inode, as `command_saves.Seen`)."""
        if any(one is not None and one[-1] in self.shared for one in seen):
            return False
        return any(_within(path, place) for place in self.held)

    def holds_at(self, root: str, full: str) -> bool:
        """`holds` of the file at the absolute path `full`, in the tree at `root`."""
        inside = posixpath.relpath(posixpath.normpath(full), posixpath.normpath(root))
        return not inside.startswith("..") and self.holds(inside)

    def replaced_at(self, path: str) -> bool:
        """Whether `path` lies in a place whose hold the host ended during the command."""
        return not self.holds(path) and any(_within(path, place) for place in self.replaced)


Held = BoxHolds | None  # what a put-back is given: None where no sandbox ran the command


def bound_read_only(argv: Sequence[str], root: str) -> list[str]:
    """The places of the tree at `root` that bwrap's `argv` binds read-only (over an empty
    file or a copy too: what stands there is out of the command's reach), as paths in it."""
    options = list(argv[: argv.index("--")] if "--" in argv else argv)  # not the command's
    found = []
    for at, word in enumerate(options[:-2]):
        target = options[at + 2]
        if word == "--ro-bind" and target.startswith(f"{root}/"):
            found.append(posixpath.normpath(target[len(root) + 1 :]))
    return list(dict.fromkeys(found))


def _within(path: str, place: str) -> bool:
    return path == place or path.startswith(f"{place}/")


def put_back_lines(
    written: list[tuple[str, str | None]],
    made: list[str],
    commit: str | None,
    holds: BoxHolds | None,
) -> list[str]:
    """What a put-back says: the line of each path `written` back (None: nothing to say),
    of a place whose hold the host ended said as it happened; then, when what the command
    wrote is kept in `commit` (holding each of `made`), where."""
    said: list[str] = []
    short = commit[:12] if commit is not None else None
    places = [*(p for p, _ in written), *made]
    replaced = {p for p in places if holds is not None and holds.replaced_at(p)}
    for path, line in written:
        if line is not None and path in replaced and line.startswith(("put back ", "removed ")):
            kept = short if path in made else None
            line = replaced_line(shown_path(path), kept, removed=line.startswith("removed "))
        if line is not None:
            said.append(line)
    if short is not None and any(p not in replaced for p in made):
        said.append(
            f"what the command wrote there is kept in commit {short}, never in the tree "
            f"(git show {short}:PATH)"
        )
    return said


def removal_lines(
    removed: list[tuple[str, str]], commit: str | None, holds: BoxHolds | None
) -> list[str]:
    """What a put-back says of each path it `removed` (with its line): a name whose hold
    the host ended meanwhile (a made mount point the user replaced) as it happened, its
    bytes kept in `commit`; the rest as the command's."""
    short = commit[:12] if commit is not None else None
    return [
        replaced_line(shown_path(path), short, removed=True)
        if holds is not None and holds.replaced_at(path)
        else line
        for path, line in removed
    ]


def git_dir_lines(path: str, done: list[str], holds: Held) -> list[str]:
    """What a put-back says of the `.git` at `path` whose files `done` went back: each one
    whose hold the host ended meanwhile as it happened, the rest as the command's."""
    replaced = [p for p in done if holds is not None and holds.replaced_at(p)]
    said = [replaced_line(shown_path(p), None) for p in replaced]
    if len(replaced) < len(done):
        said.append(f"put back {shown_path(path)}: changed by the command")
    return said


def replaced_line(shown: str, commit: str | None, removed: bool = False) -> str:
    """What a put-back says of a place (`shown`) whose hold the host ended meanwhile: put
    back, or `removed` (a name made for the command's time that the checkpoint has not)."""
    done = "removed, as the checkpoint has none" if removed else "put back to the checkpoint"
    line = (
        f"{shown} was replaced on the host during the command (the box's hold on it ended "
        f"then): {done}"
    )
    if commit is None:
        return line
    return f"{line}; the version that stood is kept in commit {commit} (git show {commit}:{shown})"
