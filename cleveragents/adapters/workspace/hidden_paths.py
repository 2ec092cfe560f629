"""Files git never records, found so that a command's look saves them as ignored files.

git leaves out of every tree (hence every checkpoint) whatever lies under a name it takes
for its own directory: `.git` in another case (`.GIT`, `sub/.Git`), its NTFS forms (`git~1`,
`.git.`; `domain.rules.git_refuses_name`), and a folder named exactly `.git` that is no
repository (`docs/.git/notes`: git skips the name without looking further). A command that
deletes them (`rm -rf .GIT git~1 docs`) would lose them for good: they are found by one
`find` of the tree (in C, beside the `ls-files` of the ignored files, skipping the tree's own
`.git`) and saved before the command within the same bound. A real nested repository's
`.git` is not one of them: it is saved with its repository.

The same `find` names the empty folders (`mkdir -m700 private`, those `git init` makes in a
nested `.git`): no checkpoint and no saved file holds them, so their modes are noted from
this list, and a command's `chmod` of them comes back with undo.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from cleveragents.adapters import host_programs
from cleveragents.domain.rules import git_refuses_name


def start(root: Path) -> subprocess.Popen[bytes] | None:
    """A `find` listing each file and folder of the tree whose name holds `git` (any case),
    and each empty folder."""
    find = host_programs.find("find", root)
    if find is None:  # pragma: no cover - findutils is part of every base system
        return None
    top = os.fsencode(root)
    return subprocess.Popen(
        [find, top, "-path", top + b"/.git", "-prune", "-o",
         "(", "-type", "d", "-empty", "-printf", "E%P\\0", ")", ",",
         "(", "-iname", "*git*", "-printf", "%y%P\\0", ")"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "LC_ALL": "C"},
    )  # fmt: skip


def listing(started: subprocess.Popen[bytes] | None) -> list[bytes]:
    """What `start` printed: one record a path, its kind first."""
    if started is None:  # pragma: no cover - see `start`
        return []
    out, _ = started.communicate()
    return [record for record in out.split(b"\0") if len(record) > 1]


def empty_folders(listed: list[bytes]) -> list[str]:
    """The empty folders of `listing`."""
    return [os.fsdecode(record[1:]) for record in listed if record[:1] == b"E"]


def found(root: Path, listed: list[bytes]) -> list[str]:
    """The paths of `listing` that git never records, each named once (a folder, as
    `path/`, stands for what is in it), outermost first."""
    named = sorted((os.fsdecode(r[1:]), r[:1]) for r in listed if r[:1] != b"E")
    hidden: list[str] = []
    for path, kind in named:
        if any(path.startswith(h) for h in hidden if h.endswith("/")):
            continue
        parts = path.split("/")
        if not (git_refuses_name(parts[-1]) or parts[-1] == ".git"):
            continue
        # Nothing of a real repository's own `.git`: it is saved with its repository.
        dot_gits = [i for i, part in enumerate(parts) if part == ".git"]
        if any(_repository(root.joinpath(*parts[: i + 1])) for i in dot_gits):
            continue
        hidden.append(f"{path}/" if kind == b"d" else path)
    return hidden


def _repository(dot_git: Path) -> bool:
    """Whether `dot_git` makes its folder a repository, as git tells one: a folder with a
    `HEAD`, `objects` and `refs`, or a `gitdir:` file (a link: taken as one, never read)."""
    if dot_git.is_symlink():
        return True
    if dot_git.is_dir():
        return (dot_git / "HEAD").is_file() and (dot_git / "objects").is_dir()
    try:
        with dot_git.open("rb") as named:
            return named.read(8) == b"gitdir: "
    except OSError:  # pragma: no cover - gone since `find` listed it
        return True
