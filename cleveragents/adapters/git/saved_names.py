"""The names saved files carry in a tree, and what a saved nested repository needs back.

git refuses some names in a tree that a working tree may hold (a nested repository's own
`.git`): a saved record's tree holds them escaped, and a put-back reads them unescaped.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from cleveragents.domain.rules import git_refuses_name

# git refuses a path through `.git` (in any case, or another name it takes for it, such as
# `git~1`) in a tree, and a `.gitmodules` link (or its NTFS forms: trailing dots or spaces,
# `gitmod~1`): a nested repository's own `.git` is saved as `.git~cleveragents`, and a name
# of that form gets one suffix more.
ESCAPE = "~cleveragents"
_ESCAPABLE = re.compile(rf"(?i)(?:\.git|\.gitmodules[. ]*|gitmod~[0-9]+)(?:{ESCAPE})*")


def _escapable(part: str) -> bool:
    stem = part
    while stem.endswith(ESCAPE):
        stem = stem.removesuffix(ESCAPE)
    return bool(_ESCAPABLE.fullmatch(part)) or git_refuses_name(stem)


def escaped(path: str) -> str:
    return "/".join(p + ESCAPE if _escapable(p) else p for p in path.split("/"))


def unescaped(path: str) -> str:
    return "/".join(
        p.removesuffix(ESCAPE) if _escapable(p) and p.endswith(ESCAPE) else p
        for p in path.split("/")
    )


GIT_DIR_FOLDERS = ("objects", "objects/info", "objects/pack", "refs", "refs/heads", "refs/tags")


def mend_git_dir(root: Path, path: str) -> None:
    """A saved nested repository's `.git` gets back the folders git needs to find it there
    (`objects`, `refs`) and those `git init` makes, which no tree holds when they were
    empty (all packed): other empty folders are not recorded, as in any checkpoint."""
    parts = path.split("/")
    if ".git" in parts[:-1]:
        git_dir = root.joinpath(*parts[: parts.index(".git") + 1])
        if not (git_dir / "HEAD").is_file():
            return  # a plain folder named `.git` (`docs/.git/notes`): no repository's
        for folder in GIT_DIR_FOLDERS:
            if not os.path.lexists(git_dir / folder):
                (git_dir / folder).mkdir(parents=True)
