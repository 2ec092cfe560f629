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
So is one whose refs git cannot read (a command wrote a bad line into its `packed-refs`):
git dies wherever it reads that HEAD (`add`, and `diff-index` or `read-tree` on an index or
tree holding its gitlink), so `add_all` and `read_tree` leave it out and try again.

A folder whose `.git` (a `gitdir:` file, a link, or a `commondir` in it) leads out of the
working tree is no repository of the tree's: its HEAD is another repository's (the host's,
say). It is left out of the checkpoint as well (`foreign`), so no checkpoint records it and
no later git command compares it, and its files stay as they are, as a nested repository's.
Found once, it is listed beside the index and left out of every later `add` by a pathspec,
so git does not even read that repository's HEAD to know it again.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Mapping
from pathlib import Path

from cleveragents.adapters.folder_walk import walk
from cleveragents.adapters.git.git_failures import check
from cleveragents.adapters.git.modes import GITLINK
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import GitRepository

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
# A path the index holds where a FIFO, a socket or a device now stands: no tree holds one.
NOT_A_FILE = re.compile(
    rb"error: (.*): can only add regular files, symbolic links or git-directories"
)
NOT_FILES = (stat.S_IFIFO, stat.S_IFSOCK, stat.S_IFCHR, stat.S_IFBLK)
# git dies reading a nested repository's refs a command broke (a bad line, a last line with
# no newline, a folder in the file's place): the folder that holds it, whose name may hold
# a newline (git prints it raw)
BROKEN_REFS = re.compile(
    rb"^fatal: (?:unexpected line in|unterminated line in|couldn't read) "
    rb"(.+?)/\.git/packed-refs: ",
    re.MULTILINE | re.DOTALL,
)
UNNAMED = b"fatal: mmap failed: "
# how `ls-files --stage` starts a gitlink's record
GITLINK_RECORD = GITLINK.encode() + b" "


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
        if record.startswith(GITLINK_RECORD)
    )
    if gitlinks:
        repo.git_fed(gitlinks, "update-index", "--force-remove", "-z", "--stdin", env=env)
    marker(index).touch()
    return bool(gitlinks)


def may_hold_gitlinks(env: Mapping[str, str]) -> None:
    """Before a command that may give the index of `env` a gitlink (`read-tree`)."""
    with contextlib.suppress(FileNotFoundError):
        marker(Path(env["GIT_INDEX_FILE"])).unlink()


def foreign_list(index: Path) -> Path:
    """The file beside `index` listing the `foreign` folders found (NUL after each)."""
    return index.with_name(f"{index.name}.foreign")


