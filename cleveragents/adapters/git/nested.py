"""Nested repositories are opaque to every git command `agents` runs on the working tree.

git looks into a nested repository wherever an index holds a gitlink and is compared with
the working tree (`add`, `diff-files`, `diff-index` without `--cached`): it runs `git status`
there, under that repository's own config, whose filters (and any other command it names)
then run on the host, with our environment. `add` has no option against it, and does it
for every gitlink its index holds already (not for one it adds). So before each `add` the
private index holds no gitlink (`opaque`): `add_all` finds each nested repository as new and
records its HEAD as a gitlink, without looking inside. A marker file beside the index says
it holds none; every command that may give it one (`add_all`, `may_hold_gitlinks` before a
`read-tree`) removes the marker first, so a command killed meanwhile leaves no wrong
marker. Diffs against the working tree pass `--ignore-submodules=all`.

A nested repository with no commit (`git init sub`) has no HEAD to record: `add` refuses it
("does not have a commit checked out"). It is left out of the checkpoint, as an ignored
folder is, instead of stopping every checkpoint and restore until the user moves it.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from pathlib import Path

from cleveragents.adapters.git.repository import GitRepository, check

# Every diff of trees (or of a tree and the index) lists gitlinks as any entry and reads no
# `.gitmodules`: git refuses one whose `update = !command` a model wrote, and every diff,
# hence every rollback and undo, failed.
OF_TREES = "--ignore-submodules=none"
# A diff against the working tree never looks into a nested repository.
OF_WORKING_TREE = "--ignore-submodules=all"

EMBEDDED = b"warning: adding embedded git repository: "
NO_COMMIT = re.compile(rb"error: '(.*)/' does not have a commit checked out")
# A path git refuses in a tree (a `.git` component in any case, its NTFS/HFS forms such as
# `git~1`): `add` names it twice, and adds everything else.
INVALID = re.compile(rb"error: invalid path '(.*)'")
NOT_ADDED = re.compile(rb"error: unable to add '(.*)' to index")
GITLINK = b"160000"


def marker(index: Path) -> Path:
    """The file whose presence says `index` holds no gitlink."""
    return index.with_name(f"{index.name}.no-gitlinks")


def opaque(repo: GitRepository, env: Mapping[str, str]) -> bool:
    """Make sure the index of `env` holds no gitlink, before anything compares it with the
    working tree; whether it held some (then it changed)."""
    index = Path(env["GIT_INDEX_FILE"])
    if marker(index).exists():
        return False
    listed = repo.git_bytes("ls-files", "--stage", "-z", env=env)
    gitlinks = b"".join(
        record.partition(b"\t")[2] + b"\0"
        for record in listed.split(b"\0")
        if record.startswith(GITLINK + b" ")
    )
    if gitlinks:
        repo.git_fed(gitlinks, "update-index", "--force-remove", "-z", "--stdin", env=env)
    marker(index).touch()
    return bool(gitlinks)


def may_hold_gitlinks(env: Mapping[str, str]) -> None:
    """Before a command that may give the index of `env` a gitlink (`read-tree`)."""
    with contextlib.suppress(FileNotFoundError):
        marker(Path(env["GIT_INDEX_FILE"])).unlink()


def add_all(
    repo: GitRepository, env: Mapping[str, str], verbose: bool, uncommitted: list[str] | None = None
) -> bytes:
    """`add --all` of the working tree into the index of `env` (made `opaque` first): its
    stdout. `--ignore-errors` lets it go past a nested repository with no commit (each one
    named in `uncommitted`, if given) and a path
    git refuses in a tree (`d/.GIT/x`), both left out of the checkpoint as an ignored file
    is (the command that made the latter names it: `workspace.tree_walk`); any other
    error (an unreadable file) fails as before, in git's words."""
    opaque(repo, env)
    may_hold_gitlinks(env)
    args = ("add", "--all", "--ignore-errors", *(["--verbose"] if verbose else []), "--", ".")
    status, out, err = repo.git_outcome(*args, env=env)
    lines = err.splitlines()
    refused = {m.group(1) for line in lines if (m := INVALID.fullmatch(line))}
    if status == 1 and not any(
        line.startswith(b"fatal:") or (line.startswith(b"error:") and not _left_out(line, refused))
        for line in lines
    ):
        status = 0  # only nested repositories with no commit, and refused paths, were left out
    check(args, status, err)
    if uncommitted is not None:
        found = (NO_COMMIT.fullmatch(line) for line in lines)
        uncommitted[:] = [m[1].decode("utf-8", "surrogateescape") for m in found if m]
    if not any(line.startswith(EMBEDDED) for line in lines):
        marker(Path(env["GIT_INDEX_FILE"])).touch()
    return out


def _left_out(line: bytes, refused: set[bytes]) -> bool:
    """Whether an error line of `add` is one it goes past: a nested repository with no
    commit, or one of the paths git refuses in a tree."""
    if NO_COMMIT.fullmatch(line) or INVALID.fullmatch(line):
        return True
    added = NOT_ADDED.fullmatch(line)
    return added is not None and added.group(1) in refused
