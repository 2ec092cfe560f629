"""GitFolders: the git directories of the tree that are not named `.git`.

A repository made with `git init --separate-git-dir=store` keeps its git directory in
`store/`, named by a `gitdir:` line in the top `.git` file; a nested repository or a
linked worktree may do the same. git runs the hooks and the config of such a folder as of
any `.git`, so a model's Write or Edit into it would run on the host at the user's next git
command (`tool_effects.setting_written` refuses it).

A folder is taken for a git directory when:
  * a `.git` file (or link) of the tree names it (`gitdir:`; then its `commondir` too),
    or it is the repository's own git directory or common directory; or
  * git itself would take it for one: it holds `HEAD`, `objects/` and `refs/` (git's own
    test, `is_git_directory`, which `cd folder && git status` applies, bare repositories
    included), the last two in the folder its `commondir` names when it has one. The write
    being judged counts: writing `HEAD`, or into `objects/` or `refs/`, where the other
    two stand already, makes it one, and so does writing a `commondir` beside a `HEAD`; or
  * the `commondir` of a folder git takes for one names it (`git_directory.py`).
The second rule is git's exact test rather than a looser one (two of the three, say), so an
ordinary folder named `objects` or `refs` in a project is never refused; a folder that is
only part of a git directory (a `HEAD` alone) is nothing git runs.

Cost: the walk that finds every `.git` (`git_dirs.found`, each folder's listing cached while
it is unchanged), a read of each `.git` file's first 4 KiB, and three `lstat` per folder
above the written file.
"""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Sequence
from pathlib import Path

from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.git_directory import is_git_directory
from cleveragents.adapters.git.git_dirs import Listing, found
from cleveragents.adapters.git.repository import GitRepository

MARKERS = ("HEAD", "objects", "refs")


class GitFolders:
    """Says whether a path lies in a git directory of the tree, whatever its name."""

    def __init__(self, repo: GitRepository, known: dict[str, Listing]) -> None:
        self.repo = repo
        self.known = known  # each folder's listing, shared with the `.git` walk

    def named(self, heads: list[str] | None = None) -> list[str]:
        """The real paths of the git directories the tree's `.git` files and links name,
        with the repository's own (`heads`: gets every folder holding a `HEAD`)."""
        own = [self.repo.git_dir, self.repo.common_dir]
        folders = {os.path.realpath(folder) for folder in own}
        for path in found(self.repo.root, self.known, heads=heads):
            entry = self.repo.root / path
            target = gitdir_of(str(entry))
            if target is None:
                continue
            folders.add(target)
            folders.update(with_common(target))
        return sorted(folders)

    def why(self, places: Sequence[str]) -> str | None:
        """Why one of the absolute paths `places` (one file, as given and through its links)
        lies in a git directory not named `.git`, or None. The tree is walked once."""
        heads: list[str] = []
        named = self.named(heads)
        shaped = self._shaped(heads)
        top = os.path.realpath(self.repo.root)
        for place in places:
            if _within(place, named):
                return "named by a .git file"
            if _within(place, shaped):
                return "named by a commondir file"
            folder = posixpath.dirname(place)
            while folder == top or folder.startswith(top + "/"):
                if (shape := _taken_for_git_dir(folder, place)) is not None:
                    return shape
                folder = posixpath.dirname(folder)
        return None

    def _shaped(self, heads: list[str]) -> list[str]:
        """The real paths of the common dirs that the folders of the tree git takes for a
        git directory (`git_directory.py`) name by their `commondir` (their own `objects/`
        and `refs/` are found by the walk up from a written file)."""
        commons: list[str] = []
        for folder in heads:
            full = str(self.repo.root / folder)
            if os.path.lexists(posixpath.join(full, "commondir")) and is_git_directory(full):
                commons += with_common(full)[1:]
        return commons


def _within(place: str, folders: Sequence[str]) -> bool:
    return any(place == f or place.startswith(f.rstrip("/") + "/") for f in folders)


def named_in_tree(root: Path, git_files: Sequence[str]) -> list[str]:
    """The git directories, and their common dirs, that the `.git` files and links at
    `git_files` (paths in the tree at `root`) name inside it, as paths in it: git runs their
    hooks and config as any `.git`'s, so a sandboxed command gets them read-only."""
    top = os.path.realpath(root)
    found: list[str] = []
    for path in git_files:
        target = gitdir_of(os.path.join(top, path))
        for folder in with_common(target) if target is not None else []:
            if folder.startswith(top + "/") and os.path.isdir(folder):
                found.append(os.path.relpath(folder, top))
    return list(dict.fromkeys(found))


def gitdir_of(entry: str) -> str | None:
    """The real path of the git directory a `.git` file or link names; None for a folder."""
    st = lstat(entry)
    if st is None or stat.S_ISDIR(st.st_mode):
        return None
    if stat.S_ISLNK(st.st_mode):
        return os.path.realpath(entry)
    text = _read(entry)
    if not text.startswith("gitdir: "):
        return None
    return os.path.realpath(posixpath.join(posixpath.dirname(entry), text[len("gitdir: ") :]))


def with_common(git_dir: str) -> list[str]:
    """`git_dir` and the common dir its `commondir` names, as real paths."""
    common = _read(posixpath.join(git_dir, "commondir"))
    return [git_dir, *([os.path.realpath(posixpath.join(git_dir, common))] if common else [])]


def _read(path: str) -> str:
    """The first line of a small file, stripped; "" when there is none."""
    try:
        with open(path, "rb") as opened:
            return opened.read(4096).decode("utf-8", "surrogateescape").strip()
    except OSError:
        return ""


def _taken_for_git_dir(folder: str, written: str) -> str | None:
    """Why git takes `folder` for a git directory once `written` is written, or None: `HEAD`
    there, and `objects/` and `refs/` in its common dir (itself, or what its `commondir`
    names; writing a `commondir` beside a `HEAD` may name any, so it counts as one)."""
    inside = posixpath.relpath(written, folder).split("/")
    head = posixpath.join(folder, "HEAD")
    if inside == ["commondir"]:
        if os.path.lexists(head) and not os.path.isdir(head):
            return "it holds HEAD, and a commondir names objects/ and refs/"
        return None
    common = with_common(folder)[-1]
    for marker in MARKERS:
        if inside[0] == marker and (marker != "HEAD" or len(inside) == 1):
            continue  # the write makes it
        path = head if marker == "HEAD" else posixpath.join(common, marker)
        present = os.path.isdir(path)  # followed, as git's `access` does
        if marker == "HEAD":  # a file, or a link (git reads a symbolic-link HEAD)
            present = os.path.lexists(path) and not present
        if not present:
            return None
    return "it holds HEAD, objects/ and refs/"