def add_all(
    repo: GitRepository,
    env: Mapping[str, str],
    verbose: bool,
    uncommitted: list[str] | None = None,
    not_files: list[str] | None = None,
    unreadable: list[str] | None = None,
    opened_into: list[str] | None = None,
) -> bytes:
    """`add --all` of the working tree into the index of `env` (made `opaque` first): its
    stdout. `--ignore-errors` lets it go past a nested repository with no commit (each one
    named in `uncommitted`, if given) and a path git refuses in a tree (`d/.GIT/x`), both
    left out of the checkpoint as an ignored file is (the command that made the latter
    names it: `workspace.tree_walk`); any other error (an unreadable file) fails as before,
    in git's words. Folders known `foreign` are left out.

    A nested repository whose refs git cannot read (a command broke them) is left out as
    well, each named in `unreadable` (and in `uncommitted`), after the try that stops on it.

    A folder of the user's git cannot list (`000`, `311`, `100`), which it leaves out with
    no error, is given `u+rwx` for the next try and its exact mode back after
    (`folder_listing.opened_for_add`), named in `opened_into` (its files cannot be read
    once it is set back).

    A path the index held where a FIFO, a socket or a device now stands (`rm f && mkfifo
    f`) leaves the index (git would keep the old entry, and the tree would claim a file
    that is gone; `add` never prints that removal), named in `not_files`: no tree holds
    one, so a restore finds it in its way and removes it, never opening it."""
    # Here, not at the top: the read views import this module, and what opens folders brings
    # the saved-files records (pydantic) with it.
    from cleveragents.adapters.git.folder_listing import UNOPENED, Opened, opened_for_add

    opaque(repo, env)
    may_hold_gitlinks(env)
    listed = foreign_list(Path(env["GIT_INDEX_FILE"]))
    known = _still_foreign(repo, listed)
    left_out = [f":(exclude,literal){os.fsdecode(path)}" for path in known]
    verbosely = ["--verbose"] if verbose else []
    broken: list[str] = []
    opened: Opened | None = None  # the folders git could not list, opened for it (once)
    outs: list[bytes] = []  # each try's: a folder opened adds what it holds only the next
    try:
        while True:
            args = ("add", "--all", "--ignore-errors", *verbosely, "--", ".", *left_out)
            status, out, err = repo.git_outcome(*args, env=env)
            outs.append(out)
            lines = err.splitlines()
            folder = _broken_repository(repo, lines, broken)
            if folder is not None:
                broken.append(folder)  # left out as one with no commit: not the tree's files
                left_out.append(f":(exclude,literal){folder}")
                continue
            if not any(UNOPENED.fullmatch(line) for line in lines):
                break
            opened = opened or Opened(repo.root, repo.state_dir / "opened")  # pragma: no cover
            if not opened_for_add(opened, lines):  # pragma: no cover - as `opened_for_add`
                break  # another user's: git run by this user cannot look into it either
    finally:
        if opened is not None:  # pragma: no cover - as `opened_for_add`
            (opened_into if opened_into is not None else []).extend(opened.folders())
            opened.set_back()
    out = b"".join(outs)
    refused = {m.group(1) for line in lines if (m := INVALID.fullmatch(line))}
    specials = _not_files(repo, lines)
    if status == 1 and not any(
        line.startswith(b"fatal:")
        or (line.startswith(b"error:") and not _left_out(line, refused, specials))
        for line in lines
    ):
        status = 0  # only nested repositories with no commit, and refused paths, were left out
    check(args, status, err)
    if specials:
        removed = b"".join(path + b"\0" for path in specials)
        repo.git_fed(removed, "update-index", "--force-remove", "-z", "--stdin", env=env)
    if not_files is not None:
        not_files[:] = [os.fsdecode(path) for path in specials]
    if uncommitted is not None:
        matches = (NO_COMMIT.fullmatch(line) for line in lines)
        uncommitted[:] = [m[1].decode("utf-8", "surrogateescape") for m in matches if m]
        uncommitted += broken
    if unreadable is not None:
        unreadable[:] = broken
    embedded = [line.removeprefix(EMBEDDED) for line in lines if line.startswith(EMBEDDED)]
    if embedded:
        out, found = _without_foreign(repo, env, out, embedded)
        known += found
    else:
        marker(Path(env["GIT_INDEX_FILE"])).touch()
    written = b"".join(path + b"\0" for path in known)
    if written != (listed.read_bytes() if listed.exists() else b""):
        listed.write_bytes(written)
    return out


def read_tree(repo: GitRepository, env: Mapping[str, str], tree: str, objects: ObjectStore) -> str:
    """`read-tree -m -u tree` into the index of `env`: the tree read. git reads the HEAD of
    each nested repository at a gitlink of `tree` or of the index, and dies where a command
    broke its refs (`unexpected line in lib/.git/packed-refs`), before it writes anything:
    that gitlink is then left out of both and the folder stays as it stands (its files and
    `.git`, saved before the command, are put back by the record that holds them). Once
    per such folder, as in `add_all`."""
    broken: list[str] = []
    while True:
        may_hold_gitlinks(env)  # the tree's own
        args = ("read-tree", "-m", "-u", tree)
        status, _, err = repo.git_outcome(*args, env=env)
        folder = None if status == 0 else _broken_repository(repo, err.splitlines(), broken)
        if folder is None:
            check(args, status, err)
            return tree
        broken.append(folder)
        path = folder.encode("utf-8", "surrogateescape")
        repo.git_fed(path + b"\0", "update-index", "--force-remove", "-z", "--stdin", env=env)
        tree = objects.tree_of_paths(b"0 " + b"0" * len(tree) + b"\t" + path + b"\0", tree)


def _broken_repository(repo: GitRepository, lines: list[bytes], known: list[str]) -> str | None:
    """The nested repository whose refs stopped `add` (`fatal: unexpected line in
    lib/.git/packed-refs`: a command wrote into them), if that is what stopped it and it is
    not one already left out: git dies there, where a repository with no commit is only
    refused. Bounded by the nested repositories the tree holds (each found once).

    `fatal: mmap failed` names no file: git opened a `packed-refs` that is no file (a link
    to a folder). The tree's nested repositories are then looked for one."""
    if any(line.startswith(UNNAMED) for line in lines):
        return _unmapped(repo, known)
    for m in BROKEN_REFS.finditer(b"\n".join(lines)):
        folder = os.fsdecode(m[1])
        inside = not folder.startswith("/") and ".." not in folder.split("/")
        if inside and folder not in known and (Path(repo.root) / folder / ".git").is_dir():
            return folder
    return None


