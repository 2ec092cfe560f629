"""The paths an `.envrc` computes that agents evaluates as direnv would before reading it
(`direnv_loads.py`), and those it cannot, which keep the `.envrc`'s folder whole.

direnv runs an `.envrc` with bash in its own folder, so the common ways to name a folder of
the project (attack 21, finding 10) are known ahead:
  * `$(git rev-parse --show-toplevel)` (the monorepo idiom): the top of the repository the
    `.envrc` lies in;
  * `~+` (bash's `$PWD`): the `.envrc`'s folder; `~` alone or before a `/`: the user's home
    (the tree may lie under it, `PATH_add ~/proj/bin`);
  * `$(expand_path PATH [FOLDER])` (direnv's stdlib): PATH from FOLDER (or the `.envrc`'s
    folder), normalised, `../proj/bin` of the tree `proj` being its `bin`;
  * `$(direnv_layout_dir)`: `.direnv` in the `.envrc`'s folder (unless the `.envrc` sets
    `direnv_layout_dir` itself).
Each is put in the text as the path it names, from the `.envrc`'s folder when that path is
in the tree, else as an absolute path. What is left (`~-`, `~user`, any other command's
output in a path) is said by the reader: the folder whole.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

_WORD = r"""(?:"[^"$`\\]*"|'[^']*'|[^\s"'$`\\()|;&<>]+)"""
_TOPLEVEL = re.compile(
    r"\$\(\s*git\s+rev-parse\s+--show-toplevel\s*\)|`\s*git\s+rev-parse\s+--show-toplevel\s*`"
)
_LAYOUT = re.compile(r"\$\(\s*direnv_layout_dir\s*\)|`\s*direnv_layout_dir\s*`")
_EXPAND = re.compile(rf"\$\(\s*expand_path\s+({_WORD})(?:\s+({_WORD}))?\s*\)")
# A tilde prefix as bash expands it: at a word's start, or after an assignment's `=` (`+=`)
# or a `:` in its value; not `[[ $x =~ re ]]`'s operator.
_TILDE = re.compile(
    r"(?:(?<=[\s:(])|(?<=\w=)|(?<=\+=)|^)~(\+|-|[A-Za-z_][\w.-]*)?(?=[/\s:;&|)]|$)", re.M
)
# A path put in the text as is: one the shell would split or expand is not put (its form
# is said unread instead).
_PLAIN = re.compile(r"[\w@%+,./-]+")


@dataclass(frozen=True)
class EnvrcWhere:
    """Where an `.envrc` is read from, as absolute paths: the tree (its realpath), the top
    of the repository the `.envrc` lies in (None: none), the user's home (None: unknown)."""

    tree: str
    top: str | None = None
    home: str | None = None


def evaluated(text: str, folder: str, where: EnvrcWhere | None) -> str:
    """`text`, an `.envrc` of `folder` (from the tree's top, or absolute above it), with
    each path form of the module's list put as the path it names."""
    if where is None:
        return text
    here = posixpath.normpath(posixpath.join(where.tree, folder))

    def path(target: str) -> str:
        named = _from(posixpath.normpath(target), here, where.tree)
        return named if _PLAIN.fullmatch(named) else "$(unknown)"  # the reader: unread

    if where.top is not None:
        top = where.top
        text = _TOPLEVEL.sub(lambda _: path(top), text)
    if not re.search(r"(?:^|[\s;&|(])(?:export\s+|local\s+)?direnv_layout_dir=", text, re.M):
        text = _LAYOUT.sub(lambda _: path(posixpath.join(here, ".direnv")), text)

    def tilde(match: re.Match[str]) -> str:
        if match[1] == "+":
            return path(here)
        if match[1] is None and where.home is not None:
            return path(where.home)
        return "$(unknown)"  # `~-`, `~user`, no home: the reader says it unread

    text = _TILDE.sub(tilde, text)  # first: bash expands it before `expand_path` runs

    def expand(match: re.Match[str]) -> str:
        name, base = _unquoted(match[1]), _unquoted(match[2] or ".")
        return path(posixpath.join(here, base, name))

    return _EXPAND.sub(expand, text)


def tree_path(path: str, tree: str) -> str:
    """`path` (absolute, or from the tree's top) from the tree's top when it is in the tree
    `tree`; else as given."""
    if not tree or not path.startswith("/"):
        return path
    if path == tree:
        return "."
    return path[len(tree) + 1 :] if path.startswith(f"{tree}/") else path


def _from(target: str, here: str, tree: str) -> str:
    """`target` (absolute) from the `.envrc`'s folder `here` when it is in `tree`: what the
    reader takes as a tree path; else absolute (outside the tree, read as such)."""
    if target == tree or target.startswith(f"{tree}/"):
        return posixpath.relpath(target, here)
    return target


def _unquoted(word: str) -> str:
    return word[1:-1] if len(word) > 1 and word[0] == word[-1] and word[0] in "'\"" else word