def _unmapped(repo: GitRepository, known: list[str]) -> str | None:
    """The first nested repository not `known` whose `.git/packed-refs` leads to no regular
    file: a walk of the working tree (links not followed, no `.git` entered), made only
    once git died so."""
    top = os.fspath(repo.root)
    for folder, names, _ in walk(top):
        if folder == top:
            names[:] = [name for name in names if name != ".git"]
            continue
        if ".git" not in names:
            continue
        names[:] = []  # git records the repository whole: nothing under it is read
        relative = os.path.relpath(folder, top).replace(os.sep, "/")
        try:
            st = os.stat(os.path.join(folder, ".git", "packed-refs"))
        except OSError:
            continue  # none (or a link to nothing): git reads no packed refs there
        if not stat.S_ISREG(st.st_mode) and relative not in known:
            return relative
    return None


def _not_files(repo: GitRepository, lines: list[bytes]) -> list[bytes]:
    """The paths `add` could not add because no file stands there (a FIFO, a socket, a
    device), each checked so: a name holding a newline could print a line naming another."""
    found = []
    for line in lines:
        if (m := NOT_A_FILE.fullmatch(line)) is not None:
            from cleveragents.adapters.git import checkout  # not on `plan decision`'s path

            st = checkout.lstat(os.fsdecode(os.fsencode(repo.root) + b"/" + m[1]))
            if st is not None and stat.S_IFMT(st.st_mode) in NOT_FILES:
                found.append(m[1])
    return found


def _left_out(line: bytes, refused: set[bytes], specials: list[bytes]) -> bool:
    """Whether an error line of `add` is one it goes past: a nested repository with no
    commit, one of the paths git refuses in a tree, or a FIFO, socket or device."""
    if NO_COMMIT.fullmatch(line) or INVALID.fullmatch(line):
        return True
    if (m := NOT_A_FILE.fullmatch(line)) is not None:
        return m[1] in specials
    added = NOT_ADDED.fullmatch(line)
    return added is not None and added.group(1) in refused


def _still_foreign(repo: GitRepository, listed: Path) -> list[bytes]:
    """The folders `listed` that are still `foreign` (a user may have fixed one)."""
    try:
        paths = listed.read_bytes().split(b"\0")
    except FileNotFoundError:
        return []
    return [path for path in paths if path and foreign(repo, os.fsdecode(path))]


def _without_foreign(
    repo: GitRepository, env: Mapping[str, str], out: bytes, embedded: list[bytes]
) -> tuple[bytes, list[bytes]]:
    """Take the gitlinks `add` just recorded for `foreign` folders out of the index of
    `env` again: `add --verbose`'s stdout `out` without the lines naming them, and them.

    `embedded`: the folders git's warnings named, raw; when one is no repository (a name
    holding a newline printed as two), the index is listed instead."""
    paths = embedded
    if not all(os.path.lexists(repo.root / os.fsdecode(path) / ".git") for path in paths):
        listed = repo.git_bytes("ls-files", "--stage", "-z", env=env)
        paths = [
            record.partition(b"\t")[2]
            for record in listed.split(b"\0")
            if record.startswith(GITLINK_RECORD)
        ]
    found = [path for path in paths if foreign(repo, os.fsdecode(path))]
    if not found:
        return out, []
    removed = b"".join(path + b"\0" for path in found)
    repo.git_fed(removed, "update-index", "--force-remove", "-z", "--stdin", env=env)
    named = {b"add '" + path + b"'" for path in found}
    kept = [line for line in out.splitlines(keepends=True) if line.rstrip(b"\n") not in named]
    return b"".join(kept), found


def foreign(repo: GitRepository, path: str) -> bool:
    """Whether the folder `path` of the working tree keeps its repository outside it: its
    `.git` (a `gitdir:` file, or a link) or the `commondir` that names leads elsewhere than
    into the tree or the repository's own git directories (a submodule's lies there)."""
    folder = repo.root / path
    dot_git = folder / ".git"
    try:
        if dot_git.is_file() and not dot_git.is_symlink():
            with dot_git.open("rb") as named:
                text = named.read(4096).strip()
            if not text.startswith(b"gitdir: "):  # pragma: no cover - git added no gitlink
                return True
            git_dir = Path(os.path.realpath(folder / os.fsdecode(text[len(b"gitdir: ") :])))
        else:
            git_dir = Path(os.path.realpath(dot_git))
        if not _ours(repo, git_dir):
            return True  # nothing of that repository's is read to know it
        common = git_dir / "commondir"
        if not common.is_file():
            return False
        named_common = common.read_bytes()[:4096].strip()
        return not _ours(repo, Path(os.path.realpath(git_dir / os.fsdecode(named_common))))
    except OSError:  # pragma: no cover - changed since `add` read it: follow it no more
        return True


def _ours(repo: GitRepository, place: Path) -> bool:
    """Whether `place` lies in the working tree or in the repository's git directories."""
    ours = (repo.root, repo.git_dir, repo.common_dir)
    return any(place.is_relative_to(os.path.realpath(own)) for own in ours)
